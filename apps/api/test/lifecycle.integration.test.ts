import { and, eq } from 'drizzle-orm';
import { auditLog, domainEventHandlings, domainEvents, jobs, labLocations, orderKits, payments } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, customerWithCart, mailbox, staffVisitor, Visitor, type TestShop, placeOrder } from './helpers.ts';

let shop: TestShop;
let operator: Visitor;
let clinician: Visitor;
beforeAll(async () => {
  shop = await createTestShop();
  operator = await staffVisitor(shop, 'operator');
  clinician = await staffVisitor(shop, 'clinician');
});
afterAll(() => shop.close());

const home = { method: 'home', fullName: 'Ann Lee', shippingAddress: '1 Main St', city: 'Austin', zipCode: '78701' };
const profile = { fullName: 'Ann Lee', dateOfBirth: '1990-04-12', sex: 'female', state: 'TX', conditions: '', medications: '' };

async function paidOrder(): Promise<{ customer: Visitor; id: string; number: number }> {
  const customer = await customerWithCart(shop.app);
  const placed = await placeOrder(customer);
  expect(placed.statusCode, placed.body).toBe(201);
  return { customer, id: placed.json().order.id, number: placed.json().order.number };
}

async function awaitingApproval(collection: object = home) {
  const order = await paidOrder();
  const chosen = await order.customer.post(`/api/orders/${order.id}/collection`, collection);
  expect(chosen.statusCode, chosen.body).toBe(200);
  const saved = await order.customer.request({ method: 'PUT', url: '/api/account/profile', payload: profile });
  expect(saved.statusCode, saved.body).toBe(200);
  return order;
}

const actionsOf = (body: { actions: Array<{ action: string; kitSlug?: string }> }) =>
  body.actions.map((action) => action.action + (action.kitSlug ? `:${action.kitSlug}` : ''));

describe('the order console', () => {
  it('walks an order from payment to its sample received', async () => {
    const { customer, id, number } = await awaitingApproval();
    expect((await customer.get(`/api/orders/${id}`)).json().nextStep.kind).toBe('wait_for_approval');

    const found = await operator.get(`/api/admin/orders?q=${number}`);
    expect(found.json()).toMatchObject({ total: 1, orders: [{ id, status: 'approval_pending' }] });
    const filtered = await operator.get('/api/admin/orders?status=approval_pending');
    expect(filtered.json().orders.map((order: { id: string }) => order.id)).toContain(id);

    const before = await clinician.get(`/api/admin/orders/${id}`);
    expect(actionsOf(before.json())).toEqual(['approve', 'decline', 'refund', 'cancel', 'resend_email']);

    const approved = await clinician.post(`/api/admin/orders/${id}/approve`, { reason: 'Profile reviewed' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'kit_preparing', kits: [{ kitSlug: 'daily-rhythm-saliva', status: 'preparing' }] });
    expect(actionsOf(approved.json())).toContain('ship:daily-rhythm-saliva');
    const code = approved.json().kits[0].code as string;
    expect(code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);

    const noTracking = await operator.post(`/api/admin/orders/${id}/kits/daily-rhythm-saliva/ship`, { trackingNumber: '' });
    expect(noTracking.statusCode).toBe(400);
    const shipped = await operator.post(`/api/admin/orders/${id}/kits/daily-rhythm-saliva/ship`, { trackingNumber: '1Z999AA10123456784' });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json()).toMatchObject({ status: 'kit_shipped', kits: [{ status: 'shipped', trackingNumber: '1Z999AA10123456784' }] });

    const mine = (await customer.get(`/api/orders/${id}`)).json();
    expect(mine.nextStep.kind).toBe('register_kit');
    expect(mine.kits[0]).not.toHaveProperty('code');

    const wrong = await customer.post(`/api/orders/${id}/kits/register`, { code: 'ZZZZ-9999' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('KIT_CODE_UNKNOWN');
    const registered = await customer.post(`/api/orders/${id}/kits/register`, { code: code.toLowerCase().replace('-', '') });
    expect(registered.statusCode, registered.body).toBe(200);
    expect(registered.json().kits[0].status).toBe('registered');

    const received = await operator.post(`/api/admin/orders/${id}/kits/daily-rhythm-saliva/sample-received`, {});
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json()).toMatchObject({ status: 'sample_received', kits: [{ status: 'sample_received' }] });
    expect(received.json().timeline.map((step: { event: string }) => step.event)).toEqual(
      expect.arrayContaining(['clinician_approved', 'kit_shipped', 'kit_registered', 'sample_received']),
    );

    // what staff did to the order; their reads of it are lines of their own (decision 0073)
    const audits = await shop.database.db.select().from(auditLog).where(eq(auditLog.subjectId, id));
    expect(
      audits
        .map((row) => row.action)
        .filter((action) => !action.endsWith('.read'))
        .sort(),
    ).toEqual(['order.approve', 'order.sample_received', 'order.ship']);
    expect(audits.some((row) => row.action.endsWith('.read') && row.actorRole !== null)).toBe(true);
    const emails = await shop.database.db.select().from(jobs).where(eq(jobs.name, 'email.send'));
    const subjects = emails.map((job) => (job.payload as { subject: string }).subject);
    expect(subjects).toEqual(expect.arrayContaining(['Your Daily rhythm saliva kit is on its way', 'The lab has received your sample']));
  });

  it('holds a sample that arrives before its kit is registered, and releases it on registration', async () => {
    const { customer, id } = await awaitingApproval();
    await clinician.post(`/api/admin/orders/${id}/approve`, {});
    await operator.post(`/api/admin/orders/${id}/kits/daily-rhythm-saliva/ship`, { trackingNumber: '9400100000000000000000' });
    const held = await operator.post(`/api/admin/orders/${id}/kits/daily-rhythm-saliva/sample-received`, {});
    expect(held.json()).toMatchObject({ status: 'kit_shipped', kits: [{ status: 'sample_held' }] });
    const [kit] = await shop.database.db.select().from(orderKits).where(eq(orderKits.orderId, id));
    const released = await customer.post(`/api/orders/${id}/kits/register`, { code: kit!.code });
    expect(released.json()).toMatchObject({ status: 'sample_received', kits: [{ status: 'sample_received' }] });
  });

  it('refuses moves the state machines do not allow with a 409', async () => {
    const { customer, id } = await awaitingApproval();
    const early = await operator.post(`/api/admin/orders/${id}/kits/daily-rhythm-saliva/ship`, { trackingNumber: '1Z999AA10123456784' });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('An order that is approval pending has no kit to ship.');
    const again = await customer.post(`/api/orders/${id}/collection`, home);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('COLLECTION_ALREADY_CHOSEN');
    await clinician.post(`/api/admin/orders/${id}/approve`, {});
    const twice = await clinician.post(`/api/admin/orders/${id}/approve`, {});
    expect(twice.statusCode).toBe(409);
  });

  it('lets each role do only its own actions', async () => {
    const { customer, id } = await awaitingApproval();
    expect((await customer.get('/api/admin/orders')).statusCode).toBe(403);
    expect((await customer.post(`/api/admin/orders/${id}/approve`, {})).statusCode).toBe(403);
    expect((await operator.post(`/api/admin/orders/${id}/approve`, {})).statusCode).toBe(403);
    const support = await staffVisitor(shop, 'support');
    expect((await support.post(`/api/admin/orders/${id}/refund`, {})).statusCode).toBe(403);
    const resent = await support.post(`/api/admin/orders/${id}/resend-email`, {});
    expect(resent.statusCode, resent.body).toBe(200);
    const other = await paidOrder();
    expect((await other.customer.get(`/api/orders/${id}`)).statusCode).toBe(404);
    expect((await other.customer.post(`/api/orders/${id}/kits/register`, { code: 'ABCD-2345' })).statusCode).toBe(404);
  });

  it('refunds a declined order once', async () => {
    const { id } = await awaitingApproval();
    const declined = await clinician.post(`/api/admin/orders/${id}/decline`, { reason: 'Not suitable' });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().status).toBe('refunded');
    const [payment] = await shop.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, id), eq(payments.status, 'succeeded')));
    expect(payment?.refundedCents).toBe(payment?.amountCents);
    const again = await operator.post(`/api/admin/orders/${id}/refund`, {});
    expect(again.statusCode).toBe(409);
    const racing = await awaitingApproval();
    const results = await Promise.all([
      operator.post(`/api/admin/orders/${racing.id}/refund`, {}),
      operator.post(`/api/admin/orders/${racing.id}/refund`, {}),
    ]);
    expect(results.map((result) => result.statusCode).sort()).toEqual([200, 409]);
  });
});

describe('the approval e-mail', () => {
  const approvalMails = async (customer: Visitor, id: string) => {
    const email: string = (await customer.get(`/api/orders/${id}`)).json().email;
    return (await mailbox(shop, email)).filter((mail) => mail.template === 'order-approved');
  };

  it('tells a home kit’s member that the order is approved and the kit ships, once even when its handler runs again', async () => {
    const { customer, id, number } = await awaitingApproval();
    expect((await clinician.post(`/api/admin/orders/${id}/approve`, {})).statusCode).toBe(200);
    const [mail, ...others] = await approvalMails(customer, id);
    expect(others).toEqual([]);
    expect(mail).toMatchObject({ subject: `Your order #${number} is approved` });
    expect(mail!.text).toContain('We are preparing your kit and will e-mail you its tracking number when it ships.');
    expect(mail!.text).toContain(`Follow my order: ${shop.app.config.PUBLIC_URL}/account/orders/${id}`);

    // the event was recorded with the approval; given again to its handler (a replay after its record was lost), no second e-mail
    const [event] = await shop.database.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.type, 'order.approved'), eq(domainEvents.subjectId, id)));
    expect(event!.payload).toEqual({ orderId: id, number, email: mail!.toAddress, method: 'home', actor: expect.any(String) });
    expect(await shop.app.events.replay(shop.database.db, event!.id)).toEqual([]);
    await shop.database.db
      .delete(domainEventHandlings)
      .where(and(eq(domainEventHandlings.eventId, event!.id), eq(domainEventHandlings.handler, 'orders.tell-member-approved')));
    expect(await shop.app.events.replay(shop.database.db, event!.id)).toEqual(['orders.tell-member-approved']);
    expect(await approvalMails(customer, id)).toHaveLength(1);
  });

  it('names the partner lab the member chose, with its address', async () => {
    const { customer, id } = await awaitingApproval({ method: 'lab', zipCode: '78701', labLocationId: 'lab-austin-downtown' });
    const approved = await clinician.post(`/api/admin/orders/${id}/approve`, {});
    expect(approved.json()).toMatchObject({ status: 'lab_order_sent' });
    const [lab] = await shop.database.db.select().from(labLocations).where(eq(labLocations.id, 'lab-austin-downtown'));
    const [mail, ...others] = await approvalMails(customer, id);
    expect(others).toEqual([]);
    expect(mail!.text).toContain(
      `We are sending your lab order to the partner lab you chose (within 2 business days): ${lab!.name}, ${lab!.address}, ${lab!.city}, ${lab!.state} ${lab!.zipCode}.`,
    );
    expect(mail!.text).not.toContain('preparing your kit');
  });

  it('is not sent for an order that is not approved', async () => {
    const { customer, id } = await awaitingApproval();
    expect((await clinician.post(`/api/admin/orders/${id}/decline`, { reason: 'Not suitable' })).statusCode).toBe(200);
    expect(await approvalMails(customer, id)).toEqual([]);
  });
});

describe('customers and leads', () => {
  it('lists customers with their order count', async () => {
    const { customer } = await paidOrder();
    const email = (await customer.get('/api/auth/get-session')).json().user.email as string;
    const listed = await operator.get(`/api/admin/customers?q=${encodeURIComponent(email)}`);
    expect(listed.json()).toMatchObject({ total: 1, customers: [{ email, orderCount: 1 }] });
  });

  it('exports leads as CSV that a spreadsheet cannot run', async () => {
    const visitor = new Visitor(shop.app);
    const sent = await visitor.post('/api/leads/providers-contact', {
      firstName: '=cmd|calc',
      lastName: 'Smith, "Jr"',
      email: 'lead.csv@example.com',
    });
    expect(sent.statusCode, sent.body).toBeLessThan(300);
    const listed = await operator.get('/api/admin/leads?q=lead.csv');
    expect(listed.json().total).toBe(1);
    const csv = await operator.get('/api/admin/leads.csv?q=lead.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain(`'=cmd|calc`);
    expect(csv.body).toContain('"Smith, ""Jr"""');
  });
});
