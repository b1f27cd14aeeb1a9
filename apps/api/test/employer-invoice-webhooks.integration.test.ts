import { and, eq } from 'drizzle-orm';
import { auditLog, employerInvoices, paymentEvents } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripeInvoicing } from '../src/billing/stripe-invoicing.ts';
import { runInvoices } from '../src/employers/invoices.ts';
import { createStripeGateway } from '../src/payments/stripe/gateway.ts';
import { employerHelpers, monthsLater } from './employer-helpers.ts';
import { createTestShop, staffVisitor, type TestShop, type Visitor } from './helpers.ts';
import { startStripeFake, type StripeFake } from './stripe-fake.ts';
import { configFor, deliverStripeEvent, webhookSecret } from './stripe-fixtures.ts';

// An employer's monthly invoice issued on Stripe Invoicing is paid (or voided) there: Stripe's
// signed `invoice.paid` / `invoice.voided` webhook moves the shop's invoice once, found by the
// Stripe invoice id the issue kept; a replay, two deliveries at once or a stale event after it
// change nothing, and a paid invoice never goes back.
let shop: TestShop;
let operator: Visitor;
let fake: StripeFake;
beforeAll(async () => {
  fake = await startStripeFake();
  // INVOICING=stripe on the fake, and the browser tests' clock mounted: both issue through Stripe
  shop = await createTestShop({
    payments: () => createStripeGateway(configFor(fake.url)),
    env: {
      INVOICING: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_shop',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_shop',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_URL: fake.url,
      SHOP_TEST_CLOCK: '1',
    },
  });
  operator = await staffVisitor(shop, 'operator');
});
afterAll(async () => {
  await shop.close();
  await fake.close();
});

const db = () => shop.database.db;
const invoicing = () => createStripeInvoicing({ secretKey: 'sk_test_shop', apiUrl: fake.url, maxNetworkRetries: 0 });
const { codedGroup, coveredOrders, employerAdmin } = employerHelpers(
  () => shop,
  () => operator,
);

/** A group with five covered orders (fewer are carried, decision 0057), invoiced on Stripe for this month: its invoice row, open. */
async function issuedOnStripe(slug: string) {
  const group = await codedGroup(slug, null, 5);
  await coveredOrders(group, 5);
  await runInvoices({ db: db(), events: shop.app.events }, invoicing(), monthsLater(1), { groupId: group.id });
  const [invoice] = await db().select().from(employerInvoices).where(eq(employerInvoices.groupId, group.id));
  expect(invoice).toMatchObject({ status: 'open', issuer: 'stripe' });
  return { group, invoice: invoice! };
}

const stored = async (id: string) => (await db().select().from(employerInvoices).where(eq(employerInvoices.id, id)))[0]!;
const eventOf = (type: string, invoiceId: string) =>
  fake.ledger.events.find((event) => event.type === type && (event.data.object as { id: string }).id === invoiceId)!;

const deliver = (event: unknown, secret?: string) => deliverStripeEvent(shop.app, event, secret);

describe('Stripe Invoicing’s webhooks settle employer invoices', () => {
  it('marks the invoice paid once, when Stripe delivers invoice.paid twice at once and again later', async () => {
    const { group, invoice } = await issuedOnStripe('stripe-paid');
    fake.settleInvoice(invoice.reference!, 'paid');
    const paid = eventOf('invoice.paid', invoice.reference!);

    const deliveries = await Promise.all([deliver(paid), deliver(paid)]);
    expect(deliveries.map((response) => response.statusCode)).toEqual([200, 200]);
    expect(deliveries.map((response) => response.json().result).sort()).toEqual(['applied', 'duplicate']);
    const settled = await stored(invoice.id);
    expect(settled.status).toBe('paid');
    expect(settled.paidAt?.getTime()).toBe(
      (paid.data.object as { status_transitions: { paid_at: number } }).status_transitions.paid_at * 1000,
    );
    expect((await deliver(paid)).json().result).toBe('duplicate');
    expect(await db().select().from(paymentEvents).where(eq(paymentEvents.id, paid.id))).toHaveLength(1);
    const audited = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, invoice.id), eq(auditLog.action, 'employer_invoice.paid_at_issuer')));
    expect(audited).toHaveLength(1);

    // the portal and the console show it paid; the operator has nothing left to mark
    const listed = await operator.get(`/api/admin/employers/${group.id}/invoices`);
    expect(listed.json().invoices).toEqual([expect.objectContaining({ id: invoice.id, status: 'paid' })]);
    const marked = await operator.post(`/api/admin/employers/${group.id}/invoices/${invoice.id}/status`, { status: 'void' });
    expect(marked.statusCode).toBe(409);
    expect(marked.json().code).toBe('INVOICE_NOT_OPEN');

    // an older void of the same invoice delivered late (another event id) does not undo the payment
    const late = { ...paid, id: `${paid.id}_late_void`, type: 'invoice.voided' };
    expect((await deliver(late)).json().result).toBe('applied');
    expect(await stored(invoice.id)).toMatchObject({ status: 'paid', voidedAt: null });
  });

  it('voids the invoice once, and a payment that arrives after a void still makes it paid, never open', async () => {
    const { invoice } = await issuedOnStripe('stripe-void');
    fake.settleInvoice(invoice.reference!, 'void');
    const voided = eventOf('invoice.voided', invoice.reference!);
    expect((await deliver(voided)).json().result).toBe('applied');
    expect(await stored(invoice.id)).toMatchObject({ status: 'void', paidAt: null });
    expect((await deliver(voided)).json().result).toBe('duplicate');
    expect((await stored(invoice.id)).status).toBe('void');

    // out of order: the money came in at Stripe before the void was known here
    const paidLate = { ...voided, id: `${voided.id}_late_paid`, type: 'invoice.paid' };
    expect((await deliver(paidLate)).json().result).toBe('applied');
    expect((await stored(invoice.id)).status).toBe('paid');
    const voidAgain = { ...voided, id: `${voided.id}_again` };
    expect((await deliver(voidAgain)).json().result).toBe('applied');
    expect((await stored(invoice.id)).status).toBe('paid');
  });

  it('refuses an event whose signature does not hold, and acknowledges one about an invoice that is not the shop’s', async () => {
    const { invoice } = await issuedOnStripe('stripe-forged');
    fake.settleInvoice(invoice.reference!, 'paid');
    const paid = eventOf('invoice.paid', invoice.reference!);

    const forged = await deliver(paid, 'whsec_someone_else');
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('WEBHOOK_SIGNATURE');
    expect((await stored(invoice.id)).status).toBe('open');

    const stranger = { ...paid, id: `${paid.id}_stranger`, data: { object: { ...(paid.data.object as object), id: 'in_not_ours' } } };
    expect((await deliver(stranger)).statusCode).toBe(200);
    expect((await stored(invoice.id)).status).toBe('open');

    expect((await deliver(paid)).json().result).toBe('applied');
    expect((await stored(invoice.id)).status).toBe('paid');
  });

  it('refuses invoice.paid that arrives before the issue wrote down Stripe’s answer, and applies its next delivery', async () => {
    const { invoice } = await issuedOnStripe('stripe-early');
    // the last step not written yet: the invoice still a draft, without Stripe's reference
    await db()
      .update(employerInvoices)
      .set({ status: 'draft', issuer: null, reference: null, issuedAt: null })
      .where(eq(employerInvoices.id, invoice.id));
    fake.settleInvoice(invoice.reference!, 'paid');
    const paid = eventOf('invoice.paid', invoice.reference!);

    const early = await deliver(paid);
    expect(early.statusCode, early.body).toBe(503);
    expect(early.json().code).toBe('INVOICE_ISSUE_UNFINISHED');
    // nothing of the delivery is kept, so the next one is not taken for a duplicate
    expect(await db().select().from(paymentEvents).where(eq(paymentEvents.id, paid.id))).toEqual([]);
    expect((await stored(invoice.id)).status).toBe('draft');

    // the issue writes down its answer, and Stripe delivers the event again
    await db()
      .update(employerInvoices)
      .set({ status: 'open', issuer: invoice.issuer, reference: invoice.reference, issuedAt: invoice.issuedAt })
      .where(eq(employerInvoices.id, invoice.id));
    const again = await deliver(paid);
    expect(again.json().result).toBe('applied');
    expect((await stored(invoice.id)).status).toBe('paid');
  });
});

describe('the browser tests’ clock of employer invoices', () => {
  it('issues through the configured invoicing port, as the monthly job does: on Stripe Invoicing with INVOICING=stripe', async () => {
    const group = await codedGroup('stripe-clock', null, 5);
    await coveredOrders(group, 5);
    const { admin } = await employerAdmin(group.id);
    const invoicesBefore = fake.ledger.invoicing.invoices.size;

    const clocked = await admin.post('/api/test-clock/employers/invoices', { at: monthsLater(1).toISOString() });
    expect(clocked.statusCode, clocked.body).toBe(200);
    expect(clocked.json()).toEqual({ issued: 1 });
    const [invoice] = await db().select().from(employerInvoices).where(eq(employerInvoices.groupId, group.id));
    expect(invoice).toMatchObject({ status: 'open', issuer: 'stripe', pdf: null, totalCents: 5 * 7995 });
    expect(fake.ledger.invoicing.invoices.size).toBe(invoicesBefore + 1);
    expect(fake.ledger.invoicing.invoices.get(invoice!.reference!)).toMatchObject({ status: 'open', total: 5 * 7995 });

    // and Stripe's webhook then settles what the clock issued
    fake.settleInvoice(invoice!.reference!, 'paid');
    expect((await deliver(eventOf('invoice.paid', invoice!.reference!))).json().result).toBe('applied');
    const portal = await admin.get('/api/business/invoices');
    expect(portal.json().invoices).toEqual([expect.objectContaining({ id: invoice!.id, status: 'paid', hostedUrl: invoice!.hostedUrl })]);
  });
});
