import { and, eq, like, sql } from 'drizzle-orm';
import { auditLog, domainEvents, emailOutbox, jobs, orders, payments, providerOrders, testGatewayCharges } from '@shop/db';
import { providerOrderMessages } from '@shop/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, mailbox, paymentMethod, Visitor, shareWithClinic, type TestShop } from './helpers.ts';
import { payLinkHelpers } from './provider-helpers.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ env: { PUBLIC_URL: 'http://shop.test' } });
});
afterAll(() => shop.close());

const { clientPassword, newClinic, addClient, inviteAndJoin, payLinkOf, sendOrder, signedInClient, payLink } = payLinkHelpers(() => shop);

async function stateOf(member: Visitor, clientId: string, id: string) {
  const list = await member.get(`/api/providers/orders?clientId=${clientId}`);
  expect(list.statusCode, list.body).toBe(200);
  return (list.json().orders as Array<{ id: string; state: string; orderNumber: number | null; paidElsewhere: boolean }>).find(
    (order) => order.id === id,
  );
}

describe('a client-pay order', () => {
  it('e-mails the client a pay link that shows the clinic, tests and total, and pays once into an order of the shop', async () => {
    const { admin, clinicName } = await newClinic();
    const client = await addClient(admin);
    const sent = await sendOrder(admin, client.id);
    // the Cholesterol & Lipids Test at the starter test's price and the food allergy test
    expect(sent).toMatchObject({ state: 'sent', total: '$254.95' });
    const mail = (await mailbox(shop, client.email)).at(-1)!;
    expect(mail.subject).toBe(`${clinicName} ordered health tests for you`);
    expect(mail.text).toContain('Cholesterol & Lipids Test');
    const token = await payLinkOf(client.email);

    // at rest: the hash alone, and the outbox's copy is sealed
    const [row] = await shop.database.db.select().from(providerOrders).where(eq(providerOrders.id, sent.id));
    expect(row!.tokenHash).not.toContain(token);
    const stored = await shop.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, client.email));
    expect(JSON.stringify(stored)).not.toContain(token);

    const opened = await new Visitor(shop.app).post('/api/pay-links/open', { token });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({
      clinicName,
      email: client.email,
      items: [
        { title: 'Cholesterol & Lipids Test', price: '$79.95' },
        { title: expect.stringMatching(/allergy/i), price: '$175.00' },
      ],
      total: '$254.95',
      state: 'opened',
      refundNote: providerOrderMessages.declineRefund,
      message: null,
    });
    expect((await stateOf(admin, client.id, sent.id))?.state).toBe('opened');

    const payer = await signedInClient(token);
    const order = await payLink(payer, token);
    expect(order.total).toBe('$254.95');
    expect((await stateOf(admin, client.id, sent.id))?.orderNumber).toBe(order.number);
    expect((await stateOf(admin, client.id, sent.id))?.state).toBe('paid');
    // an ordinary order of the shop, in the client's account
    const mine = await payer.get(`/api/orders/${order.id}`);
    expect(mine.statusCode, mine.body).toBe(200);
    const events = await shop.database.db.select().from(domainEvents).where(eq(domainEvents.subjectId, sent.id));
    expect(events.map((event) => event.type)).toEqual(['provider_order.paid']);
    // paid once: the link now says so
    const again = await payer.post('/api/pay-links/pay', { token, paymentMethod: await paymentMethod(payer), consents: shareWithClinic });
    expect(again.statusCode).toBe(201);
    expect(again.json().order.id).toBe(order.id);
    const actions = await shop.database.db.select().from(auditLog).where(eq(auditLog.subjectId, sent.id));
    expect(actions.map((entry) => entry.action)).toContain('provider.order_send');
    // reading a client's orders is audited like reading the client
    const reads = await shop.database.db.select().from(auditLog).where(eq(auditLog.subjectId, client.id));
    expect(reads.map((entry) => entry.action)).toContain('provider.orders_list');
  });

  it('refuses an unknown test, an empty selection and another clinic’s client, and writes nothing', async () => {
    const { admin } = await newClinic();
    const other = await newClinic();
    const theirs = await addClient(other.admin);
    const mine = await addClient(admin);
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ clientId: mine.id, items: ['test-999'] }, 400, providerOrderMessages.unknownItem],
      [{ clientId: mine.id, items: ['base-quiz'] }, 400, providerOrderMessages.unknownItem],
      [{ clientId: mine.id, items: [] }, 400, providerOrderMessages.items],
      [{ clientId: mine.id }, 400, providerOrderMessages.items],
      [{ clientId: theirs.id, items: ['test-1'] }, 404, 'We could not find this client.'],
      [{ clientId: 'not-a-client', items: ['test-1'] }, 404, 'We could not find this client.'],
    ];
    for (const [body, status, message] of cases) {
      const response = await admin.post('/api/providers/orders', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json().message).toContain(message);
    }
    const written = await shop.database.db
      .select()
      .from(providerOrders)
      .where(sql`${providerOrders.clientId} in (${mine.id}, ${theirs.id})`);
    expect(written).toEqual([]);
    expect(await mailbox(shop, theirs.email)).toEqual([]);
  });

  it('a cancelled or expired link cannot be paid, with a clear message; a resend voids the old link', async () => {
    const { admin, adminEmail } = await newClinic();
    const client = await addClient(admin);
    const cancelled = await sendOrder(admin, client.id, ['test-53']);
    const cancelledToken = await payLinkOf(client.email);
    const payer = await signedInClient(cancelledToken);
    expect((await admin.post(`/api/providers/orders/${cancelled.id}/cancel`)).json().state).toBe('cancelled');
    const refused = await payer.post('/api/pay-links/pay', {
      token: cancelledToken,
      paymentMethod: await paymentMethod(payer),
      consents: shareWithClinic,
    });
    expect(refused.statusCode).toBe(410);
    expect(refused.json().message).toBe(providerOrderMessages.linkCancelled);
    expect((await new Visitor(shop.app).post('/api/pay-links/open', { token: cancelledToken })).json()).toMatchObject({
      state: 'cancelled',
      message: providerOrderMessages.linkCancelled,
    });
    // a cancelled order is closed: it is not resent, cancelled again or marked paid
    expect((await admin.post(`/api/providers/orders/${cancelled.id}/resend`)).statusCode).toBe(409);

    const expiring = await sendOrder(admin, client.id, ['base-complete']);
    const oldToken = await payLinkOf(client.email);
    const resent = await admin.post(`/api/providers/orders/${expiring.id}/resend`);
    expect(resent.statusCode, resent.body).toBe(200);
    const newToken = await payLinkOf(client.email);
    expect(newToken).not.toBe(oldToken);
    expect((await new Visitor(shop.app).post('/api/pay-links/open', { token: oldToken })).statusCode).toBe(404);
    await shop.database.db
      .update(providerOrders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(providerOrders.id, expiring.id));
    const late = await payer.post('/api/pay-links/pay', {
      token: newToken,
      paymentMethod: await paymentMethod(payer),
      consents: shareWithClinic,
    });
    expect(late.statusCode).toBe(410);
    expect(late.json().message).toBe(providerOrderMessages.linkExpired);
    expect((await stateOf(admin, client.id, expiring.id))?.state).toBe('expired');
    // the expiry job tells the member who sent it; the first link's job finds another link and stays quiet
    await shop.app.jobs.runDueJobs({ now: new Date(Date.now() + 15 * 24 * 3600 * 1000) });
    const told = (await mailbox(shop, adminEmail)).filter((mail) => mail.subject === 'Maya Lopez’s payment link expired');
    expect(told).toHaveLength(1);
    const placed = await shop.database.db.select().from(orders).where(eq(orders.email, client.email));
    expect(placed).toEqual([]);
    const actions = await shop.database.db.select().from(auditLog).where(eq(auditLog.subjectId, cancelled.id));
    expect(actions.map((entry) => entry.action)).toContain('provider.order_cancel');
  });

  it('marks a link paid elsewhere: closed as paid, no order of the shop, audited', async () => {
    const { admin } = await newClinic();
    const client = await addClient(admin);
    const sent = await sendOrder(admin, client.id, ['food-sensitivity']);
    const token = await payLinkOf(client.email);
    const marked = await admin.post(`/api/providers/orders/${sent.id}/mark-paid`);
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toMatchObject({ state: 'paid', paidElsewhere: true });
    const account = await new Visitor(shop.app).post('/api/pay-links/account', { token, password: clientPassword });
    expect(account.statusCode).toBe(409);
    expect(account.json().message).toBe(providerOrderMessages.linkPaid);
    expect(await shop.database.db.select().from(orders).where(eq(orders.email, client.email))).toEqual([]);
    const actions = await shop.database.db.select().from(auditLog).where(eq(auditLog.subjectId, sent.id));
    expect(actions.map((entry) => entry.action)).toContain('provider.order_mark_paid');
  });

  it('reminds the client after 2 and 6 days while unpaid, and not once paid', async () => {
    const { admin, clinicName } = await newClinic();
    const client = await addClient(admin);
    const sent = await sendOrder(admin, client.id, ['test-1']);
    const token = await payLinkOf(client.email);
    const due = () =>
      shop.database.db
        .update(jobs)
        .set({ runAt: new Date(Date.now() - 1000) })
        .where(
          and(
            eq(jobs.name, 'provider_order.remind'),
            like(jobs.singletonKey, `%:2`),
            sql`${jobs.payload}->>'providerOrderId' = ${sent.id}`,
          ),
        );
    await due();
    const reminded = await mailbox(shop, client.email);
    expect(reminded.map((mail) => mail.subject)).toEqual([
      `${clinicName} ordered health tests for you`,
      `Reminder: your tests from ${clinicName} are waiting`,
    ]);
    // the reminder carries the same link
    expect(await payLinkOf(client.email)).toBe(token);

    const payer = await signedInClient(token);
    expect(
      (await payer.post('/api/pay-links/pay', { token, paymentMethod: await paymentMethod(payer), consents: shareWithClinic })).statusCode,
    ).toBe(201);
    await shop.database.db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(and(eq(jobs.name, 'provider_order.remind'), sql`${jobs.payload}->>'providerOrderId' = ${sent.id}`));
    const after = await mailbox(shop, client.email);
    expect(after.filter((mail) => mail.subject.startsWith('Reminder'))).toHaveLength(1);
  });
});

describe('a clinic’s orders are its own', () => {
  it('another clinic’s member, a practitioner without the client and staff never read or act on them', async () => {
    const { admin } = await newClinic();
    const client = await addClient(admin);
    const sent = await sendOrder(admin, client.id, ['test-1']);
    const other = await newClinic();
    const practitioner = await inviteAndJoin(admin, 'practitioner');
    const staff = await inviteAndJoin(admin, 'staff');

    const otherList = await other.admin.get('/api/providers/orders');
    expect(otherList.json().orders).toEqual([]);
    expect((await other.admin.get(`/api/providers/orders?clientId=${client.id}`)).json().orders).toEqual([]);
    // a practitioner sees the clients assigned to them only
    expect((await practitioner.get('/api/providers/orders')).json().orders).toEqual([]);
    expect((await practitioner.post('/api/providers/orders', { clientId: client.id, items: ['test-1'] })).statusCode).toBe(404);
    for (const action of ['resend', 'cancel', 'mark-paid']) {
      expect((await other.admin.post(`/api/providers/orders/${sent.id}/${action}`)).statusCode, action).toBe(404);
      expect((await practitioner.post(`/api/providers/orders/${sent.id}/${action}`)).statusCode, action).toBe(404);
      // staff may not send or act on orders: they draft them (provider-drafts tests)
      expect((await staff.post(`/api/providers/orders/${sent.id}/${action}`)).statusCode, action).toBe(403);
    }
    expect((await staff.post('/api/providers/orders', { clientId: client.id, items: ['test-1'] })).statusCode).toBe(403);
    // charging the clinic's card again is for the clinic's own admins
    expect((await other.admin.post(`/api/providers/orders/${sent.id}/charge`)).statusCode).toBe(404);
    expect((await practitioner.post(`/api/providers/orders/${sent.id}/charge`)).statusCode).toBe(403);
    expect((await staff.post(`/api/providers/orders/${sent.id}/charge`)).statusCode).toBe(403);
    // a customer, and a visitor, are not in the area at all
    expect((await new Visitor(shop.app).get('/api/providers/orders')).statusCode).toBe(401);
    expect((await stateOf(admin, client.id, sent.id))?.state).toBe('sent');
  });
});

describe('a pay link pays once', () => {
  it('two tabs and double clicks, racing with a reminder: one order, one charge', async () => {
    const { admin } = await newClinic();
    const client = await addClient(admin);
    const sent = await sendOrder(admin, client.id, ['test-1', 'base-complete']);
    const token = await payLinkOf(client.email);
    const firstTab = await signedInClient(token);
    const method = await paymentMethod(firstTab);
    const keys = [crypto.randomUUID(), crypto.randomUUID()];
    await shop.database.db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(and(eq(jobs.name, 'provider_order.remind'), sql`${jobs.payload}->>'providerOrderId' = ${sent.id}`));
    const responses = await Promise.all([
      ...Array.from({ length: 20 }, (_, index) =>
        firstTab.post(
          '/api/pay-links/pay',
          { token, paymentMethod: method, consents: shareWithClinic },
          { 'idempotency-key': keys[index % 2]! },
        ),
      ),
      shop.app.jobs.runDueJobs(),
    ]);
    const answers = responses.slice(0, 20) as Awaited<ReturnType<Visitor['post']>>[];
    // every press, including one that waited on the link while its twin's payment committed, is
    // answered with the one order
    expect(answers.map((response) => response.statusCode)).toEqual(answers.map(() => 201));
    expect(new Set(answers.map((response) => response.json().order.id)).size).toBe(1);
    const placed = await shop.database.db.select().from(orders).where(eq(orders.email, client.email));
    expect(placed).toHaveLength(1);
    const attempts = await shop.database.db.select().from(payments).where(eq(payments.orderId, placed[0]!.id));
    expect(attempts.map((attempt) => attempt.status)).toEqual(['succeeded']);
    const charges = await shop.database.db
      .select()
      .from(testGatewayCharges)
      .where(like(testGatewayCharges.idempotencyKey, `checkout:${placed[0]!.id}:%`));
    expect(charges).toHaveLength(1);
    const [row] = await shop.database.db.select().from(providerOrders).where(eq(providerOrders.id, sent.id));
    expect(row).toMatchObject({ status: 'paid', orderId: placed[0]!.id });
  });
});

describe('the clinic hears that its client paid', () => {
  it('e-mails the member who sent the link, once per order, and nothing for a link marked paid elsewhere', async () => {
    const { admin, adminEmail, clinicName } = await newClinic();
    const practitioner = await inviteAndJoin(admin, 'practitioner');
    const practitionerEmail = (await practitioner.get('/api/providers/dashboard')).json().me.email as string;
    const client = await addClient(admin);
    // the practitioner sees every client of the clinic, so they can order for this one
    expect((await admin.request({ method: 'PUT', url: '/api/providers/settings', payload: { allClientsVisible: true } })).statusCode).toBe(
      200,
    );
    const sent = await sendOrder(practitioner, client.id);
    const token = await payLinkOf(client.email);
    const { number } = await payLink(await signedInClient(token), token);

    const told = (await mailbox(shop, practitionerEmail)).filter((mail) => mail.template === 'provider-pay-link-paid');
    expect(told).toHaveLength(1);
    expect(told[0]!.subject).toBe('Maya Lopez paid their tests');
    expect(told[0]!.text).toContain(`Maya Lopez paid the tests ${clinicName} ordered for them`);
    expect(told[0]!.text).toContain('$254.95');
    expect(told[0]!.text).toContain(`Their order ${number} is now in their account`);
    expect(told[0]!.text).toContain('http://shop.test/providers/dashboard');
    // the admin did not send it: not told
    expect((await mailbox(shop, adminEmail)).filter((mail) => mail.template === 'provider-pay-link-paid')).toEqual([]);

    // the same news recorded again (a replayed producer) does not e-mail twice
    const [event] = await shop.database.db.select().from(domainEvents).where(eq(domainEvents.subjectId, sent.id));
    await shop.database.db.transaction((tx) => shop.app.events.record(tx, 'provider_order.paid', event!.payload as never));
    expect((await mailbox(shop, practitionerEmail)).filter((mail) => mail.template === 'provider-pay-link-paid')).toHaveLength(1);

    // a link the clinic marks paid elsewhere was not paid through the shop: no one is told
    const other = await sendOrder(admin, client.id, ['test-1']);
    expect((await admin.post(`/api/providers/orders/${other.id}/mark-paid`)).statusCode).toBe(200);
    expect((await mailbox(shop, adminEmail)).filter((mail) => mail.template === 'provider-pay-link-paid')).toEqual([]);
  });

  it('tells the clinic’s admins when the member who sent the link has left it', async () => {
    const { admin, adminEmail } = await newClinic();
    const practitioner = await inviteAndJoin(admin, 'practitioner');
    const practitionerEmail = (await practitioner.get('/api/providers/dashboard')).json().me.email as string;
    const client = await addClient(admin);
    expect((await admin.request({ method: 'PUT', url: '/api/providers/settings', payload: { allClientsVisible: true } })).statusCode).toBe(
      200,
    );
    await sendOrder(practitioner, client.id, ['test-1']);
    const token = await payLinkOf(client.email);
    const team = (await admin.get('/api/providers/team')).json().members as Array<{ id: string; email: string }>;
    const leaving = team.find((member) => member.email === practitionerEmail)!;
    expect((await admin.post(`/api/providers/team/members/${leaving.id}/remove`)).statusCode).toBe(200);
    const payer = await signedInClient(token);
    const paid = await payer.post('/api/pay-links/pay', { token, paymentMethod: await paymentMethod(payer), consents: shareWithClinic });
    expect(paid.statusCode, paid.body).toBe(201);
    expect((await mailbox(shop, practitionerEmail)).filter((mail) => mail.template === 'provider-pay-link-paid')).toEqual([]);
    expect((await mailbox(shop, adminEmail)).filter((mail) => mail.template === 'provider-pay-link-paid')).toHaveLength(1);
  });
});
