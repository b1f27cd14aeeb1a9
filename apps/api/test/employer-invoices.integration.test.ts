import { and, eq } from 'drizzle-orm';
import { auditLog, employerInvoiceLines, employerInvoices, jobs, orderItems } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedInvoicing } from '../src/billing/invoicing.ts';
import { runInvoices } from '../src/employers/invoices.ts';
import { enqueue } from '../src/jobs/queue.ts';
import { createPeriodicScheduler } from '../src/jobs/scheduler.ts';
import { employerHelpers, monthsLater } from './employer-helpers.ts';
import { createTestShop, mailbox, staffVisitor, Visitor, type TestShop } from './helpers.ts';
import { pdfText } from './pdf-text.ts';
import { postgresTestMode } from './postgres.ts';

const now = new Date();
const thisMonth = now.toISOString().slice(0, 7);

describe('employer groups’ monthly invoices', () => {
  let shop: TestShop;
  let operator: Visitor;
  const db = () => shop.database.db;
  const run = (at: Date) => runInvoices({ db: db(), events: shop.app.events }, embeddedInvoicing, at);
  beforeAll(async () => {
    shop = await createTestShop();
    operator = await staffVisitor(shop, 'operator');
  });
  afterAll(() => shop.close());

  const { codedGroup, coveredOrder, coveredOrders, employerAdmin } = employerHelpers(
    () => shop,
    () => operator,
  );

  async function invoicesOf(groupId: string) {
    return db().select().from(employerInvoices).where(eq(employerInvoices.groupId, groupId));
  }

  it('is queued once a month, whichever process and hour asks', async () => {
    await Promise.all([
      createPeriodicScheduler(db())(new Date('2031-05-01T00:10:00Z')),
      createPeriodicScheduler(db())(new Date('2031-05-01T00:50:00Z')),
      createPeriodicScheduler(db())(new Date('2031-05-20T13:00:00Z')),
    ]);
    const queued = await db().select().from(jobs).where(eq(jobs.singletonKey, 'employers.invoice:2031-05'));
    expect(queued.map((job) => job.name)).toEqual(['employers.invoice']);
    await db().delete(jobs).where(eq(jobs.singletonKey, 'employers.invoice:2031-05'));
  });

  it('bills a month’s covered orders in arrears, one line for five people or more, once: a second run makes no second invoice', async () => {
    const group = await codedGroup('billed', null, 5);
    const [first, second] = await coveredOrders(group, 2);

    // this month is not over: nothing is billed yet
    await run(now);
    expect(await invoicesOf(group.id)).toEqual([]);
    // over, but two people are behind it: it is carried, unbilled (decision 0057)
    await run(monthsLater(1));
    expect(await invoicesOf(group.id)).toEqual([]);
    const rest = await coveredOrders(group, 3);

    // the job, as the worker runs it at the start of next month
    await enqueue(db(), { name: 'employers.invoice', payload: {} });
    await shop.app.jobs.runDueJobs({ now: monthsLater(1) });
    const [invoice, ...more] = await invoicesOf(group.id);
    expect(more).toEqual([]);
    expect(invoice).toMatchObject({
      period: thisMonth,
      status: 'open',
      totalCents: 5 * 7995,
      issuer: 'embedded',
      reference: `INV-${invoice!.number}`,
    });
    expect(Buffer.from(invoice!.pdf!).subarray(0, 5).toString()).toBe('%PDF-');
    const lines = await db().select().from(employerInvoiceLines).where(eq(employerInvoiceLines.invoiceId, invoice!.id));
    expect(
      lines.map(({ orderId, kind, amountCents }) => ({ orderId, kind, amountCents })).sort((a, b) => a.orderId.localeCompare(b.orderId)),
    ).toEqual(
      [first!, second!, ...rest]
        .map((order) => ({ orderId: order.id, kind: 'charge', amountCents: 7995 }))
        .sort((a, b) => a.orderId.localeCompare(b.orderId)),
    );
    const text = await pdfText(invoice!.pdf!);
    expect(text).toContain(`Invoice INV-${invoice!.number}`);
    expect(text).toContain('Billed to Acme billed');
    expect(text).toContain('Covered tests and programs: 5 people');
    expect(text).not.toContain(`#${first!.number}`);
    expect(text).toContain('$399.75');

    // run again, and again a month later: the orders are on one invoice, once
    expect((await run(monthsLater(1))).issued.filter((issued) => issued.groupId === group.id)).toEqual([]);
    await run(monthsLater(2));
    expect(await invoicesOf(group.id)).toHaveLength(1);
    expect(await db().select().from(employerInvoiceLines).where(eq(employerInvoiceLines.orderId, first!.id))).toHaveLength(1);
  });

  it('holds in the database that an order is charged on one invoice only, and a credit is never positive', async () => {
    const group = await codedGroup('held', null, 5);
    const [order] = await coveredOrders(group, 5);
    await run(monthsLater(1));
    const [invoice] = await invoicesOf(group.id);
    const line = { invoiceId: invoice!.id, orderId: order!.id, orderNumber: order!.number, orderDate: '2030-01-01' };
    await expect(
      db()
        .insert(employerInvoiceLines)
        .values({ ...line, kind: 'charge', amountCents: 7995 }),
    ).rejects.toThrow();
    await expect(
      db()
        .insert(employerInvoiceLines)
        .values({ ...line, kind: 'credit', amountCents: 7995 }),
    ).rejects.toThrow();
  });

  it('nets an invoiced order refunded or cancelled since into a later invoice of five people, and leaves out one refunded before', async () => {
    const group = await codedGroup('credited', 5000, 9);
    const kept = await coveredOrders(group, 3);
    const refundedLater = await coveredOrder(group);
    const cancelledLater = await coveredOrder(group);
    const refundedFirst = await coveredOrder(group);
    expect((await operator.post(`/api/admin/orders/${refundedFirst.id}/refund`, {})).statusCode).toBe(200);

    await run(monthsLater(1));
    const [first] = await invoicesOf(group.id);
    expect(first).toMatchObject({ period: thisMonth, totalCents: 5 * 5000 });
    const firstLines = await db().select().from(employerInvoiceLines).where(eq(employerInvoiceLines.invoiceId, first!.id));
    expect(firstLines.map((line) => line.orderId).sort()).toEqual(
      [...kept.map((order) => order.id), refundedLater.id, cancelledLater.id].sort(),
    );

    expect((await operator.post(`/api/admin/orders/${refundedLater.id}/refund`, {})).statusCode).toBe(200);
    expect((await operator.post(`/api/admin/orders/${cancelledLater.id}/cancel`, {})).statusCode).toBe(200);
    // two declines alone are two people: no credit line, nothing billed, they wait
    await run(monthsLater(2));
    expect(await invoicesOf(group.id)).toHaveLength(1);
    // three more orders make five people: one invoice nets the declines into them
    const later = await coveredOrders(group, 3);
    await run(monthsLater(3));
    const next = (await invoicesOf(group.id)).find((invoice) => invoice.id !== first!.id);
    expect(next).toMatchObject({ status: 'open', totalCents: 3 * 5000 - 2 * 5000 });
    const recorded = await db().select().from(employerInvoiceLines).where(eq(employerInvoiceLines.invoiceId, next!.id));
    expect(
      recorded.map(({ orderId, kind, amountCents }) => ({ orderId, kind, amountCents })).sort((a, b) => a.orderId.localeCompare(b.orderId)),
    ).toEqual(
      [
        ...[refundedLater, cancelledLater].map((order) => ({ orderId: order.id, kind: 'credit', amountCents: -5000 })),
        ...later.map((order) => ({ orderId: order.id, kind: 'charge', amountCents: 5000 })),
      ].sort((a, b) => a.orderId.localeCompare(b.orderId)),
    );
    const pdf = await pdfText(next!.pdf!);
    expect(pdf).toContain('Covered tests and programs: 5 people');
    expect(pdf).not.toMatch(/Credit|#\d/);
    // credited once: a later month has nothing left to bill
    await run(monthsLater(4));
    expect(await invoicesOf(group.id)).toHaveLength(2);
    expect(await db().select().from(employerInvoiceLines).where(eq(employerInvoiceLines.orderId, refundedFirst.id))).toEqual([]);
  });

  it('shows the employer admin their own group’s invoices, with no health detail, and another group’s admin a 404', async () => {
    const group = await codedGroup('portal-billed', null, 5);
    const other = await codedGroup('portal-other', null, 5);
    const [order] = await coveredOrders(group, 5);
    await coveredOrders(other, 5);
    const { admin, email } = await employerAdmin(group.id);
    const { admin: otherAdmin } = await employerAdmin(other.id);
    await run(monthsLater(1));
    const [invoice] = await invoicesOf(group.id);

    const list = await admin.get('/api/business/invoices');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().invoices).toEqual([
      expect.objectContaining({
        id: invoice!.id,
        number: `INV-${invoice!.number}`,
        period: thisMonth,
        status: 'open',
        totalCents: 5 * 7995,
        hasPdf: true,
      }),
    ]);
    const detail = await admin.get(`/api/business/invoices/${invoice!.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).not.toHaveProperty('lines');
    expect(detail.json().items).toEqual([{ label: 'Covered tests and programs', people: 5, amountCents: 5 * 7995 }]);
    const pdf = await admin.get(`/api/business/invoices/${invoice!.id}/invoice.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');

    // nothing of what was tested, for which goal, or of whom: not in the lines, not in the PDF
    const [item] = await db().select({ title: orderItems.title }).from(orderItems).where(eq(orderItems.orderId, order!.id));
    for (const shown of [list.body, detail.body, await pdfText(pdf.rawPayload)]) {
      for (const secret of [item!.title, 'Focus', 'fatigue', 'Fatigue', order!.email, order!.id, `#${order!.number}`])
        expect(shown).not.toContain(secret);
    }

    // the admin hears of it by e-mail, which names the invoice and no order
    const [notice] = (await mailbox(shop, email)).filter((mail) => mail.template === 'employer-invoice-issued');
    expect(notice?.text).toContain(`INV-${invoice!.number}`);
    expect(notice?.text).not.toContain(String(order!.number));

    // another group's admin: the invoice and its PDF are not there, and their list is their own
    expect((await otherAdmin.get(`/api/business/invoices/${invoice!.id}`)).statusCode).toBe(404);
    expect((await otherAdmin.get(`/api/business/invoices/${invoice!.id}/invoice.pdf`)).statusCode).toBe(404);
    expect((await otherAdmin.get('/api/business/invoices')).json().invoices.map((row: { id: string }) => row.id)).not.toContain(
      invoice!.id,
    );
    // a customer, or nobody, is no employer admin
    expect((await new Visitor(shop.app).get('/api/business/invoices')).statusCode).toBe(401);
    expect((await operator.get(`/api/business/invoices/${invoice!.id}`)).statusCode).toBe(403);
  });

  it('lists a group’s invoices in the console, where an operator marks one paid or void, once and audited', async () => {
    const group = await codedGroup('console-billed', null, 10);
    await coveredOrders(group, 5);
    await run(monthsLater(1));
    await coveredOrders(group, 5);
    await run(monthsLater(2));
    const listed = await operator.get(`/api/admin/employers/${group.id}/invoices`);
    expect(listed.statusCode, listed.body).toBe(200);
    const [newest, oldest] = listed.json().invoices;
    expect(listed.json().invoices).toHaveLength(2);
    expect(newest.period > oldest.period).toBe(true);
    expect(newest).toMatchObject({ status: 'open', totalCents: 5 * 7995 });
    expect((await operator.get(`/api/admin/employers/${group.id}/invoices/${newest.id}/invoice.pdf`)).statusCode).toBe(200);
    // the console keeps the shop's record of which orders were billed; the employer's lines beside it
    const detail = (await operator.get(`/api/admin/employers/${group.id}/invoices/${newest.id}`)).json();
    expect(detail.lines).toHaveLength(5);
    expect(detail.items).toEqual([{ label: 'Covered tests and programs', people: 5, amountCents: 5 * 7995 }]);

    const support = await staffVisitor(shop, 'support');
    expect((await support.get(`/api/admin/employers/${group.id}/invoices`)).statusCode).toBe(403);
    expect((await support.post(`/api/admin/employers/${group.id}/invoices/${newest.id}/status`, { status: 'paid' })).statusCode).toBe(403);
    // an invoice is found under its own group only
    const elsewhere = await codedGroup('console-elsewhere', null, 1);
    expect((await operator.post(`/api/admin/employers/${elsewhere.id}/invoices/${newest.id}/status`, { status: 'paid' })).statusCode).toBe(
      404,
    );

    const paid = await operator.post(`/api/admin/employers/${group.id}/invoices/${oldest.id}/status`, { status: 'paid' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().status).toBe('paid');
    const again = await operator.post(`/api/admin/employers/${group.id}/invoices/${oldest.id}/status`, { status: 'void' });
    expect(again.statusCode).toBe(409);
    expect((await operator.post(`/api/admin/employers/${group.id}/invoices/${newest.id}/status`, { status: 'void' })).json().status).toBe(
      'void',
    );
    const audited = await db()
      .select({ action: auditLog.action, subjectId: auditLog.subjectId })
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, 'employer_invoice')));
    expect(audited).toEqual(
      expect.arrayContaining([
        { action: 'employer_invoice.mark_paid', subjectId: oldest.id },
        { action: 'employer_invoice.void', subjectId: newest.id },
      ]),
    );
  });

  describe.runIf(postgresTestMode())('on PostgreSQL', () => {
    it('two runs at once make one invoice, each order on it once', async () => {
      const group = await codedGroup('raced-invoice', null, 5);
      const placed = await coveredOrders(group, 5);
      const runs = await Promise.all([run(monthsLater(1)), run(monthsLater(1)), run(monthsLater(1))]);
      expect(runs.flatMap((one) => one.issued).filter((issued) => issued.groupId === group.id)).toHaveLength(1);
      const [invoice, ...more] = await invoicesOf(group.id);
      expect(more).toEqual([]);
      expect(invoice).toMatchObject({ status: 'open', totalCents: 5 * 7995 });
      const lines = await db().select().from(employerInvoiceLines).where(eq(employerInvoiceLines.invoiceId, invoice!.id));
      expect(lines.map((line) => line.orderId).sort()).toEqual(placed.map((order) => order.id).sort());
    });
  });
});
