import { and, eq, sql } from 'drizzle-orm';
import {
  auditLog,
  collectionChoices,
  domainEvents,
  labLocations,
  orderItems,
  orderKits,
  orders,
  programRetests,
  type OrderRow,
} from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueue } from '../src/jobs/queue.ts';
import { createDueRetests } from '../src/programs/retests.ts';
import { createTestShop, mailbox, staffVisitor, Visitor, type TestShop } from './helpers.ts';
import { orderWithSamples, salivaResults } from './results-helpers.ts';

const DAY = 86_400_000;

// The Improvement Program's two retests: real $0 orders of the starter test's kit, made by the
// hourly job in week 4 and week 8, shipped, registered and given results like any order; the
// member reads each retest beside the starter test, and the second retest's results complete the
// program. Several workers on the same day make each retest once.
describe('the program’s retests', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop({ env: { PUBLIC_URL: 'http://shop.test' } });
  });
  afterAll(() => shop.close());

  const db = () => shop.database.db;

  /** A member whose starter test (a home kit) has its results and whose program the worker charged. */
  async function memberWithProgram(collection: 'home' | 'lab' = 'home') {
    const { visitor, email, order } = await orderWithSamples(shop, { program: true });
    if (collection === 'home') {
      await db().insert(collectionChoices).values({
        orderId: order.id,
        method: 'home',
        fullName: 'Ada Lovelace',
        shippingAddress: '1 Main Street',
        city: 'Springfield',
        zipCode: '62701',
      });
    } else {
      const [lab] = await db().select().from(labLocations).limit(1);
      await db().insert(collectionChoices).values({ orderId: order.id, method: 'lab', zipCode: lab!.zipCode, labLocationId: lab!.id });
    }
    const clinician = await staffVisitor(shop, 'clinician');
    const entered = await clinician.post(`/api/admin/orders/${order.id}/results/daily-rhythm-saliva`, salivaResults);
    expect(entered.statusCode, entered.body).toBeLessThan(300);
    await shop.app.jobs.runDueJobs();
    const program = await orderOf(order.id);
    expect(program.status).toBe('program_active');
    return { visitor, email, program, clinician };
  }

  async function orderOf(id: string): Promise<OrderRow> {
    const [row] = await db().select().from(orders).where(eq(orders.id, id));
    return row!;
  }

  /** The hourly job, as the scheduler queues it, run by the worker on `at`. */
  async function runRetestsJob(at: Date) {
    await enqueue(db(), { name: 'program.retests', payload: {}, runAt: at, singletonKey: `program.retests:${crypto.randomUUID()}` });
    await shop.app.jobs.runDueJobs({ now: at, only: { name: 'program.retests', payload: {} } });
  }

  const retestsOf = (programOrderId: string) =>
    db().select().from(programRetests).where(eq(programRetests.programOrderId, programOrderId)).orderBy(programRetests.sequence);

  /** Ships, registers and receives the retest's kit, then enters `results`: the way every kit goes. */
  async function takeRetest(retestOrderId: string, visitor: Visitor, clinician: Visitor, cortisol: number) {
    const operator = await staffVisitor(shop, 'operator');
    const shipped = await operator.post(`/api/admin/orders/${retestOrderId}/kits/daily-rhythm-saliva/ship`, {
      trackingNumber: '1Z999AA10123456784',
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    const [kit] = await db().select().from(orderKits).where(eq(orderKits.orderId, retestOrderId));
    const registered = await visitor.post(`/api/orders/${retestOrderId}/kits/register`, { code: kit!.code });
    expect(registered.statusCode, registered.body).toBe(200);
    const received = await operator.post(`/api/admin/orders/${retestOrderId}/kits/daily-rhythm-saliva/sample-received`, {});
    expect(received.statusCode, received.body).toBe(200);
    const results = {
      results: [{ ...salivaResults.results[0]!, value: cortisol }],
    };
    const entered = await clinician.post(`/api/admin/orders/${retestOrderId}/results/daily-rhythm-saliva`, results);
    expect(entered.statusCode, entered.body).toBeLessThan(300);
    await shop.app.jobs.runDueJobs();
  }

  it('makes retest 1 in week 4 as a $0 order of the starter test’s kit, collected the same way, and moves the program on', async () => {
    const { visitor, email, program } = await memberWithProgram();
    const started = program.updatedAt.getTime();

    await runRetestsJob(new Date(started + 20 * DAY));
    expect(await retestsOf(program.id)).toEqual([]);

    await runRetestsJob(new Date(started + 21 * DAY));
    const [retest, ...others] = await retestsOf(program.id);
    expect(others).toEqual([]);
    expect(retest).toMatchObject({ sequence: 1 });
    const order = await orderOf(retest!.retestOrderId);
    expect(order).toMatchObject({ userId: program.userId, email, totalCents: 0, deferredCents: 0, status: 'kit_preparing' });
    expect(order.paidAt).not.toBeNull();
    const items = await db().select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(items.map((item) => [item.productCode, item.unitPriceCents, item.title])).toEqual([
      ['base-quiz', 0, expect.stringMatching(/: program retest 1$/)],
    ]);
    const kits = await db().select().from(orderKits).where(eq(orderKits.orderId, order.id));
    expect(kits.map((kit) => [kit.kitSlug, kit.status])).toEqual([['daily-rhythm-saliva', 'preparing']]);
    expect(kits[0]!.code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    const [choice] = await db().select().from(collectionChoices).where(eq(collectionChoices.orderId, order.id));
    expect(choice).toMatchObject({ method: 'home', fullName: 'Ada Lovelace', shippingAddress: '1 Main Street', zipCode: '62701' });
    expect((await orderOf(program.id)).status).toBe('retests');

    const [event] = await db()
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.type, 'program.retest_created'), eq(domainEvents.subjectId, program.id)));
    expect(event!.payload).toMatchObject({ retestOrderId: order.id, sequence: 1, week: 4, method: 'home' });
    const mails = await mailbox(shop, email);
    const made = mails.find((mail) => mail.template === 'program-retest-created');
    expect(made?.subject).toBe('Your program retest 1 is on its way');
    expect(made?.text).toContain(`http://shop.test/account/orders/${order.id}`);
    expect(made?.html).toContain('retest 1 of 2');
    // the retest is approved by the shop itself: its own e-mail says what comes, no approval e-mail besides
    expect(mails.filter((mail) => mail.template === 'order-approved')).toEqual([]);

    // the member sees it on their program page and their order page
    const view = (await visitor.get('/api/account/program/retests')).json();
    expect(view.retests).toEqual([
      expect.objectContaining({
        sequence: 1,
        week: 4,
        order: expect.objectContaining({ id: order.id, status: 'kit_preparing' }),
        resultsIn: false,
      }),
      expect.objectContaining({ sequence: 2, week: 8, order: null, resultsIn: false }),
    ]);
    expect(view.comparison).toEqual([]);
    expect((await visitor.get(`/api/orders/${order.id}`)).statusCode).toBe(200);
    expect((await visitor.get('/api/account/program')).statusCode).toBe(200);

    // the job again, the same day and later in the week: nothing more
    await runRetestsJob(new Date(started + 21 * DAY + 3_600_000));
    await runRetestsJob(new Date(started + 25 * DAY));
    expect(await retestsOf(program.id)).toHaveLength(1);
  });

  it('compares each retest with the starter test, and completes the program with the second retest’s results', async () => {
    const { visitor, email, program, clinician } = await memberWithProgram();
    const started = program.updatedAt.getTime();
    await runRetestsJob(new Date(started + 22 * DAY));
    const [first] = await retestsOf(program.id);
    await takeRetest(first!.retestOrderId, visitor, clinician, 1.0);
    expect((await orderOf(first!.retestOrderId)).status).toBe('results_ready');
    // a retest's results start no program and no charge
    expect((await orderOf(program.id)).status).toBe('retests');

    const reads = async () =>
      (await db().select().from(auditLog).where(eq(auditLog.action, 'results.read'))).filter(
        (row) => row.subjectId === program.id || row.subjectId === first!.retestOrderId,
      ).length;
    const before = await reads();
    const view = (await visitor.get('/api/account/program/retests')).json();
    expect(await reads()).toBe(before + 2);
    const cortisol = view.comparison.find((row: { biomarker: string }) => row.biomarker === 'cortisol');
    expect(cortisol.starter).toMatchObject({ value: 1.4, unit: 'ng/mL' });
    expect(cortisol.retests).toEqual([
      expect.objectContaining({
        sequence: 1,
        measurement: expect.objectContaining({ value: 1 }),
        change: expect.objectContaining({ direction: 'down' }),
      }),
    ]);
    expect(cortisol.retests[0].change.display).toMatch(/^Down 0\.4\d* ng\/mL since your starter test$/);

    // week 8: the second retest, then its results complete the program
    await runRetestsJob(new Date(started + 50 * DAY));
    const [, second] = await retestsOf(program.id);
    expect(second).toMatchObject({ sequence: 2 });
    await takeRetest(second!.retestOrderId, visitor, clinician, 0.8);
    expect((await orderOf(program.id)).status).toBe('completed');
    const completed = (await mailbox(shop, email)).filter((mail) => mail.template === 'program-completed');
    expect(completed).toHaveLength(1);
    expect(completed[0]!.text).toContain('http://shop.test/account/program');
    // no health data in the program's e-mails
    for (const mail of (await mailbox(shop, email)).filter((row) => row.template?.startsWith('program-'))) {
      expect(mail.text).not.toMatch(/ng\/mL|cortisol/i);
    }
    const final = (await visitor.get('/api/account/program/retests')).json();
    expect(final.program.status).toBe('completed');
    expect(final.comparison.find((row: { biomarker: string }) => row.biomarker === 'cortisol').retests).toHaveLength(2);
    // the completed program's page stays readable
    expect((await visitor.get('/api/account/program')).statusCode).toBe(200);
  });

  it('sends a partner-lab program’s retest to the lab, as the shop does for lab orders', async () => {
    const { program } = await memberWithProgram('lab');
    await runRetestsJob(new Date(program.updatedAt.getTime() + 21 * DAY));
    const [retest] = await retestsOf(program.id);
    const order = await orderOf(retest!.retestOrderId);
    expect(order.status).toBe('lab_order_sent');
    const kits = await db().select().from(orderKits).where(eq(orderKits.orderId, order.id));
    expect(kits.map((kit) => kit.status)).toEqual(['lab_order_sent']);
    const [choice] = await db().select().from(collectionChoices).where(eq(collectionChoices.orderId, order.id));
    expect(choice).toMatchObject({ method: 'lab', labLocationId: expect.any(String) });
  });

  it('shows nobody else the retests or their comparison', async () => {
    const { visitor, program, clinician } = await memberWithProgram();
    await runRetestsJob(new Date(program.updatedAt.getTime() + 21 * DAY));
    const [retest] = await retestsOf(program.id);
    await takeRetest(retest!.retestOrderId, visitor, clinician, 1.1);

    const { visitor: stranger } = await orderWithSamples(shop);
    expect((await stranger.get('/api/account/program/retests')).statusCode).toBe(404);
    expect((await stranger.get(`/api/orders/${retest!.retestOrderId}`)).statusCode).toBe(404);
    expect((await stranger.get(`/api/orders/${retest!.retestOrderId}/results`)).statusCode).toBe(404);
    expect((await new Visitor(shop.app).get('/api/account/program/retests')).statusCode).toBe(401);
    // the test clock is not mounted outside the browser tests
    expect((await visitor.post('/api/test-clock/program/retests', { at: new Date().toISOString() })).statusCode).toBe(404);
  });

  it('makes each retest once when several workers run on the same day', async () => {
    const { program } = await memberWithProgram();
    const week8 = new Date(program.updatedAt.getTime() + 49 * DAY);
    const deps = { db: db(), events: shop.app.events };
    const made = await Promise.all(Array.from({ length: 8 }, () => createDueRetests(deps, week8)));
    // every run may make retests of other tests' programs too: count this program's
    const rows = await retestsOf(program.id);
    expect(rows.map((row) => row.sequence)).toEqual([1, 2]);
    expect(made.reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(2);
    const [{ count } = { count: -1 }] = await db()
      .select({ count: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.userId, program.userId));
    // the starter order and its two retests, nothing more
    expect(Number(count)).toBe(3);
    expect((await orderOf(program.id)).status).toBe('retests');
    const created = await db()
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.type, 'program.retest_created'), eq(domainEvents.subjectId, program.id)));
    expect(created).toHaveLength(2);
  });
});
