import { eq, sql } from 'drizzle-orm';
import { employerBankEntries, employerCodes, employerCoveredOrders, employerEnrollments, employerInvoices, orders, users } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedInvoicing } from '../src/billing/invoicing.ts';
import { runInvoices } from '../src/employers/invoices.ts';
import { portalCodeBatchesOf } from '../src/employers/portal-eligibility.ts';
import { portalOf } from '../src/employers/portal.ts';
import { employerHelpers } from './employer-helpers.ts';
import { createTestShop, mailbox, staffVisitor, type TestShop, type Visitor } from './helpers.ts';

const now = new Date();
const STARTER_CENTS = 7995;
const TOP_UP_CENTS = 20 * STARTER_CENTS;
/** The first hours of next month: when the job bills this month. */
const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 2));

/**
 * Decision 0057 through the API: what an employer admin can read (the portal, its invoices, its
 * e-mails) before and after employees order and a clinician declines one, in groups of one, two
 * and five employees.
 */
describe('an employer reads nothing of fewer than five people', () => {
  let shop: TestShop;
  let operator: Visitor;
  let clinician: Visitor;
  const db = () => shop.database.db;
  beforeAll(async () => {
    shop = await createTestShop();
    operator = await staffVisitor(shop, 'operator');
    clinician = await staffVisitor(shop, 'clinician');
  });
  afterAll(() => shop.close());
  const { codedGroup, createGroup, coveredOrders, employerAdmin } = employerHelpers(
    () => shop,
    () => operator,
  );

  /** Everything the admin can read of their group: the portal, the invoices with their lines, and their e-mails' subjects and text. */
  async function readings(admin: Visitor, email: string) {
    const portal = (await admin.get('/api/business/portal')).json();
    const { invoices } = (await admin.get('/api/business/invoices')).json();
    const detailed = [];
    for (const invoice of invoices as { id: string }[]) detailed.push((await admin.get(`/api/business/invoices/${invoice.id}`)).json());
    const mails = (await mailbox(shop, email)).map((mail) => [mail.subject, mail.text]);
    const { batches } = (await admin.get('/api/business/codes')).json();
    return {
      bankStatements: portal.bankStatements,
      group: portal.group,
      figures: portal.figures,
      figuresAsOf: portal.figuresAsOf,
      batches,
      invoices: detailed,
      mails,
    };
  }

  /** The group's bank entries moved into last month: the month a statement is made for once it has ended. */
  const intoLastMonth = (groupId: string) =>
    db()
      .update(employerBankEntries)
      .set({ createdAt: sql`date_trunc('month', now()) - interval '15 days'` })
      .where(eq(employerBankEntries.groupId, groupId));

  /** The order waits for a clinician's approval (its kit's way there is other tests'), who declines it: it is refunded. */
  const decline = async (orderId: string) => {
    await db().update(orders).set({ status: 'approval_pending' }).where(eq(orders.id, orderId));
    const declined = await clinician.post(`/api/admin/orders/${orderId}/decline`, { reason: 'Not suitable for this test' });
    expect(declined.statusCode, declined.body).toBe(200);
  };

  async function prepaidRun(size: number) {
    const group = await codedGroup(`five-prepaid-${size}`, null, size, ['fatigue']);
    expect(
      (await operator.request({ method: 'PUT', url: `/api/admin/employers/${group.id}/billing-mode`, payload: { mode: 'prepaid' } }))
        .statusCode,
    ).toBe(200);
    expect(
      (await operator.post(`/api/admin/employers/${group.id}/bank/top-ups`, { amountCents: TOP_UP_CENTS, reference: `WIRE-${size}` }))
        .statusCode,
    ).toBe(201);
    await intoLastMonth(group.id);
    const { admin, email } = await employerAdmin(group.id);
    const before = await readings(admin, email);
    expect(before.group).not.toHaveProperty('bankBalanceCents');
    expect(before.bankStatements[0]).toMatchObject({ topUpCents: TOP_UP_CENTS, drawnCents: 0, people: null, closingCents: TOP_UP_CENTS });

    const placed = await coveredOrders(group, size);
    const ordered = await readings(admin, email);
    await intoLastMonth(group.id);
    const orderedLastMonth = await readings(admin, email);
    await decline(placed[0]!.id);
    await intoLastMonth(group.id);
    const declined = await readings(admin, email);
    return { before, ordered, orderedLastMonth, declined, portal: (await admin.get('/api/business/portal')).json() };
  }

  it.each([1, 2])('a prepaid group of %i: its bank statements read the same before and after the orders and the decline', async (size) => {
    const { before, ordered, orderedLastMonth, declined, portal } = await prepaidRun(size);
    expect(ordered).toEqual(before);
    expect(orderedLastMonth).toEqual(before);
    expect(declined).toEqual(before);
    expect(portal.figures.ordered).toBe('fewer than 5');
  });

  it('a prepaid group of five: last month’s statement shows what the five drew, the decline netted in, as one figure', async () => {
    const { before, ordered, orderedLastMonth, declined } = await prepaidRun(5);
    // the month is still running: nothing moves yet
    expect(ordered).toEqual(before);
    expect(orderedLastMonth.bankStatements[0]).toMatchObject({
      drawnCents: 5 * STARTER_CENTS,
      people: 5,
      closingCents: TOP_UP_CENTS - 5 * STARTER_CENTS,
    });
    expect(declined.bankStatements[0]).toMatchObject({
      drawnCents: 4 * STARTER_CENTS,
      people: 5,
      closingCents: TOP_UP_CENTS - 4 * STARTER_CENTS,
    });
  });

  async function invoicedRun(size: number) {
    const group = await codedGroup(`five-invoiced-${size}`, null, size, ['fatigue']);
    const { admin, email } = await employerAdmin(group.id);
    const before = await readings(admin, email);
    const placed = await coveredOrders(group, size);
    await runInvoices({ db: db(), events: shop.app.events }, embeddedInvoicing, nextMonth, { groupId: group.id });
    await shop.app.jobs.runDueJobs();
    const invoiced = await readings(admin, email);
    await decline(placed[0]!.id);
    const monthAfter = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 1, 2));
    await runInvoices({ db: db(), events: shop.app.events }, embeddedInvoicing, monthAfter, { groupId: group.id });
    await shop.app.jobs.runDueJobs();
    const declined = await readings(admin, email);
    return { group, placed, before, invoiced, declined };
  }

  it.each([1, 2])('an invoiced group of %i: no invoice, no line and no e-mail tells of the orders or the decline', async (size) => {
    const { group, before, invoiced, declined } = await invoicedRun(size);
    expect(invoiced).toEqual(before);
    expect(declined).toEqual(before);
    expect(await db().select().from(employerInvoices).where(eq(employerInvoices.groupId, group.id))).toEqual([]);
  });

  it('an invoiced group of five: one line with its five people, and the decline is no credit line of its own', async () => {
    const { placed, invoiced, declined } = await invoicedRun(5);
    expect(invoiced.invoices).toEqual([
      expect.objectContaining({
        totalCents: 5 * STARTER_CENTS,
        items: [{ label: 'Covered tests and programs', people: 5, amountCents: 5 * STARTER_CENTS }],
      }),
    ]);
    // one decline is one person: it waits, netted into a later invoice of five
    expect(declined.invoices).toEqual(invoiced.invoices);
    const shown = JSON.stringify(declined);
    for (const order of placed) expect(shown).not.toContain(`#${order.number}`);
  });

  it('the portal’s figures are counted at month ends and move only by five people or more', async () => {
    // a plan year that began last month, so that a month of it has ended whatever today is
    const lastMonthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
    const planYearEnd = new Date(Date.UTC(now.getUTCFullYear() + 1, now.getUTCMonth() - 1, 0));
    const id = await createGroup('five-figures', {
      goals: ['fatigue'],
      coverCents: null,
      eligibility: 'code',
      planYearStart: lastMonthStart.toISOString().slice(0, 10),
      planYearEnd: planYearEnd.toISOString().slice(0, 10),
    });
    const minted = await operator.post(`/api/admin/employers/${id}/codes`, { count: 10 });
    expect(minted.statusCode, minted.body).toBe(201);
    const group = { id, slug: 'five-figures', codes: minted.json().codes as string[] };
    const { admin, email } = await employerAdmin(id);
    const [account] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
    const live = await readings(admin, email);
    // read as at the end of this month: last month's end, then this month's, are counted
    const atMonthEnd = async () => ({
      ...(await portalOf(db(), account!.id, nextMonth)),
      used: (await portalCodeBatchesOf(db(), id, nextMonth))[0]!.used,
    });
    /** What the group's people did so far moved into last month. */
    const intoLastMonth = async () => {
      const lastMonth = sql`${lastMonthStart.toISOString()}::timestamptz + interval '14 days'`;
      await db().update(employerCoveredOrders).set({ createdAt: lastMonth }).where(eq(employerCoveredOrders.groupId, id));
      await db().update(employerEnrollments).set({ createdAt: lastMonth }).where(eq(employerEnrollments.groupId, id));
      await db()
        .update(employerCodes)
        .set({ createdAt: lastMonth, usedAt: sql`case when ${employerCodes.usedAt} is null then null else ${lastMonth} end` })
        .where(eq(employerCodes.groupId, id));
    };

    await coveredOrders(group, 4);
    await intoLastMonth();
    expect(await atMonthEnd()).toMatchObject({ figures: { enrolled: 'fewer than 5', ordered: 'fewer than 5' }, used: 'fewer than 5' });
    await coveredOrders(group, 1);
    await intoLastMonth();
    const five = await atMonthEnd();
    expect(five).toMatchObject({ figures: { enrolled: '5', ordered: '5', kitsReturned: 'fewer than 5' }, used: '5' });
    expect(five.figuresAsOf).toBe(`${nextMonth.toISOString().slice(0, 10)}T00:00:00.000Z`);
    // a sixth person this month moves nothing: a figure moves once five more stand behind the change
    await coveredOrders(group, 1);
    expect(await atMonthEnd()).toMatchObject({ figures: { enrolled: '5', ordered: '5' }, used: '5' });
    await coveredOrders(group, 4);
    expect(await atMonthEnd()).toMatchObject({ figures: { enrolled: '10', ordered: '10' }, used: '10' });
    // while this month runs, the admin reads last month's figures: the five, whatever happened since
    const read = await readings(admin, email);
    expect(read.figures).toMatchObject({ enrolled: '5', ordered: '5' });
    expect(live.figures).toMatchObject({ enrolled: 'fewer than 5', ordered: 'fewer than 5' });
  });
});
