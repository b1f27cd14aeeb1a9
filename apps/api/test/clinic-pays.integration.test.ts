import { and, eq, like } from 'drizzle-orm';
import { auditLog, orders, providerOrders, testGatewayCharges, users } from '@shop/db';
import { formatMoney } from '@shop/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, mailbox, paymentMethod, staffVisitor, Visitor, type TestShop } from './helpers.ts';
import { postgresTestMode } from './postgres.ts';
import { payLinkHelpers } from './provider-helpers.ts';

// The clinic pays its client's order with its saved card (docs/decisions/0047-clinic-pays.md),
// through the provider area's order route: charged once per order and per form key, the client's
// account and order made for them, the client told by e-mail with a link to choose a password,
// and every view of the client's without a price.
let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ env: { PUBLIC_URL: 'http://shop.test' } });
});
afterAll(() => shop.close());

const { newClinic, addClient, inviteAndJoin, clientPassword } = payLinkHelpers(() => shop);

async function saveCard(admin: Visitor, number = '4242 4242 4242 4242') {
  const saved = await admin.post('/api/providers/billing/card', { paymentMethod: await paymentMethod(admin, number) });
  expect(saved.statusCode, saved.body).toBe(200);
}

const chargesOf = async (orderId: string) =>
  shop.database.db
    .select()
    .from(testGatewayCharges)
    .where(like(testGatewayCharges.idempotencyKey, `clinic:${orderId}:%`));

async function shopOrderOf(providerOrderId: string) {
  const [row] = await shop.database.db
    .select({ order: orders })
    .from(providerOrders)
    .innerJoin(orders, eq(orders.cartId, providerOrders.cartId))
    .where(eq(providerOrders.id, providerOrderId));
  return row?.order;
}

/** The link in the client's latest e-mail from the clinic's paid order. */
async function clientLinkOf(email: string) {
  const mails = await mailbox(shop, email);
  const mail = mails.find((one) => one.template === 'provider-clinic-paid-order');
  if (!mail) throw new Error(`no clinic order e-mail among ${mails.map((one) => one.template).join(', ')}`);
  return { mail, token: decodeURIComponent(/checkout-practitioners\?token=([\w%-]+)/.exec(mail.text)![1]!) };
}

describe('an order the clinic pays', () => {
  it('is refused without a clinic card, and nothing is ordered', async () => {
    const { admin } = await newClinic();
    const client = await addClient(admin);
    const refused = await admin.post('/api/providers/orders', { clientId: client.id, items: ['test-1'], payer: 'clinic' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Your clinic has no card yet. An admin can add one in Settings, under Clinic card.');
    expect((await admin.get('/api/providers/orders')).json().orders).toEqual([]);
    const [account] = await shop.database.db.select().from(users).where(eq(users.email, client.email));
    expect(account).toBeUndefined();
  });

  it('is charged once to the clinic’s card, and the client gets their order, a password and no price', async () => {
    const { admin, clinicName } = await newClinic();
    await saveCard(admin);
    const practitioner = await inviteAndJoin(admin, 'practitioner');
    const client = await addClient(practitioner);
    const key = crypto.randomUUID();
    const send = () =>
      practitioner.post(
        '/api/providers/orders',
        { clientId: client.id, items: ['test-1', 'food-allergy'], payer: 'clinic' },
        { 'idempotency-key': key },
      );
    const placed = await send();
    expect(placed.statusCode, placed.body).toBe(201);
    const view = placed.json();
    expect(view).toMatchObject({ payer: 'clinic', state: 'paid', clientName: 'Maya Lopez' });
    expect(view.orderNumber).toEqual(expect.any(Number));
    // the same form sent again (a double click, a retry) finds the same order: one charge
    const again = await send();
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().id).toBe(view.id);
    // the same key for another client is a mistake, refused, and orders nothing
    const otherClient = await addClient(practitioner);
    const reused = await practitioner.post(
      '/api/providers/orders',
      { clientId: otherClient.id, items: ['test-1'], payer: 'clinic' },
      { 'idempotency-key': key },
    );
    expect(reused.statusCode).toBe(409);
    expect((await practitioner.get(`/api/providers/orders?clientId=${otherClient.id}`)).json().orders).toEqual([]);
    const order = await shopOrderOf(view.id);
    // paid, and on to the collection choice; the clinic paid the catalog's prices, which the dashboard showed
    expect(order).toMatchObject({ status: 'collection_pending', userId: expect.any(String) });
    expect(formatMoney(order!.totalCents)).toBe(view.total);
    const charges = await chargesOf(order!.id);
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ amountCents: order!.totalCents, offSession: true, status: 'succeeded' });

    // the client is told once, with the tests and who paid, and no price
    const { mail, token } = await clientLinkOf(client.email);
    expect(mail.subject).toBe(`${clinicName} ordered health tests for you`);
    expect(mail.text).toMatch(/food allergy/i);
    expect(mail.text).toContain('There is nothing for you to pay.');
    expect(mail.text).not.toMatch(/\$\d/);
    expect((await mailbox(shop, client.email)).filter((one) => one.template === 'provider-clinic-paid-order')).toHaveLength(1);
    // the member who ordered saw it paid at once: no "your client paid" e-mail
    const [orderedBy] = await shop.database.db.select().from(providerOrders).where(eq(providerOrders.id, view.id));
    expect(orderedBy!.clientToldAt).not.toBeNull();

    // the link shows the order without a price, and asks for a first password
    const visitor = new Visitor(shop.app);
    const opened = await visitor.post('/api/pay-links/open', { token });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ clinicName, paidByClinic: true, needsPassword: true, total: null, fee: null, state: 'paid' });
    expect(opened.json().items.every((item: { price: string | null }) => item.price === null)).toBe(true);
    const tooShort = await visitor.post('/api/pay-links/account', { token, password: 'short' });
    expect(tooShort.statusCode).toBe(400);
    const account = await visitor.post('/api/pay-links/account', { token, password: clientPassword });
    expect(account.statusCode, account.body).toBe(200);
    expect(account.json().user.email).toBe(client.email);
    // a password is chosen once: the link now signs in with it, and another cannot replace it
    const intruder = new Visitor(shop.app);
    expect((await intruder.post('/api/pay-links/account', { token, password: 'another-passw0rd!' })).statusCode).toBe(400);
    expect((await intruder.post('/api/pay-links/open', { token })).json().needsPassword).toBe(false);

    // the client's order pages say who paid, with no price and no card
    const detail = await visitor.get(`/api/orders/${opened.json().orderId}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json()).toMatchObject({ paidBy: clinicName, total: `Paid by ${clinicName}`, totalCents: 0, payments: [], fee: null });
    expect(detail.json().items.map((item: { unitPrice: string }) => item.unitPrice)).toEqual(['', '']);
    expect(JSON.stringify(detail.json())).not.toMatch(/\$\d/);
    const list = await visitor.get('/api/orders');
    expect(list.json().orders).toEqual([expect.objectContaining({ paidBy: clinicName, total: `Paid by ${clinicName}`, totalCents: 0 })]);
    // staff read the prices in the console
    const audits = await shop.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'provider.order_send'), eq(auditLog.subjectId, view.id)));
    expect(audits).toHaveLength(1);
  });

  it('sends the client its e-mail again when asked, with a new link; the old one stops working', async () => {
    const { admin } = await newClinic();
    await saveCard(admin);
    const practitioner = await inviteAndJoin(admin, 'practitioner');
    const client = await addClient(practitioner);
    const placed = (await practitioner.post('/api/providers/orders', { clientId: client.id, items: ['test-1'], payer: 'clinic' })).json();
    const first = await clientLinkOf(client.email);

    const sent = await practitioner.post(`/api/providers/orders/${placed.id}/client-email`, {});
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ id: placed.id, state: 'paid' });
    const mails = (await mailbox(shop, client.email)).filter((one) => one.template === 'provider-clinic-paid-order');
    expect(mails).toHaveLength(2);
    const token = decodeURIComponent(/checkout-practitioners\?token=([\w%-]+)/.exec(mails.at(-1)!.text)![1]!);
    expect(token).not.toBe(first.token);
    const visitor = new Visitor(shop.app);
    expect((await visitor.post('/api/pay-links/open', { token })).json()).toMatchObject({ paidByClinic: true, state: 'paid' });
    expect((await visitor.post('/api/pay-links/open', { token: first.token })).statusCode).toBe(404);
    const audits = await shop.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'provider.order_resend'), eq(auditLog.subjectId, placed.id)));
    expect(audits).toHaveLength(1);

    // another clinic's member cannot, nor can anyone for a pay link the client pays
    const other = await newClinic();
    expect((await other.admin.post(`/api/providers/orders/${placed.id}/client-email`, {})).statusCode).toBe(404);
    const payLink = (await practitioner.post('/api/providers/orders', { clientId: client.id, items: ['test-1'] })).json();
    const refused = await practitioner.post(`/api/providers/orders/${payLink.id}/client-email`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Your client pays this order through its link: send the link again instead.');
  });

  it('orders nothing when the card is declined, until an admin charges it again', async () => {
    // saved fine, declined when charged without its holder
    const { admin } = await newClinic();
    await saveCard(admin, '4000 0000 0000 0341');
    const client = await addClient(admin);
    const refused = await admin.post('/api/providers/orders', { clientId: client.id, items: ['test-1'], payer: 'clinic' });
    expect(refused.statusCode, refused.body).toBe(402);
    expect(refused.json().code).toBe('CLINIC_CARD_DECLINED');
    const [listed] = (await admin.get('/api/providers/orders')).json().orders;
    expect(listed).toMatchObject({ payer: 'clinic', state: 'card_declined' });
    const order = await shopOrderOf(listed.id);
    expect(order!.status).toBe('pending_payment');
    // the client hears nothing of an order that was not paid
    expect((await mailbox(shop, client.email)).map((one) => one.template)).not.toContain('provider-clinic-paid-order');
    // a pay link's actions mean nothing here
    expect((await admin.post(`/api/providers/orders/${listed.id}/mark-paid`, {})).statusCode).toBe(409);

    // the admin saves a good card and charges again: a new attempt, paid once
    await saveCard(admin);
    const charged = await admin.post(`/api/providers/orders/${listed.id}/charge`, {});
    expect(charged.statusCode, charged.body).toBe(200);
    expect(charged.json().state).toBe('paid');
    expect((await admin.post(`/api/providers/orders/${listed.id}/charge`, {})).json().state).toBe('paid');
    const charges = await chargesOf(order!.id);
    expect(charges.map((charge) => charge.status).sort()).toEqual(['declined', 'succeeded']);
    expect((await clientLinkOf(client.email)).token).toBeTruthy();
  });

  it('is charged again only by an admin, and a declined order can be cancelled', async () => {
    const { admin } = await newClinic();
    await saveCard(admin, '4000 0000 0000 0341');
    const practitioner = await inviteAndJoin(admin, 'practitioner');
    const client = await addClient(practitioner);
    expect((await practitioner.post('/api/providers/orders', { clientId: client.id, items: ['test-1'], payer: 'clinic' })).statusCode).toBe(
      402,
    );
    const [listed] = (await practitioner.get('/api/providers/orders')).json().orders;
    expect((await practitioner.post(`/api/providers/orders/${listed.id}/charge`, {})).statusCode).toBe(403);
    const other = await newClinic();
    expect((await other.admin.post(`/api/providers/orders/${listed.id}/charge`, {})).statusCode).toBe(404);
    const cancelled = await practitioner.post(`/api/providers/orders/${listed.id}/cancel`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().state).toBe('cancelled');
    expect((await admin.post(`/api/providers/orders/${listed.id}/charge`, {})).statusCode).toBe(409);
  });
});

describe('a clinician’s decline of an order the clinic paid', () => {
  it('refunds the clinic’s card in full, and the dashboard says refunded', async () => {
    const { admin } = await newClinic();
    await saveCard(admin);
    const client = await addClient(admin);
    const placed = await admin.post('/api/providers/orders', { clientId: client.id, items: ['test-1'], payer: 'clinic' });
    expect(placed.statusCode, placed.body).toBe(201);
    const { token } = await clientLinkOf(client.email);
    const visitor = new Visitor(shop.app);
    expect((await visitor.post('/api/pay-links/account', { token, password: clientPassword })).statusCode).toBe(200);
    const order = (await shopOrderOf(placed.json().id))!;
    const home = { method: 'home', fullName: 'Maya Lopez', shippingAddress: '1 Main St', city: 'Austin', zipCode: '78701' };
    expect((await visitor.post(`/api/orders/${order.id}/collection`, home)).statusCode).toBe(200);
    // what the clinic wrote of its client is offered, not asked again (sex the clinic does not record)
    expect((await visitor.get('/api/account/profile')).json().suggested).toEqual({
      fullName: 'Maya Lopez',
      dateOfBirth: '1985-06-01',
      state: 'CA',
    });
    const profile = { fullName: 'Maya Lopez', dateOfBirth: '1985-06-01', sex: 'female', state: 'CA', conditions: '', medications: '' };
    expect((await visitor.request({ method: 'PUT', url: '/api/account/profile', payload: profile })).statusCode).toBe(200);
    const clinician = await staffVisitor(shop, 'clinician');
    const declined = await clinician.post(`/api/admin/orders/${order.id}/decline`, { reason: 'Not suitable' });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().status).toBe('refunded');
    const [charge] = await chargesOf(order.id);
    expect(charge).toMatchObject({ refundedCents: order.totalCents });
    const [listed] = (await admin.get('/api/providers/orders')).json().orders;
    expect(listed).toMatchObject({ id: placed.json().id, state: 'paid', refunded: true });
    // the client reads that it was refunded, still without a price
    const detail = (await visitor.get(`/api/orders/${order.id}`)).json();
    expect(detail).toMatchObject({ status: 'refunded', total: expect.stringMatching(/^Paid by /) });
  });
});

describe.runIf(postgresTestMode())('an order the clinic pays, raced on PostgreSQL', () => {
  it('makes one order and one charge from 12 presses of the same form', async () => {
    const { admin } = await newClinic();
    await saveCard(admin);
    const client = await addClient(admin);
    const key = crypto.randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        admin.post('/api/providers/orders', { clientId: client.id, items: ['test-65'], payer: 'clinic' }, { 'idempotency-key': key }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(12).fill(201));
    expect(new Set(answers.map((answer) => answer.json().id)).size).toBe(1);
    const rows = await shop.database.db.select().from(providerOrders).where(eq(providerOrders.idempotencyKey, key));
    expect(rows).toHaveLength(1);
    const order = await shopOrderOf(rows[0]!.id);
    expect(await chargesOf(order!.id)).toHaveLength(1);
    // one account for the client, made by whichever press got there first
    expect(await shop.database.db.select().from(users).where(eq(users.email, client.email))).toHaveLength(1);
  });

  it('charges a declined order once when its admins press “charge again” together', async () => {
    const { admin } = await newClinic();
    await saveCard(admin, '4000 0000 0000 0341');
    const client = await addClient(admin);
    expect((await admin.post('/api/providers/orders', { clientId: client.id, items: ['test-66'], payer: 'clinic' })).statusCode).toBe(402);
    const [listed] = (await admin.get('/api/providers/orders')).json().orders;
    await saveCard(admin);
    const answers = await Promise.all(Array.from({ length: 10 }, () => admin.post(`/api/providers/orders/${listed.id}/charge`, {})));
    expect(answers.every((answer) => answer.statusCode === 200 && answer.json().state === 'paid')).toBe(true);
    const order = await shopOrderOf(listed.id);
    const charges = await chargesOf(order!.id);
    expect(charges.filter((charge) => charge.status === 'succeeded')).toHaveLength(1);
    const [paid] = await shop.database.db.select().from(orders).where(eq(orders.id, order!.id));
    expect(paid!.status).toBe('collection_pending');
  });
});
