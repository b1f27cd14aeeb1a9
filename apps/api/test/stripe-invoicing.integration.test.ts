import { eq } from 'drizzle-orm';
import { employerGroups, employerInvoices, users } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripeInvoicing } from '../src/billing/stripe-invoicing.ts';
import { INVOICE_CLAIM_TIMEOUT_MS, runInvoices } from '../src/employers/invoices.ts';
import { requestTopUpInvoice } from '../src/employers/top-up-invoices.ts';
import { employerHelpers, monthsLater } from './employer-helpers.ts';
import { createTestShop, staffVisitor, type TestShop, type Visitor } from './helpers.ts';
import { startStripeFake, type StripeFake } from './stripe-fake.ts';

// Employer groups' monthly invoices on Stripe Invoicing: a customer made once per group and kept,
// a finalized invoice with the lines the employer reads (per product, five people or more behind
// each, never an order: decision 0057) and its hosted page, and every step keyed, so a run asked
// again after an outage finishes the first invoice rather than making a second.
let shop: TestShop;
let operator: Visitor;
let fake: StripeFake;
beforeAll(async () => {
  shop = await createTestShop();
  operator = await staffVisitor(shop, 'operator');
  fake = await startStripeFake();
});
afterAll(async () => {
  await shop.close();
  await fake.close();
});

const db = () => shop.database.db;
const stripe = () => createStripeInvoicing({ secretKey: 'sk_test_invoicing', apiUrl: fake.url, maxNetworkRetries: 0 });
const run = (at: Date) => runInvoices({ db: db(), events: shop.app.events }, stripe(), at);
const { codedGroup, coveredOrders, employerAdmin } = employerHelpers(
  () => shop,
  () => operator,
);

const invoicesOf = (groupId: string) => db().select().from(employerInvoices).where(eq(employerInvoices.groupId, groupId));
const stripeInvoicesOf = (customer: string) =>
  [...fake.ledger.invoicing.invoices.values()].filter((invoice) => invoice.customer === customer);

describe('employer invoices on Stripe Invoicing', () => {
  it('issues a bank top-up’s invoice there too, with its hosted page, as a top-up and not a month’s covered tests', async () => {
    const group = await codedGroup('stripe-top-up', null, 3);
    await db().update(employerGroups).set({ billingMode: 'prepaid' }).where(eq(employerGroups.id, group.id));
    const { email } = await employerAdmin(group.id);
    const [user] = await db().select().from(users).where(eq(users.email, email));
    const invoice = await requestTopUpInvoice(
      { db: db(), events: shop.app.events },
      stripe(),
      {
        user: { id: user!.id, email },
        groupId: group.id,
      },
      { amountCents: 150_000, requestKey: crypto.randomUUID() },
    );
    expect(invoice).toMatchObject({ kind: 'bank_top_up', status: 'open', totalCents: 150_000, hasPdf: false });
    expect(invoice.hostedUrl).toBeTruthy();
    const [issued] = await db().select().from(employerGroups).where(eq(employerGroups.id, group.id));
    const [onStripe] = stripeInvoicesOf(issued!.invoicingCustomerId!);
    expect(onStripe?.description).toBe('Prepaid testing bank top-up');
  });

  it('gives Stripe the group’s billing e-mail and address with its customer, and its PO on the invoice', async () => {
    const group = await codedGroup('stripe-billing-details', null, 5);
    await db()
      .update(employerGroups)
      .set({
        billingAddress: { line1: '1 Main Street', line2: null, city: 'Springfield', state: 'IL', zip: '62701' },
        billingEmail: 'ap@acme.example',
        poNumber: 'PO-7788',
      })
      .where(eq(employerGroups.id, group.id));
    await coveredOrders(group, 5);
    await run(monthsLater(1));
    const [issued] = await db().select().from(employerGroups).where(eq(employerGroups.id, group.id));
    const customer = fake.ledger.customers.get(issued!.invoicingCustomerId!);
    expect(customer).toMatchObject({
      email: 'ap@acme.example',
      address: { line1: '1 Main Street', city: 'Springfield', state: 'IL', postal_code: '62701', country: 'US' },
    });
    const [onStripe] = stripeInvoicesOf(customer!.id);
    expect(onStripe?.custom_fields).toEqual([{ name: 'PO number', value: 'PO-7788' }]);
    const [invoice] = await invoicesOf(group.id);
    expect(invoice?.billedTo).toEqual({
      name: 'Acme stripe-billing-details',
      address: { line1: '1 Main Street', line2: null, city: 'Springfield', state: 'IL', zip: '62701' },
      email: 'ap@acme.example',
      poNumber: 'PO-7788',
    });
  });

  it('issues the month’s invoice there with a line per product and its hosted page, and keeps the group’s customer for the next', async () => {
    const group = await codedGroup('stripe-billed', null, 10);
    const orders = await coveredOrders(group, 5);
    const customersBefore = fake.ledger.customers.size;

    await run(monthsLater(1));
    const [invoice] = await invoicesOf(group.id);
    expect(invoice).toMatchObject({ status: 'open', issuer: 'stripe', totalCents: 5 * 7995, pdf: null });
    const [issued] = await db().select().from(employerGroups).where(eq(employerGroups.id, group.id));
    const customer = issued!.invoicingCustomerId!;
    expect(fake.ledger.customers.get(customer)?.metadata).toEqual({ employer_group: group.id });
    expect(fake.ledger.customers.size).toBe(customersBefore + 1);

    const [onStripe, ...more] = stripeInvoicesOf(customer);
    expect(more).toEqual([]);
    expect(onStripe).toMatchObject({
      id: invoice!.reference,
      status: 'open',
      collection_method: 'send_invoice',
      days_until_due: 30,
      total: 5 * 7995,
      hosted_invoice_url: invoice!.hostedUrl,
      metadata: { invoice_id: invoice!.id, number: String(invoice!.number) },
    });
    // one line for the five people, and nothing that names one of their orders
    expect(onStripe!.lines.data.map((line) => line.description)).toEqual([
      expect.stringMatching(/^Covered tests and programs: 5 people \(\d{4}-\d{2}\)$/),
    ]);
    for (const order of orders) expect(JSON.stringify(onStripe)).not.toContain(`#${order.number}`);

    // the employer admin's invoice opens where it was issued: there is no PDF here
    const pdf = await operator.get(`/api/admin/employers/${group.id}/invoices/${invoice!.id}/invoice.pdf`);
    expect(pdf.statusCode).toBe(404);
    expect(pdf.json().message).toBe('This invoice has no PDF here: open it where it was issued.');

    // the next month's invoice (five more people) goes to the same customer
    await coveredOrders(group, 5);
    await run(monthsLater(2));
    expect(await invoicesOf(group.id)).toHaveLength(2);
    expect(stripeInvoicesOf(customer)).toHaveLength(2);
    expect(fake.ledger.customers.size).toBe(customersBefore + 1);
  });

  it('asked again after a lost answer, gets the first invoice back with the same keys: one invoice, each line once', async () => {
    const group = await codedGroup('stripe-lost', null, 5);
    await coveredOrders(group, 5);
    const invoicesBefore = fake.ledger.invoicing.invoices.size;
    const customersBefore = fake.ledger.customers.size;

    // Stripe makes everything, and the answer never reaches the shop
    const port = stripe();
    let calls = 0;
    const losing = {
      name: port.name,
      issue: async (invoice: Parameters<typeof port.issue>[0]) => {
        calls += 1;
        const issued = await port.issue(invoice);
        if (calls === 1) throw new Error('the connection dropped before the answer');
        return issued;
      },
    };
    const at = monthsLater(1);
    await expect(runInvoices({ db: db(), events: shop.app.events }, losing, at)).rejects.toThrow('the connection dropped');
    expect(await invoicesOf(group.id)).toEqual([expect.objectContaining({ status: 'draft' })]);
    expect(fake.ledger.invoicing.invoices.size).toBe(invoicesBefore + 1);

    // the claim times out and a later run asks again, with the same keys
    await runInvoices({ db: db(), events: shop.app.events }, losing, new Date(at.getTime() + INVOICE_CLAIM_TIMEOUT_MS + 1));
    expect(calls).toBe(2);
    const [invoice] = await invoicesOf(group.id);
    expect(invoice).toMatchObject({ status: 'open', issuer: 'stripe', totalCents: 5 * 7995 });
    expect(fake.ledger.invoicing.invoices.size).toBe(invoicesBefore + 1);
    expect(fake.ledger.customers.size).toBe(customersBefore + 1);
    const onStripe = fake.ledger.invoicing.invoices.get(invoice!.reference!)!;
    expect(onStripe).toMatchObject({ status: 'open', total: 5 * 7995 });
    expect(onStripe.lines.data).toHaveLength(1);
    expect(fake.requests.filter((request) => request.replayed && request.path === '/v1/invoiceitems').length).toBeGreaterThanOrEqual(1);
  });
});
