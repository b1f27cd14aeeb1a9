import { and, eq } from 'drizzle-orm';
import { biomarkersOrdered, kitsForOrder } from '@shop/core';
import {
  domainEvents,
  emailOutbox,
  employerBankEntries,
  employerCoveredOrders,
  employerInvoiceLines,
  employerInvoices,
  giftCards,
  orderEvents,
  orderItems,
  orderKits,
  orders,
  payments,
} from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedInvoicing } from '../src/billing/invoicing.ts';
import { returnDrawOfOrder } from '../src/employer-cover/bank.ts';
import { runInvoices } from '../src/employers/invoices.ts';
import { employerHelpers } from './employer-helpers.ts';
import { mailbox, paymentMethod, staffVisitor, uniqueEmail, Visitor, type TestShop, everyConsent, shopWithOperator } from './helpers.ts';
import { postgresTestMode } from './postgres.ts';
import { inRangeResults } from './results-helpers.ts';

const now = new Date();
const year = now.getUTCFullYear();
const nextMonth = new Date(Date.UTC(year, now.getUTCMonth() + 1, 1, 2));
const monthAfter = new Date(Date.UTC(year, now.getUTCMonth() + 2, 1, 2));
const DAY_MS = 86_400_000;
/** The Fatigue starter test's price, and the Improvement Program's billed on results. */
const STARTER_CENTS = 7995;
const PROGRAM_CENTS = 14_005;

// A group that covers the Improvement Program pays it with the test (decision 0051): the employee
// is asked for no card, on checkout or on results, and the employer is billed once.
describe('an employer that covers the Improvement Program', () => {
  let shop: TestShop;
  let operator: Visitor;
  const db = () => shop.database.db;
  beforeAll(async () => {
    ({ shop, operator } = await shopWithOperator());
  });
  afterAll(() => shop.close());
  const { employerAdmin } = employerHelpers(
    () => shop,
    () => operator,
  );
  /** What the group's admin was sent that names one order: nothing, since decision 0057. */
  const orderNotices = async (email: string, number: number) =>
    (await mailbox(shop, email)).filter((mail) => mail.template === 'employer-guarantee-credit' || mail.text.includes(`#${number}`));

  async function group(
    slug: string,
    options: { includesProgram: boolean; coverCents?: number | null; bankCents?: number; codes?: number },
  ) {
    const created = await operator.post('/api/admin/employers', {
      slug,
      name: `Acme ${slug}`,
      logoText: 'ACME',
      goals: ['fatigue'],
      coverCents: options.coverCents ?? null,
      includesProgram: options.includesProgram,
      capEmployees: null,
      capSpendCents: null,
      planYearStart: `${year}-01-01`,
      planYearEnd: `${year}-12-31`,
      eligibility: 'code',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id: string = created.json().id;
    const minted = await operator.post(`/api/admin/employers/${id}/codes`, { count: options.codes ?? 3 });
    if (options.bankCents !== undefined) {
      const prepaid = await operator.request({
        method: 'PUT',
        url: `/api/admin/employers/${id}/billing-mode`,
        payload: { mode: 'prepaid' },
      });
      expect(prepaid.statusCode, prepaid.body).toBe(200);
      const topUp = await operator.post(`/api/admin/employers/${id}/bank/top-ups`, {
        amountCents: options.bankCents,
        reference: `WIRE-${slug}`,
      });
      expect(topUp.statusCode, topUp.body).toBe(201);
    }
    return { id, slug, codes: minted.json().codes as string[] };
  }

  async function employee(of: { slug: string; codes: string[] }) {
    const worker = new Visitor(shop.app);
    const email = uniqueEmail('employee');
    expect((await worker.post('/api/checkout/account', { email, password: 'Sup3r-secret!' })).statusCode).toBe(200);
    const proven = await worker.post(`/api/employers/${of.slug}/eligibility`, {
      goal: 'fatigue',
      proof: { method: 'code', code: of.codes.shift()! },
    });
    expect(proven.statusCode, proven.body).toBe(200);
    return Object.assign(worker, { email });
  }

  /** Other employees of the group, each with their covered order: an invoice bills five people or none (decision 0057). */
  async function colleagues(of: { slug: string; codes: string[] }, count: number) {
    for (let index = 0; index < count; index += 1) {
      const placed = await (
        await employee(of)
      ).post('/api/checkout/orders', { testedState: 'TX', consents: everyConsent, paymentMethod: 'covered' });
      expect(placed.statusCode, placed.body).toBe(201);
    }
  }

  /** The order's kit comes back and a clinician enters its results; the queue runs what follows. */
  async function resultsArrive(orderId: string) {
    await db().update(orders).set({ status: 'sample_received' }).where(eq(orders.id, orderId));
    // the kit of the test the employee's goal chose, with that test's results
    const items = await db().select().from(orderItems).where(eq(orderItems.orderId, orderId));
    const [kit] = kitsForOrder(items, 'home');
    await db()
      .insert(orderKits)
      .values({ orderId, kitSlug: kit!.kitSlug, title: kit!.title, status: 'sample_received', sampleReceivedAt: new Date() });
    const clinician = await staffVisitor(shop, 'clinician');
    const entered = await clinician.post(
      `/api/admin/orders/${orderId}/results/${kit!.kitSlug}`,
      inRangeResults(biomarkersOrdered(items, kit!.kitSlug)),
    );
    expect(entered.statusCode, entered.body).toBeLessThan(300);
    await shop.app.jobs.runDueJobs();
    await shop.app.jobs.runDueJobs();
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    return order!;
  }

  it('puts the program in the covered cart at $0.00, takes no card, starts it on results and invoices it once with the test', async () => {
    const covering = await group('program-invoiced', { includesProgram: true, codes: 5 });
    const worker = await employee(covering);
    const cart = (await worker.get('/api/cart')).json();
    expect(cart.items.map((item: { productCode: string }) => item.productCode)).toEqual(['base-quiz', 'base-improvement-plan']);
    expect(cart.items[1].note).toBe('Covered by Acme program-invoiced');
    // each covered line says what the employee pays of it, not its list price as if due
    expect(cart.items.map((item: { lineTotal: string; covered: unknown }) => [item.lineTotal, item.covered])).toEqual([
      ['$79.95', { label: 'Covered by Acme program-invoiced', cents: STARTER_CENTS, display: '$79.95', dueCents: 0, due: '$0.00' }],
      ['$140.05', { label: 'Covered by Acme program-invoiced', cents: PROGRAM_CENTS, display: '$140.05', dueCents: 0, due: '$0.00' }],
    ]);
    expect(cart).toMatchObject({
      totalCents: 0,
      deferredCents: 0,
      cover: { employer: 'Acme program-invoiced', coveredCents: STARTER_CENTS, programCents: PROGRAM_CENTS, programDisplay: '$140.05' },
      display: { total: '$0.00', deferred: '$0.00' },
    });

    const placed = await worker.post('/api/checkout/orders', { testedState: 'TX', consents: everyConsent, paymentMethod: 'covered' });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId: string = placed.json().order.id;
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ totalCents: 0, deferredCents: 0 });
    const [covered] = await db().select().from(employerCoveredOrders).where(eq(employerCoveredOrders.orderId, orderId));
    expect(covered).toMatchObject({ prepaid: false, coveredCents: STARTER_CENTS + PROGRAM_CENTS });
    // the employee's order says who paid the tests and the program, apart from what they paid
    expect((await worker.get(`/api/orders/${orderId}`)).json()).toMatchObject({
      total: '$0.00',
      coveredBy: { employer: 'Acme program-invoiced', amount: '$79.95', program: true },
    });
    // the console's order names the group that covered it, for its link to the group's page
    expect((await operator.get(`/api/admin/orders/${orderId}`)).json()).toMatchObject({
      employerGroup: { id: covering.id, name: 'Acme program-invoiced' },
      clinic: null,
    });

    const after = await resultsArrive(orderId);
    expect(after.status).toBe('program_active');
    // nothing was ever charged to, or asked of, a card
    expect(await db().select().from(payments).where(eq(payments.orderId, orderId))).toEqual([]);

    await colleagues(covering, 4);
    await runInvoices({ db: db(), events: shop.app.events }, embeddedInvoicing, nextMonth, { groupId: covering.id });
    await runInvoices({ db: db(), events: shop.app.events }, embeddedInvoicing, nextMonth, { groupId: covering.id });
    const invoices = await db().select().from(employerInvoices).where(eq(employerInvoices.groupId, covering.id));
    expect(invoices).toHaveLength(1);
    const lines = await db()
      .select()
      .from(employerInvoiceLines)
      .where(and(eq(employerInvoiceLines.invoiceId, invoices[0]!.id), eq(employerInvoiceLines.orderId, orderId)));
    expect(lines.map((line) => [line.kind, line.amountCents])).toEqual([['charge', STARTER_CENTS + PROGRAM_CENTS]]);
  });

  it('covers the program in full beside a partial test cover: the card pays the test’s rest now and nothing on results', async () => {
    const covering = await group('program-partial', { includesProgram: true, coverCents: 5000 });
    const worker = await employee(covering);
    const cart = (await worker.get('/api/cart')).json();
    expect(cart).toMatchObject({
      totalCents: STARTER_CENTS - 5000,
      deferredCents: 0,
      cover: { coveredCents: 5000, programCents: PROGRAM_CENTS },
    });
    expect(cart.items.map((item: { covered: { cents: number; due: string } | null }) => item.covered)).toEqual([
      expect.objectContaining({ cents: 5000, due: '$29.95' }),
      expect.objectContaining({ cents: PROGRAM_CENTS, due: '$0.00' }),
    ]);
    const placed = await worker.post('/api/checkout/orders', {
      testedState: 'TX',
      consents: everyConsent,
      paymentMethod: await paymentMethod(worker),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const [order] = await db()
      .select()
      .from(orders)
      .where(eq(orders.id, placed.json().order.id as string));
    expect(order).toMatchObject({ totalCents: STARTER_CENTS - 5000, deferredCents: 0 });
    expect((await worker.get(`/api/orders/${order!.id}`)).json()).toMatchObject({
      total: '$29.95',
      coveredBy: { employer: expect.any(String), amount: '$50.00', program: true },
    });
  });

  it('leaves a group without the program as it was: the test alone, nothing billed on results', async () => {
    const testOnly = await group('program-not-covered', { includesProgram: false });
    const worker = await employee(testOnly);
    const cart = (await worker.get('/api/cart')).json();
    expect(cart.items.map((item: { productCode: string }) => item.productCode)).toEqual(['base-quiz']);
    expect(cart).toMatchObject({ totalCents: 0, deferredCents: 0, cover: { coveredCents: STARTER_CENTS, programCents: 0 } });
    const placed = await worker.post('/api/checkout/orders', { testedState: 'TX', consents: everyConsent, paymentMethod: 'covered' });
    expect(placed.statusCode, placed.body).toBe(201);
    const [covered] = await db()
      .select()
      .from(employerCoveredOrders)
      .where(eq(employerCoveredOrders.orderId, placed.json().order.id as string));
    expect(covered?.coveredCents).toBe(STARTER_CENTS);
  });

  it('draws the program with the test from a prepaid bank, once, and refuses at checkout a bank short of both', async () => {
    const covering = await group('program-prepaid', { includesProgram: true, bankCents: STARTER_CENTS + PROGRAM_CENTS + 1000 });
    const first = await employee(covering);
    const placed = await first.post('/api/checkout/orders', { testedState: 'TX', consents: everyConsent, paymentMethod: 'covered' });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId: string = placed.json().order.id;
    expect((await resultsArrive(orderId)).status).toBe('program_active');
    const draws = await db()
      .select()
      .from(employerBankEntries)
      .where(and(eq(employerBankEntries.groupId, covering.id), eq(employerBankEntries.kind, 'draw')));
    expect(draws.map((draw) => [draw.orderId, draw.amountCents])).toEqual([[orderId, -(STARTER_CENTS + PROGRAM_CENTS)]]);

    // $10.00 left: the second employee is told before anything is ordered, never on results
    const second = await employee(covering);
    expect((await second.get('/api/cart')).json().coverRefusal).toMatchObject({ code: 'BANK_EMPTY' });
    const refused = await second.post('/api/checkout/orders', { testedState: 'TX', consents: everyConsent, paymentMethod: 'covered' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('BANK_EMPTY');
    expect(await db().select().from(orders).where(eq(orders.email, second.email))).toEqual([]);
  });

  /** A covered order whose program has run to week 8 (its start moved back): the guarantee may be applied. */
  async function programRun(worker: Visitor, paymentMethodId = 'covered') {
    const placed = await worker.post('/api/checkout/orders', { testedState: 'TX', consents: everyConsent, paymentMethod: paymentMethodId });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId: string = placed.json().order.id;
    expect((await resultsArrive(orderId)).status).toBe('program_active');
    await db()
      .update(orderEvents)
      .set({ createdAt: new Date(Date.now() - 50 * DAY_MS) })
      .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.toStatus, 'program_active')));
    return orderId;
  }

  const applyGuarantee = (orderId: string, method: 'refund' | 'store_credit') =>
    operator.post(`/api/admin/orders/${orderId}/guarantee`, { reason: 'No optimization found in 3 tests', method });
  const guaranteeEvent = async (orderId: string) =>
    (
      await db()
        .select({ payload: domainEvents.payload })
        .from(domainEvents)
        .where(and(eq(domainEvents.type, 'program.guarantee_applied'), eq(domainEvents.subjectId, orderId)))
    ).map((event) => event.payload);

  describe('the Improvement Program guarantee of a covered order (decision 0052)', () => {
    it('gives the employer its part back as a credit on its next invoice, once, and the employee none of its money', async () => {
      const covering = await group('guarantee-invoiced', { includesProgram: true, codes: 13 });
      const hr = await employerAdmin(covering.id);
      const worker = await employee(covering);
      const orderId = await programRun(worker);
      await colleagues(covering, 4);
      await runInvoices({ db: db(), events: shop.app.events }, embeddedInvoicing, nextMonth, { groupId: covering.id });
      // the console says who gets what before the operator applies it
      const before = (await operator.get(`/api/admin/orders/${orderId}`)).json();
      expect(before.guarantee).toMatchObject({ eligible: true, amount: '$0.00', amountCents: 0, employerAmount: '$79.95' });

      const applied = await applyGuarantee(orderId, 'store_credit');
      expect(applied.statusCode, applied.body).toBe(200);
      expect(await guaranteeEvent(orderId)).toEqual([expect.objectContaining({ amountCents: 0, employerCents: STARTER_CENTS })]);
      // nothing of the employer's money goes to the employee: no store credit, no card refund, no e-mail of one
      const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
      expect(await db().select().from(giftCards).where(eq(giftCards.userId, order!.userId))).toEqual([]);
      await shop.app.jobs.runDueJobs();
      const mails = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, worker.email));
      expect(mails.map((mail) => mail.subject)).not.toContain('Your Improvement Program guarantee');
      expect((await applyGuarantee(orderId, 'refund')).statusCode).toBe(409);
      // the employer's admin is told nothing of one order's guarantee: it is netted into a later invoice (decision 0057)
      expect(await orderNotices(hr.email, order!.number)).toEqual([]);

      // one person's guarantee alone is not billed: it waits for four more people
      await runInvoices({ db: db(), events: shop.app.events }, embeddedInvoicing, monthAfter, { groupId: covering.id });
      expect(await db().select().from(employerInvoices).where(eq(employerInvoices.groupId, covering.id))).toHaveLength(1);
      // with them, the invoice credits the tests' part, once; the program's fee is not a test
      await colleagues(covering, 4);
      await runInvoices({ db: db(), events: shop.app.events }, embeddedInvoicing, monthAfter, { groupId: covering.id });
      await runInvoices({ db: db(), events: shop.app.events }, embeddedInvoicing, monthAfter, { groupId: covering.id });
      const invoices = await db().select().from(employerInvoices).where(eq(employerInvoices.groupId, covering.id));
      const lines = await db().select().from(employerInvoiceLines).where(eq(employerInvoiceLines.orderId, orderId));
      expect(lines.map((line) => [line.kind, line.amountCents]).sort()).toEqual([
        ['charge', STARTER_CENTS + PROGRAM_CENTS],
        ['guarantee', -STARTER_CENTS],
      ]);
      expect(invoices.map((invoice) => invoice.totalCents).sort((a, b) => a - b)).toEqual([
        4 * (STARTER_CENTS + PROGRAM_CENTS) - STARTER_CENTS,
        5 * (STARTER_CENTS + PROGRAM_CENTS),
      ]);

      // refunded later, the order is credited only what is left of its charge
      await db().update(orders).set({ status: 'refunded' }).where(eq(orders.id, orderId));
      const later = new Date(Date.UTC(year, now.getUTCMonth() + 3, 1, 2));
      await colleagues(covering, 4);
      await runInvoices({ db: db(), events: shop.app.events }, embeddedInvoicing, later, { groupId: covering.id });
      const credit = await db()
        .select()
        .from(employerInvoiceLines)
        .where(and(eq(employerInvoiceLines.orderId, orderId), eq(employerInvoiceLines.kind, 'credit')));
      expect(credit.map((line) => line.amountCents)).toEqual([-PROGRAM_CENTS]);
    });

    it('refunds the employee what they paid by card for a partly covered test, and gives the employer its part', async () => {
      const covering = await group('guarantee-partial', { includesProgram: true, coverCents: 5000 });
      const worker = await employee(covering);
      const orderId = await programRun(worker, await paymentMethod(worker));
      const applied = await applyGuarantee(orderId, 'refund');
      expect(applied.statusCode, applied.body).toBe(200);
      expect(applied.json().guarantee).toMatchObject({
        applied: { method: 'refund', amount: '$29.95' },
        amount: '$29.95',
        employerAmount: '$50.00',
      });
      expect(await guaranteeEvent(orderId)).toEqual([
        expect.objectContaining({ method: 'refund', amountCents: STARTER_CENTS - 5000, employerCents: 5000 }),
      ]);
      const [payment] = await db().select().from(payments).where(eq(payments.orderId, orderId));
      expect(payment).toMatchObject({ amountCents: STARTER_CENTS - 5000, refundedCents: STARTER_CENTS - 5000 });
      const [covered] = await db().select().from(employerCoveredOrders).where(eq(employerCoveredOrders.orderId, orderId));
      expect(covered?.guaranteeCents).toBe(5000);
    });

    it('puts a prepaid employer’s part back in its bank at once, and a later return gives back only the rest of the draw', async () => {
      const covering = await group('guarantee-prepaid', { includesProgram: true, bankCents: STARTER_CENTS + PROGRAM_CENTS });
      const hr = await employerAdmin(covering.id);
      const worker = await employee(covering);
      const orderId = await programRun(worker);
      const bankOf = async () => (await operator.get(`/api/admin/employers/${covering.id}/bank`)).json();
      expect((await bankOf()).balanceCents).toBe(0);

      expect((await applyGuarantee(orderId, 'refund')).statusCode).toBe(200);
      const bank = await bankOf();
      expect(bank.balanceCents).toBe(STARTER_CENTS);
      expect(bank.entries[0]).toMatchObject({ kind: 'guarantee', amountCents: STARTER_CENTS, orderId });
      expect(await db().select().from(payments).where(eq(payments.orderId, orderId))).toEqual([]);
      await shop.app.jobs.runDueJobs();
      // the admin is not told of it, and the portal shows no live balance to read it from (decision 0057)
      const [placed] = await db().select({ number: orders.number }).from(orders).where(eq(orders.id, orderId));
      expect(await orderNotices(hr.email, placed!.number)).toEqual([]);
      expect((await hr.admin.get('/api/business/portal')).json()).not.toHaveProperty('group.bankBalanceCents');

      expect(await db().transaction((tx) => returnDrawOfOrder(tx, orderId, null))).toBe(PROGRAM_CENTS);
      expect(await db().transaction((tx) => returnDrawOfOrder(tx, orderId, null))).toBe(0);
      expect((await bankOf()).balanceCents).toBe(STARTER_CENTS + PROGRAM_CENTS);
    });
  });

  describe.runIf(postgresTestMode())('races on PostgreSQL', () => {
    it('20 employees racing a bank that holds 3 tests with their programs make exactly 3 orders, and the balance ends at zero', async () => {
      const covering = await group('program-raced', { includesProgram: true, bankCents: 3 * (STARTER_CENTS + PROGRAM_CENTS), codes: 20 });
      const workers: Visitor[] = [];
      for (let index = 0; index < 20; index += 1) workers.push(await employee(covering));
      const responses = await Promise.all(
        workers.map((worker) =>
          worker.post('/api/checkout/orders', { testedState: 'TX', consents: everyConsent, paymentMethod: 'covered' }),
        ),
      );
      expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(3);
      expect(responses.filter((response) => response.statusCode === 409).map((response) => response.json().code)).toEqual(
        Array(17).fill('BANK_EMPTY'),
      );
      const bank = (await operator.get(`/api/admin/employers/${covering.id}/bank`)).json();
      expect(bank.balanceCents).toBe(0);
      expect(bank.entries.filter((entry: { kind: string }) => entry.kind === 'draw')).toHaveLength(3);
      const placed = await db().select().from(employerCoveredOrders).where(eq(employerCoveredOrders.groupId, covering.id));
      expect(placed.map((row) => row.coveredCents)).toEqual(Array(3).fill(STARTER_CENTS + PROGRAM_CENTS));
    });
  });
});
