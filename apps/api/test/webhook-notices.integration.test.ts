import { and, eq } from 'drizzle-orm';
import { clinics, clinicWebhookDeliveries, clinicWebhookEndpoints, emailOutbox, operatorNotices, users } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueue } from '../src/jobs/queue.ts';
import { createTestShop, signUpClinic, staffVisitor, type TestShop, type Visitor } from './helpers.ts';

const hour = 3600 * 1000;
const day = 24 * hour;

// A clinic's webhook endpoint that fails for a day raises an operator notice: on the console's
// jobs page and in an e-mail to each operator, once for the spell; delivering again closes it,
// and the next spell is told again.
describe('clinic webhook endpoints failing for a day', () => {
  let shop: TestShop;
  let operator: Visitor;
  beforeAll(async () => {
    shop = await createTestShop({ env: { PUBLIC_URL: 'http://shop.test' } });
    operator = await staffVisitor(shop, 'operator');
  });
  afterAll(() => shop.close());

  const db = () => shop.database.db;
  let runs = 0;
  /** the hourly look, at `now` */
  const look = async (now = new Date()) => {
    runs += 1;
    // due at `now` itself: queued a moment after it, the job would wait past this drain
    await enqueue(db(), { name: 'provider_webhook.failing', payload: {}, runAt: now, singletonKey: `test-look:${runs}` });
    await shop.app.jobs.runDueJobs({ now });
  };
  const notices = async () => (await operator.get('/api/admin/jobs')).json().notices as { kind: string; message: string }[];
  const operatorMail = async () => {
    const rows = await db()
      .select({ to: emailOutbox.toAddress, subject: emailOutbox.subject })
      .from(emailOutbox)
      .where(eq(emailOutbox.template, 'operator-webhook-failing'));
    return rows;
  };
  const delivery = (endpointId: string, clinicId: string, status: string, createdAt: Date) => ({
    clinicId,
    endpointId,
    eventId: crypto.randomUUID(),
    type: 'provider_order.paid',
    payload: {},
    status,
    attempts: status === 'delivered' ? 1 : 7,
    createdAt,
    deliveredAt: status === 'delivered' ? createdAt : null,
  });

  it('tells the operators once per spell, and again for the next spell', async () => {
    await signUpClinic(shop.app, {
      clinicName: 'Harbor Wellness',
      name: 'Dr. Lee',
      email: 'lee@harbor.example',
      password: 'Clinic-passw0rd!',
    });
    const [clinic] = await db().select().from(clinics).where(eq(clinics.name, 'Harbor Wellness'));
    const [endpoint] = await db()
      .insert(clinicWebhookEndpoints)
      .values({ clinicId: clinic!.id, url: 'https://harbor.example/hooks', secretSealed: 'sealed', secretHint: 'whsec_ab' })
      .returning();
    const now = Date.now();
    await db()
      .insert(clinicWebhookDeliveries)
      .values([
        delivery(endpoint!.id, clinic!.id, 'delivered', new Date(now - 3 * day)),
        delivery(endpoint!.id, clinic!.id, 'failed', new Date(now - 25 * hour)),
        delivery(endpoint!.id, clinic!.id, 'retrying', new Date(now - 2 * hour)),
      ]);
    const operators = (await db().select({ email: users.email }).from(users).where(eq(users.role, 'operator'))).map((row) => row.email);

    await look();
    await look();
    expect(await notices()).toEqual([
      expect.objectContaining({
        kind: 'webhook_endpoint_failing',
        message: expect.stringMatching(
          /^Webhooks to Harbor Wellness \(https:\/\/harbor\.example\/hooks\) have failed since .* UTC: 2 deliveries not delivered\.$/,
        ),
      }),
    ]);
    const told = await operatorMail();
    expect(told.map((mail) => mail.to).sort()).toEqual([...operators].sort());
    expect(told[0]!.subject).toBe('Webhooks to Harbor Wellness have failed for a day');

    // it delivers again: the spell is over
    await db()
      .update(clinicWebhookDeliveries)
      .set({ status: 'delivered', deliveredAt: new Date() })
      .where(and(eq(clinicWebhookDeliveries.endpointId, endpoint!.id), eq(clinicWebhookDeliveries.status, 'retrying')));
    await look();
    expect(await notices()).toEqual([]);

    // a new spell: not told before it is a day old, then told once more
    await db()
      .insert(clinicWebhookDeliveries)
      .values(delivery(endpoint!.id, clinic!.id, 'retrying', new Date(Date.now() + 1000)));
    await look(new Date(Date.now() + 2 * hour));
    expect(await notices()).toEqual([]);
    await look(new Date(Date.now() + day + hour));
    expect(await notices()).toHaveLength(1);
    expect(await operatorMail()).toHaveLength(2 * operators.length);
    const rows = await db().select().from(operatorNotices).where(eq(operatorNotices.subjectId, endpoint!.id));
    expect(rows.map((row) => row.closedAt === null).sort()).toEqual([false, true]);

    // a removed endpoint is no one's trouble
    await db().update(clinicWebhookEndpoints).set({ removedAt: new Date() }).where(eq(clinicWebhookEndpoints.id, endpoint!.id));
    await look(new Date(Date.now() + day + 2 * hour));
    expect(await notices()).toEqual([]);
  });
});
