import { and, eq } from 'drizzle-orm';
import { employerBillingMessages, MAX_CARD_TOP_UP_CENTS, MIN_CARD_TOP_UP_CENTS } from '@shop/core';
import { auditLog, employerBankEntries, employerInvoices, employerPayments, domainEvents, testGatewayCharges } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { applyPaymentEvent } from '../src/billing/payment-events.ts';
import { embeddedInvoicing } from '../src/billing/invoicing.ts';
import { runInvoices } from '../src/employers/invoices.ts';
import { tokenizeTestCard, type TestGateway } from '../src/payments/test-gateway.ts';
import { employerHelpers } from './employer-helpers.ts';
import { createTestShop, mailbox, staffVisitor, Visitor, type TestShop } from './helpers.ts';
import { pdfText } from './pdf-text.ts';
import { postgresTestMode } from './postgres.ts';

const now = new Date();
const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 2));

const card = {
  succeeds: () => tokenizeTestCard('4242 4242 4242 4242', '12/34'),
  declined: () => tokenizeTestCard('4000 0000 0000 0002', '12/34'),
  authenticates: () => tokenizeTestCard('4000 0025 0000 3155', '12/34'),
};

const billing = {
  line1: '1 Main Street',
  line2: 'Floor 2',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
  email: 'ap@acme.example',
  poNumber: 'PO-7788',
};

describe(`employers pay online (${postgresTestMode() ? 'PostgreSQL' : 'PGlite'})`, () => {
  let shop: TestShop;
  let operator: Visitor;
  const db = () => shop.database.db;
  beforeAll(async () => {
    shop = await createTestShop();
    operator = await staffVisitor(shop, 'operator');
  });
  afterAll(() => shop.close());

  const { codedGroup, coveredOrders, employerAdmin } = employerHelpers(
    () => shop,
    () => operator,
  );

  /** A group with five covered orders and its admin, its month invoiced: the invoice as the portal lists it. */
  async function invoicedGroup(slug: string, details?: typeof billing) {
    const group = await codedGroup(slug, null, 5);
    const { admin, email } = await employerAdmin(group.id);
    if (details)
      expect((await admin.request({ method: 'PUT', url: '/api/business/billing/details', payload: details })).statusCode).toBe(200);
    await coveredOrders(group, 5);
    await runInvoices({ db: db(), events: shop.app.events }, embeddedInvoicing, nextMonth, { groupId: group.id });
    const [invoice] = (await admin.get('/api/business/invoices')).json().invoices;
    return { group, admin, email, invoice };
  }

  const pay = (admin: Visitor, invoiceId: string, paymentMethod: string) =>
    admin.post(`/api/business/invoices/${invoiceId}/payments`, { paymentMethod });

  /** The admin pays the invoice by card twice at once: one attempt and one charge, the attempt answered. */
  async function payTwiceAtOnce(admin: Visitor, invoiceId: string) {
    const answers = await Promise.all([pay(admin, invoiceId, card.succeeds()), pay(admin, invoiceId, card.succeeds())]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    // the second joins the first payment (200, the same payment) or finds the invoice paid (409)
    expect(statuses[0]).toBe(200);
    expect([200, 409]).toContain(statuses[1]);
    const attempts = await db().select().from(employerPayments).where(eq(employerPayments.invoiceId, invoiceId));
    expect(attempts).toHaveLength(1);
    const charges = await db().select().from(testGatewayCharges).where(eq(testGatewayCharges.idempotencyKey, attempts[0]!.attemptKey));
    expect(charges).toHaveLength(1);
    return attempts[0]!;
  }

  /** The bank's live balance, as the console shows it to operators: the portal never does (decision 0057). */
  const bankBalance = async (groupId: string) => (await operator.get(`/api/admin/employers/${groupId}/bank`)).json().balanceCents as number;
  const invoiceRow = async (id: string) => (await db().select().from(employerInvoices).where(eq(employerInvoices.id, id)))[0]!;
  const paidEvents = async (invoiceId: string) =>
    (await db().select().from(domainEvents).where(eq(domainEvents.type, 'employer_invoice.paid'))).filter(
      (event) => (event.payload as { invoiceId: string }).invoiceId === invoiceId,
    );

  describe('billing details', () => {
    it('are set by the admin, validated with clear messages, shown in the console and printed on the invoices issued after', async () => {
      const group = await codedGroup('billing-details', null, 5);
      const { admin } = await employerAdmin(group.id);
      const refused = await admin.request({
        method: 'PUT',
        url: '/api/business/billing/details',
        payload: { ...billing, zip: '10001' },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(employerBillingMessages.zipState('IL'));
      const noEmail = await admin.request({
        method: 'PUT',
        url: '/api/business/billing/details',
        payload: { ...billing, email: 'not-an-address' },
      });
      expect(noEmail.statusCode).toBe(400);
      expect(noEmail.json().message).toBe('Please enter a valid email');

      const saved = await admin.request({ method: 'PUT', url: '/api/business/billing/details', payload: billing });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toEqual({
        address: { line1: '1 Main Street', line2: 'Floor 2', city: 'Springfield', state: 'IL', zip: '62701' },
        email: 'ap@acme.example',
        poNumber: 'PO-7788',
      });
      expect((await operator.get(`/api/admin/employers/${group.id}`)).json().billing).toEqual(saved.json());
      const [audited] = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.subjectId, group.id), eq(auditLog.action, 'employer_group.billing_details')));
      expect(audited).toBeDefined();

      await coveredOrders(group, 5);
      await runInvoices({ db: db(), events: shop.app.events }, embeddedInvoicing, nextMonth, { groupId: group.id });
      const [invoice] = (await admin.get('/api/business/invoices')).json().invoices;
      expect(invoice.billedTo).toMatchObject({ email: 'ap@acme.example', poNumber: 'PO-7788' });
      const pdf = await admin.get(`/api/business/invoices/${invoice.id}/invoice.pdf`);
      const text = await pdfText(new Uint8Array(pdf.rawPayload));
      for (const expected of [
        'Billed to Acme billing-details',
        'Springfield, IL 62701',
        'Accounts payable: ap@acme.example',
        'PO number: PO-7788',
      ]) {
        expect(text).toContain(expected);
      }
      expect(text).toContain('Routing number (ABA): 110000000');

      // a later change leaves the issued invoice as it was printed
      const before = (await invoiceRow(invoice.id)).pdf;
      await admin.request({ method: 'PUT', url: '/api/business/billing/details', payload: { ...billing, poNumber: 'PO-9999' } });
      const after = await invoiceRow(invoice.id);
      expect(Buffer.from(after.pdf!).equals(Buffer.from(before!))).toBe(true);
      expect(after.billedTo?.poNumber).toBe('PO-7788');
    });

    it('are the admin’s own group’s: another account is refused', async () => {
      const stranger = new Visitor(shop.app);
      expect(
        (await stranger.post('/api/checkout/account', { email: `stranger-${randomUUID()}@example.com`, password: 'Sup3r-secret!' }))
          .statusCode,
      ).toBe(200);
      const refused = await stranger.request({ method: 'PUT', url: '/api/business/billing/details', payload: billing });
      expect(refused.statusCode).toBe(403);
    });
  });

  describe('an invoice paid by card', () => {
    it('is paid once, recorded as by card, audited, and the admins get a receipt', async () => {
      const { admin, email, invoice } = await invoicedGroup('pay-card', billing);
      expect(invoice).toMatchObject({ status: 'open', paidOn: null, paidVia: null });
      const paid = await pay(admin, invoice.id, card.succeeds());
      expect(paid.statusCode, paid.body).toBe(200);
      expect(paid.json()).toMatchObject({ status: 'succeeded', amountCents: invoice.totalCents, card: 'Visa ending 4242' });

      const [listed] = (await admin.get('/api/business/invoices')).json().invoices;
      expect(listed).toMatchObject({ status: 'paid', paidVia: 'card', paidOn: new Date().toISOString().slice(0, 10) });
      const row = await invoiceRow(invoice.id);
      const [charge] = await db().select().from(testGatewayCharges).where(eq(testGatewayCharges.id, row.paymentReference!));
      expect(charge).toMatchObject({ amountCents: invoice.totalCents, status: 'succeeded' });
      const audits = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.subjectId, invoice.id), eq(auditLog.action, 'employer_invoice.paid_by_card')));
      expect(audits).toHaveLength(1);

      const receipts = (await mailbox(shop, email)).filter((mail) => mail.template === 'employer-invoice-paid');
      expect(receipts).toHaveLength(1);
      expect(receipts[0]!.text).toContain(`for invoice ${invoice.number}`);
      expect(receipts[0]!.text).toContain('paid by card (Visa ending 4242)');

      // paying again finds nothing to pay
      const again = await pay(admin, invoice.id, card.succeeds());
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('INVOICE_NOT_OPEN');
    });

    it('declined, says so clearly and leaves the invoice open; another card then pays it', async () => {
      const { admin, invoice } = await invoicedGroup('pay-declined');
      const declined = await pay(admin, invoice.id, card.declined());
      expect(declined.statusCode).toBe(402);
      expect(declined.json()).toEqual({ code: 'CARD_DECLINED', message: employerBillingMessages.declined });
      expect((await invoiceRow(invoice.id)).status).toBe('open');

      const paid = await pay(admin, invoice.id, card.succeeds());
      expect(paid.json().status).toBe('succeeded');
      const attempts = await db().select().from(employerPayments).where(eq(employerPayments.invoiceId, invoice.id));
      expect(attempts.map((attempt) => attempt.status).sort()).toEqual(['failed', 'succeeded']);
    });

    it('submitted twice at once, charges once and settles once', async () => {
      const { admin, invoice } = await invoicedGroup('pay-twice');
      await payTwiceAtOnce(admin, invoice.id);
      expect(await paidEvents(invoice.id)).toHaveLength(1);
    });

    it('confirmed after the bank’s check while the webhook arrives too, settles once', async () => {
      const { admin, invoice } = await invoicedGroup('pay-race');
      const asked = await pay(admin, invoice.id, card.authenticates());
      expect(asked.json()).toMatchObject({ status: 'requires_action' });
      const { paymentId, clientSecret } = asked.json();
      expect((await invoiceRow(invoice.id)).status).toBe('open');
      await (shop.app.payments as TestGateway).authenticate(clientSecret, true);
      const [attempt] = await db().select().from(employerPayments).where(eq(employerPayments.id, paymentId));

      const [confirmed, webhook] = await Promise.all([
        admin.post(`/api/business/payments/${paymentId}/confirm`, {}),
        applyPaymentEvent(shop.app.checkout, {
          id: `evt_${randomUUID()}`,
          type: 'payment_succeeded',
          paymentId: attempt!.gatewayPaymentId,
          orderId: null,
          purpose: 'employer_invoice',
          employerPaymentId: paymentId,
          amountCents: invoice.totalCents,
        }),
      ]);
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json().status).toBe('succeeded');
      expect(webhook).toBe('applied');
      expect(await invoiceRow(invoice.id)).toMatchObject({ status: 'paid', paidVia: 'card', paymentReference: attempt!.gatewayPaymentId });
      expect(await paidEvents(invoice.id)).toHaveLength(1);
      const audits = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.subjectId, invoice.id), eq(auditLog.action, 'employer_invoice.paid_by_card')));
      expect(audits).toHaveLength(1);
    });

    it('is the admin’s own group’s: another group’s admin gets 404, a stranger 403', async () => {
      const { invoice } = await invoicedGroup('pay-own');
      const other = await codedGroup('pay-other', null, 5);
      const { admin: otherAdmin } = await employerAdmin(other.id);
      const refused = await pay(otherAdmin, invoice.id, card.succeeds());
      expect(refused.statusCode).toBe(404);
      const stranger = new Visitor(shop.app);
      expect(
        (await stranger.post('/api/checkout/account', { email: `payer-${randomUUID()}@example.com`, password: 'Sup3r-secret!' }))
          .statusCode,
      ).toBe(200);
      expect((await pay(stranger, invoice.id, card.succeeds())).statusCode).toBe(403);
      expect((await invoiceRow(invoice.id)).status).toBe('open');
    });

    it('marked paid by an operator goes through the same settlement, recorded as a transfer, with its receipt', async () => {
      const { group, email, invoice } = await invoicedGroup('pay-transfer');
      const marked = await operator.post(`/api/admin/employers/${group.id}/invoices/${invoice.id}/status`, { status: 'paid' });
      expect(marked.statusCode, marked.body).toBe(200);
      expect(marked.json()).toMatchObject({ status: 'paid', paidVia: 'transfer' });
      const receipts = (await mailbox(shop, email)).filter((mail) => mail.template === 'employer-invoice-paid');
      expect(receipts.map((mail) => mail.text.includes('paid by bank transfer'))).toEqual([true]);
    });
  });

  describe('the testing bank topped up by card', () => {
    async function prepaidAdmin(slug: string) {
      const group = await codedGroup(slug, null, 3);
      const prepaid = await operator.request({
        method: 'PUT',
        url: `/api/admin/employers/${group.id}/billing-mode`,
        payload: { mode: 'prepaid' },
      });
      expect(prepaid.statusCode).toBe(200);
      const { admin } = await employerAdmin(group.id);
      return { group, admin };
    }

    it('credits the bank once, with the gateway’s payment id as its reference, audited; a double submit adds nothing more', async () => {
      const { group, admin } = await prepaidAdmin('top-up-card');
      const requestKey = randomUUID();
      const body = { amountCents: 50_000, requestKey };
      const [first, second] = await Promise.all([
        admin.post('/api/business/bank/top-ups', { ...body, paymentMethod: card.succeeds() }),
        admin.post('/api/business/bank/top-ups', { ...body, paymentMethod: card.succeeds() }),
      ]);
      expect(first.statusCode, first.body).toBe(200);
      expect(second.statusCode, second.body).toBe(200);
      expect(first.json().paymentId).toBe(second.json().paymentId);

      const entries = await db()
        .select()
        .from(employerBankEntries)
        .where(and(eq(employerBankEntries.groupId, group.id), eq(employerBankEntries.kind, 'top_up')));
      expect(entries).toHaveLength(1);
      const [payment] = await db().select().from(employerPayments).where(eq(employerPayments.id, first.json().paymentId));
      expect(entries[0]).toMatchObject({ amountCents: 50_000, reference: payment!.gatewayPaymentId });
      const billingView = (await admin.get('/api/business/billing')).json();
      expect(billingView).toMatchObject({ billingMode: 'prepaid' });
      // the live balance moves with each employee's order: the employer never sees it (decision 0057)
      expect(billingView).not.toHaveProperty('bankBalanceCents');
      expect(await bankBalance(group.id)).toBe(50_000);
      const audits = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.subjectId, group.id), eq(auditLog.action, 'employer_group.bank_top_up_by_card')));
      expect(audits).toHaveLength(1);

      // the webhook of the same payment, delivered later, credits nothing more
      await applyPaymentEvent(shop.app.checkout, {
        id: `evt_${randomUUID()}`,
        type: 'payment_succeeded',
        paymentId: payment!.gatewayPaymentId,
        orderId: null,
        purpose: 'employer_top_up',
        employerPaymentId: payment!.id,
        amountCents: 50_000,
      });
      expect(await bankBalance(group.id)).toBe(50_000);
    });

    it('refuses an amount out of bounds, a declined card adds nothing, and an invoiced group has no bank to add to', async () => {
      const { group, admin } = await prepaidAdmin('top-up-refused');
      const small = await admin.post('/api/business/bank/top-ups', {
        amountCents: MIN_CARD_TOP_UP_CENTS - 1,
        requestKey: randomUUID(),
        paymentMethod: card.succeeds(),
      });
      expect(small.statusCode).toBe(400);
      expect(small.body).toContain(employerBillingMessages.topUpAmount);
      const declined = await admin.post('/api/business/bank/top-ups', {
        amountCents: 20_000,
        requestKey: randomUUID(),
        paymentMethod: card.declined(),
      });
      expect(declined.statusCode).toBe(402);
      expect(declined.json().message).toBe(employerBillingMessages.topUpDeclined);
      expect(await bankBalance(group.id)).toBe(0);
      expect(await db().select().from(employerBankEntries).where(eq(employerBankEntries.groupId, group.id))).toEqual([]);

      const invoiced = await codedGroup('top-up-invoiced', null, 3);
      const { admin: invoicedAdmin } = await employerAdmin(invoiced.id);
      const refused = await invoicedAdmin.post('/api/business/bank/top-ups', {
        amountCents: 20_000,
        requestKey: randomUUID(),
        paymentMethod: card.succeeds(),
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('BANK_NOT_PREPAID');
    });
  });

  describe('the testing bank topped up by invoice', () => {
    async function prepaidGroup(slug: string, orders = 0) {
      const group = await codedGroup(slug, null, 5);
      const { admin, email } = await employerAdmin(group.id);
      // covered orders made while the group was invoiced monthly: they stay on the month's invoice
      if (orders > 0) await coveredOrders(group, orders);
      const prepaid = await operator.request({
        method: 'PUT',
        url: `/api/admin/employers/${group.id}/billing-mode`,
        payload: { mode: 'prepaid' },
      });
      expect(prepaid.statusCode).toBe(200);
      return { group, admin, email };
    }

    const ask = (admin: Visitor, amountCents: number, requestKey = randomUUID()) =>
      admin.post('/api/business/bank/top-up-invoices', { amountCents, requestKey });

    const topUps = (groupId: string) =>
      db()
        .select()
        .from(employerBankEntries)
        .where(and(eq(employerBankEntries.groupId, groupId), eq(employerBankEntries.kind, 'top_up')));

    it('is issued on request, once per request key, e-mailed to the admins and listed with its kind; nothing is credited yet', async () => {
      const { group, admin, email } = await prepaidGroup('top-up-invoice');
      const requestKey = randomUUID();
      const [first, twin] = await Promise.all([ask(admin, 120_000, requestKey), ask(admin, 120_000, requestKey)]);
      expect(first.statusCode, first.body).toBe(201);
      expect(twin.statusCode, twin.body).toBe(201);
      expect(twin.json().id).toBe(first.json().id);
      const invoice = first.json();
      expect(invoice).toMatchObject({ kind: 'bank_top_up', status: 'open', totalCents: 120_000, period: now.toISOString().slice(0, 7) });
      expect((await ask(admin, 130_000, requestKey)).json().code).toBe('TOP_UP_KEY_REUSED');

      const listed = (await admin.get('/api/business/invoices')).json().invoices;
      expect(listed).toEqual([expect.objectContaining({ id: invoice.id, kind: 'bank_top_up', status: 'open' })]);
      const mails = (await mailbox(shop, email)).filter((mail) => mail.template === 'employer-invoice-issued');
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe(`Invoice ${invoice.number} of Acme top-up-invoice: testing bank top-up`);
      expect(mails[0]!.text).toContain('The testing bank is credited with $1,200.00 once it is paid.');
      const text = await pdfText(new Uint8Array((await admin.get(`/api/business/invoices/${invoice.id}/invoice.pdf`)).rawPayload));
      expect(text).toContain('Bank top-up');
      expect(text).toContain('credited to it once this invoice is paid');
      expect(text).toContain('Routing number (ABA): 110000000');
      expect(await topUps(group.id)).toEqual([]);
      expect(await bankBalance(group.id)).toBe(0);
    });

    it('refuses an amount out of bounds with its reason, a group invoiced monthly, and another group’s admin', async () => {
      const { admin } = await prepaidGroup('top-up-invoice-refused');
      for (const amountCents of [MIN_CARD_TOP_UP_CENTS - 1, MAX_CARD_TOP_UP_CENTS + 1]) {
        const refused = await ask(admin, amountCents);
        expect(refused.statusCode).toBe(400);
        expect(refused.json().message).toBe(employerBillingMessages.topUpAmount);
      }
      const monthly = await codedGroup('top-up-invoice-monthly', null, 3);
      const { admin: monthlyAdmin } = await employerAdmin(monthly.id);
      const notPrepaid = await ask(monthlyAdmin, 20_000);
      expect(notPrepaid.statusCode).toBe(409);
      expect(notPrepaid.json()).toEqual({ code: 'BANK_NOT_PREPAID', message: employerBillingMessages.notPrepaid });
      expect((await monthlyAdmin.get('/api/business/invoices')).json().invoices).toEqual([]);

      // another group's admin can neither see nor pay it
      const invoice = (await ask(admin, 20_000)).json();
      const other = await prepaidGroup('top-up-invoice-other');
      expect((await other.admin.get(`/api/business/invoices/${invoice.id}`)).statusCode).toBe(404);
      expect((await pay(other.admin, invoice.id, card.succeeds())).statusCode).toBe(404);
      const stranger = new Visitor(shop.app);
      await stranger.post('/api/checkout/account', { email: `asker-${randomUUID()}@example.com`, password: 'Sup3r-secret!' });
      expect((await ask(stranger, 20_000)).statusCode).toBe(403);
      expect(await bankBalance(other.group.id)).toBe(0);
    });

    it('paid by card, twice at once and then reported by the webhook, charges once and credits the bank once under its number', async () => {
      const { group, admin, email } = await prepaidGroup('top-up-invoice-card');
      const invoice = (await ask(admin, 50_000)).json();
      const attempt = await payTwiceAtOnce(admin, invoice.id);
      await applyPaymentEvent(shop.app.checkout, {
        id: `evt_${randomUUID()}`,
        type: 'payment_succeeded',
        paymentId: attempt.gatewayPaymentId,
        orderId: null,
        purpose: 'employer_invoice',
        employerPaymentId: attempt.id,
        amountCents: 50_000,
      });

      expect(await topUps(group.id)).toEqual([expect.objectContaining({ amountCents: 50_000, reference: invoice.number })]);
      expect(await bankBalance(group.id)).toBe(50_000);
      expect((await invoiceRow(invoice.id)).status).toBe('paid');
      expect(await paidEvents(invoice.id)).toHaveLength(1);
      const audits = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.subjectId, group.id), eq(auditLog.action, 'employer_group.bank_top_up_by_invoice')));
      expect(audits).toHaveLength(1);
      const receipts = (await mailbox(shop, email)).filter((mail) => mail.template === 'employer-invoice-paid');
      expect(receipts).toHaveLength(1);
      expect(receipts[0]!.text).toContain('$500.00 is added to your testing bank.');
    });

    it('marked paid by an operator (a transfer arrived) credits once; a card then finds nothing to pay', async () => {
      const { group, admin } = await prepaidGroup('top-up-invoice-transfer');
      const invoice = (await ask(admin, 25_000)).json();
      const marks = await Promise.all([
        operator.post(`/api/admin/employers/${group.id}/invoices/${invoice.id}/status`, { status: 'paid' }),
        operator.post(`/api/admin/employers/${group.id}/invoices/${invoice.id}/status`, { status: 'paid' }),
      ]);
      expect(marks.map((mark) => mark.statusCode).sort()).toEqual([200, 409]);
      expect((await pay(admin, invoice.id, card.succeeds())).json().code).toBe('INVOICE_NOT_OPEN');
      expect(await topUps(group.id)).toEqual([expect.objectContaining({ amountCents: 25_000, reference: invoice.number })]);
      expect(await bankBalance(group.id)).toBe(25_000);
      expect((await operator.get(`/api/admin/employers/${group.id}/bank`)).json().balanceCents).toBe(25_000);
    });

    it('voided, credits nothing and cannot be paid', async () => {
      const { group, admin } = await prepaidGroup('top-up-invoice-void');
      const invoice = (await ask(admin, 25_000)).json();
      const voided = await operator.post(`/api/admin/employers/${group.id}/invoices/${invoice.id}/status`, { status: 'void' });
      expect(voided.statusCode, voided.body).toBe(200);
      expect((await pay(admin, invoice.id, card.succeeds())).json().code).toBe('INVOICE_NOT_OPEN');
      expect(await topUps(group.id)).toEqual([]);
      expect(await bankBalance(group.id)).toBe(0);
    });

    it('leaves the month’s own invoice to be issued for the same month, once', async () => {
      const { group, admin } = await prepaidGroup('top-up-invoice-month', 5);
      const topUp = (await ask(admin, 30_000)).json();
      expect(topUp.period).toBe(now.toISOString().slice(0, 7));
      const run = await runInvoices({ db: db(), events: shop.app.events }, embeddedInvoicing, nextMonth, { groupId: group.id });
      expect(run.issued).toHaveLength(1);
      await runInvoices({ db: db(), events: shop.app.events }, embeddedInvoicing, nextMonth, { groupId: group.id });
      const listed = (await admin.get('/api/business/invoices')).json().invoices;
      expect(listed.map((invoice: { kind: string; period: string }) => [invoice.kind, invoice.period]).sort()).toEqual([
        ['bank_top_up', topUp.period],
        ['covered_orders', topUp.period],
      ]);
      const monthly = listed.find((invoice: { kind: string }) => invoice.kind === 'covered_orders');
      expect(monthly.totalCents).toBeGreaterThan(0);
      // paying the month's invoice credits no bank
      expect((await pay(admin, monthly.id, card.succeeds())).statusCode).toBe(200);
      expect(await topUps(group.id)).toEqual([]);
    });
  });
});
