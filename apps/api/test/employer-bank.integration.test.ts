import { and, eq, inArray, sql } from 'drizzle-orm';
import { employerMessages } from '@shop/core';
import {
  auditLog,
  domainEvents,
  employerBankEntries,
  employerCoveredOrders,
  employerGroups,
  employerInvoices,
  orders,
  payments,
} from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedInvoicing } from '../src/billing/invoicing.ts';
import { returnDrawOfOrder } from '../src/employer-cover/bank.ts';
import { runInvoices } from '../src/employers/invoices.ts';
import { releaseUnpaidDraws, UNPAID_DRAW_HOLD_MS } from '../src/employers/unpaid-draws.ts';
import { employerHelpers, racingCheckouts } from './employer-helpers.ts';
import { createTestShop, paymentMethod, staffVisitor, Visitor, type TestShop, everyConsent } from './helpers.ts';
import { postgresTestMode } from './postgres.ts';

const now = new Date();
const year = now.getUTCFullYear();
const nextMonth = new Date(Date.UTC(year, now.getUTCMonth() + 1, 1, 2));
/** The Fatigue starter test's price: what a group covering "all of it" pays per order. */
const STARTER_CENTS = 7995;
const DECLINED_CARD = '4000 0000 0000 0002';
/** a card whose bank asks the customer to confirm: the order waits, unpaid */
const AUTHENTICATED_CARD = '4000 0025 0000 3155';

describe('an employer group’s prepaid testing bank', () => {
  let shop: TestShop;
  let operator: Visitor;
  const db = () => shop.database.db;
  const events = () => ({ db: db(), events: shop.app.events });
  beforeAll(async () => {
    shop = await createTestShop();
    operator = await staffVisitor(shop, 'operator');
  });
  afterAll(() => shop.close());

  const { codedGroup, eligibleEmployee, checkout } = employerHelpers(
    () => shop,
    () => operator,
  );

  /** A prepaid group of coded eligibility covering `coverCents` (all of the starter test when null), its bank topped up with `bankCents`. */
  async function prepaidGroup(slug: string, coverCents: number | null, bankCents: number, codes = 3) {
    const group = await codedGroup(slug, coverCents, codes, ['fatigue']);
    const prepaid = await operator.request({
      method: 'PUT',
      url: `/api/admin/employers/${group.id}/billing-mode`,
      payload: { mode: 'prepaid' },
    });
    expect(prepaid.statusCode, prepaid.body).toBe(200);
    if (bankCents > 0) {
      const topUp = await operator.post(`/api/admin/employers/${group.id}/bank/top-ups`, {
        amountCents: bankCents,
        reference: `WIRE-${slug}`,
      });
      expect(topUp.statusCode, topUp.body).toBe(201);
    }
    return group;
  }

  const bank = async (groupId: string) => (await operator.get(`/api/admin/employers/${groupId}/bank`)).json();

  /** The employee's checkout with a card the bank declines: refused (402), the order left unpaid. */
  async function declinedOrder(employee: Awaited<ReturnType<typeof eligibleEmployee>>) {
    const declined = await employee.post('/api/checkout/orders', {
      testedState: 'TX',
      consents: everyConsent,
      paymentMethod: await paymentMethod(employee, DECLINED_CARD),
    });
    expect(declined.statusCode).toBe(402);
    const [unpaid] = await db().select().from(orders).where(eq(orders.email, employee.email));
    return unpaid;
  }

  it('is topped up and switched by an operator only, audited, and refuses a top-up without an amount or reference', async () => {
    const group = await prepaidGroup('bank-topped', null, 0);
    const topUp = await operator.post(`/api/admin/employers/${group.id}/bank/top-ups`, { amountCents: 50_000, reference: 'WIRE-1' });
    expect(topUp.statusCode, topUp.body).toBe(201);
    expect(topUp.json()).toMatchObject({
      billingMode: 'prepaid',
      balanceCents: 50_000,
      entries: [{ kind: 'top_up', amountCents: 50_000, reference: 'WIRE-1', orderId: null, orderNumber: null }],
    });

    const zero = await operator.post(`/api/admin/employers/${group.id}/bank/top-ups`, { amountCents: 0, reference: 'WIRE-2' });
    expect(zero.statusCode).toBe(400);
    expect(zero.body).toContain(employerMessages.topUpAmount);
    const noReference = await operator.post(`/api/admin/employers/${group.id}/bank/top-ups`, { amountCents: 100, reference: ' ' });
    expect(noReference.statusCode).toBe(400);
    const employee = await eligibleEmployee(group);
    expect((await employee.post(`/api/admin/employers/${group.id}/bank/top-ups`, { amountCents: 100, reference: 'x' })).statusCode).toBe(
      403,
    );
    expect((await employee.get(`/api/admin/employers/${group.id}/bank`)).statusCode).toBe(403);
    // the same transfer recorded twice (a double submit, a second operator) counts once
    const twice = await operator.post(`/api/admin/employers/${group.id}/bank/top-ups`, { amountCents: 50_000, reference: 'WIRE-1' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(employerMessages.topUpRecorded);
    expect(await bank(group.id)).toMatchObject({ balanceCents: 50_000, entries: [{ kind: 'top_up' }] });

    const audited = await db()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, 'employer_group'), eq(auditLog.subjectId, group.id)));
    const actions = audited.map((entry) => entry.action);
    expect(actions).toContain('employer_group.billing_mode');
    expect(actions.filter((action) => action === 'employer_group.bank_top_up')).toHaveLength(1);
  });

  it('draws a covered order’s cover in its checkout, refuses one it cannot cover, and puts neither on an invoice', async () => {
    const group = await prepaidGroup('bank-drawn', null, STARTER_CENTS + 1000);
    const first = await eligibleEmployee(group);
    const placed = await checkout(first);
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId: string = placed.json().order.id;
    expect(await bank(group.id)).toMatchObject({
      balanceCents: 1000,
      // the draw names its order by the number people read too
      entries: [{ kind: 'draw', amountCents: -STARTER_CENTS, orderId, orderNumber: placed.json().order.number }, { kind: 'top_up' }],
    });
    const [covered] = await db().select().from(employerCoveredOrders).where(eq(employerCoveredOrders.orderId, orderId));
    expect(covered).toMatchObject({ prepaid: true, coveredCents: STARTER_CENTS });
    // an order draws once: the ledger's unique (order, kind) refuses a second draw
    await expect(db().insert(employerBankEntries).values({ groupId: group.id, kind: 'draw', amountCents: -1, orderId })).rejects.toThrow();

    // $10.00 left cannot cover a $79.95 test: told so, and nothing is ordered or drawn
    const second = await eligibleEmployee(group);
    const refused = await checkout(second);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'BANK_EMPTY', message: employerMessages.bankEmpty });
    expect(refused.json().message).toContain('normal price');
    expect(await db().select().from(orders).where(eq(orders.email, second.email))).toEqual([]);
    expect(await bank(group.id)).toMatchObject({ balanceCents: 1000 });
    expect(await db().select().from(employerBankEntries).where(eq(employerBankEntries.groupId, group.id))).toHaveLength(2);

    await runInvoices({ db: db(), events: shop.app.events }, embeddedInvoicing, nextMonth, { groupId: group.id });
    expect(await db().select().from(employerInvoices).where(eq(employerInvoices.groupId, group.id))).toEqual([]);
  });

  it('shows in the cart what placing the order does: the bank’s refusal when it is short, the cover and the card’s rest when it is not', async () => {
    const short = await prepaidGroup('bank-preview-short', null, 1000);
    const refusedWorker = await eligibleEmployee(short);
    const cart = (await refusedWorker.get('/api/cart')).json();
    expect(cart).toMatchObject({ cover: null, coverRefusal: { code: 'BANK_EMPTY', message: employerMessages.bankEmpty } });
    const placing = await refusedWorker.post('/api/checkout/orders', {
      testedState: 'TX',
      consents: everyConsent,
      paymentMethod: 'covered',
    });
    expect(placing.statusCode).toBe(409);
    expect(placing.json()).toMatchObject(cart.coverRefusal);
    // once the bank holds the test, the same cart shows the cover and places it
    await operator.post(`/api/admin/employers/${short.id}/bank/top-ups`, { amountCents: STARTER_CENTS, reference: 'WIRE-more' });
    const covered = (await refusedWorker.get('/api/cart')).json();
    expect(covered).toMatchObject({ cover: { coveredCents: STARTER_CENTS }, coverRefusal: null, totalCents: 0 });
    expect((await checkout(refusedWorker)).statusCode).toBe(201);

    const partial = await prepaidGroup('bank-preview-partial', 5000, 5000);
    const worker = await eligibleEmployee(partial);
    const preview = (await worker.get('/api/cart')).json();
    expect(preview).toMatchObject({ cover: { coveredCents: 5000 }, coverRefusal: null, totalCents: STARTER_CENTS - 5000 });
    const placed = await checkout(worker);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().order.total).toBe(preview.display.total);
    expect(await bank(partial.id)).toMatchObject({ balanceCents: 0, entries: [{ kind: 'draw', amountCents: -5000 }, { kind: 'top_up' }] });
  });

  it('lets an employee the short bank refuses buy the test at its normal price, drawing nothing and keeping their cover for later', async () => {
    const short = await prepaidGroup('bank-normal-price', null, 1000);
    const worker = await eligibleEmployee(short);
    expect((await worker.get('/api/cart')).json()).toMatchObject({ coverRefusal: { code: 'BANK_EMPTY' }, totalCents: STARTER_CENTS });

    // nobody else takes the cover off this cart: another account, or no account
    const stranger = await eligibleEmployee(await prepaidGroup('bank-normal-other', null, 1000));
    const withTheirCart = `${stranger.cookiesExcept('shop_cart')}; ${worker.cookie('shop_cart')}`;
    const taken = await stranger.request({ method: 'DELETE', url: '/api/employers/cart-cover', headers: { cookie: withTheirCart } });
    expect(taken.statusCode).toBe(404);
    const anonymous = await new Visitor(shop.app).request({
      method: 'DELETE',
      url: '/api/employers/cart-cover',
      headers: { cookie: worker.cookie('shop_cart') },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await worker.get('/api/cart')).json().coverRefusal).toMatchObject({ code: 'BANK_EMPTY' });

    const dropped = await worker.request({ method: 'DELETE', url: '/api/employers/cart-cover' });
    expect(dropped.statusCode, dropped.body).toBe(204);
    const normal = (await worker.get('/api/cart')).json();
    expect(normal).toMatchObject({ cover: null, coverRefusal: null, totalCents: STARTER_CENTS, display: { total: '$79.95' } });
    expect(normal.items.map((item: { testId: number; covered: unknown }) => [item.testId, item.covered])).toEqual([[68, null]]);
    const again = await worker.request({ method: 'DELETE', url: '/api/employers/cart-cover' });
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('CART_COVER_NOT_FOUND');

    const bought = await checkout(worker);
    expect(bought.statusCode, bought.body).toBe(201);
    expect(bought.json().order.total).toBe('$79.95');
    const orderId: string = bought.json().order.id;
    expect(await db().select().from(employerCoveredOrders).where(eq(employerCoveredOrders.orderId, orderId))).toEqual([]);
    expect(await bank(short.id)).toMatchObject({ balanceCents: 1000, entries: [{ kind: 'top_up' }] });

    // the cover was not used: once the bank holds the test, the employee's covered test is theirs
    await operator.post(`/api/admin/employers/${short.id}/bank/top-ups`, { amountCents: STARTER_CENTS, reference: 'WIRE-normal-more' });
    const proven = await worker.post(`/api/employers/${short.slug}/eligibility`, {
      goal: 'fatigue',
      proof: { method: 'code', code: worker.code },
    });
    expect(proven.statusCode, proven.body).toBe(200);
    expect((await worker.get('/api/cart')).json()).toMatchObject({ cover: { coveredCents: STARTER_CENTS }, totalCents: 0 });
    expect((await checkout(worker)).statusCode).toBe(201);
  });

  it('returns a refunded order’s draw to the bank once, whoever replays the event', async () => {
    const group = await prepaidGroup('bank-returned', 5000, 12_000);
    const worker = await eligibleEmployee(group);
    const placed = await checkout(worker);
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId: string = placed.json().order.id;
    expect(await bank(group.id)).toMatchObject({ balanceCents: 7000 });

    expect((await operator.post(`/api/admin/orders/${orderId}/refund`, {})).statusCode).toBe(200);
    expect(await bank(group.id)).toMatchObject({
      balanceCents: 12_000,
      entries: [{ kind: 'return', amountCents: 5000, orderId }, { kind: 'draw', amountCents: -5000, orderId }, { kind: 'top_up' }],
    });

    const [refunded] = await db()
      .select({ id: domainEvents.id })
      .from(domainEvents)
      .where(and(eq(domainEvents.type, 'order.refunded'), eq(domainEvents.subjectId, orderId)));
    expect(await shop.app.events.replay(db(), refunded!.id)).not.toContain('employer-bank.return');
    // the handler itself, run again past the bus's record of it, finds the draw returned already
    expect(await db().transaction((tx) => returnDrawOfOrder(tx, orderId, null))).toBe(0);
    expect(await bank(group.id)).toMatchObject({ balanceCents: 12_000 });
    const entries = await db()
      .select()
      .from(employerBankEntries)
      .where(and(eq(employerBankEntries.orderId, orderId), inArray(employerBankEntries.kind, ['return'])));
    expect(entries).toHaveLength(1);
  });

  it('gives an unpaid partly covered order’s draw back a day after it was placed, once, and leaves paid orders drawn', async () => {
    const group = await prepaidGroup('bank-unpaid', 5000, 12_000);
    const abandoned = await eligibleEmployee(group);
    const unpaid = await declinedOrder(abandoned);
    expect(unpaid).toMatchObject({ status: 'pending_payment' });
    const paid = await eligibleEmployee(group);
    expect((await checkout(paid)).statusCode).toBe(201);
    expect(await bank(group.id)).toMatchObject({ balanceCents: 2000 });

    // within the day the customer may still pay with another card: nothing moves
    expect(await releaseUnpaidDraws(events(), new Date(Date.now() + UNPAID_DRAW_HOLD_MS - 60_000))).not.toContain(unpaid!.id);
    expect(await bank(group.id)).toMatchObject({ balanceCents: 2000 });

    const later = new Date(Date.now() + UNPAID_DRAW_HOLD_MS + 60_000);
    expect(await releaseUnpaidDraws(events(), later)).toContain(unpaid!.id);
    const [cancelled] = await db().select().from(orders).where(eq(orders.id, unpaid!.id));
    expect(cancelled!.status).toBe('cancelled');
    expect(await bank(group.id)).toMatchObject({
      balanceCents: 7000,
      entries: [{ kind: 'return', amountCents: 5000, orderId: unpaid!.id }, { kind: 'draw' }, { kind: 'draw' }, { kind: 'top_up' }],
    });
    // a second run, or a replayed cancellation, returns nothing more
    expect(await releaseUnpaidDraws(events(), later)).not.toContain(unpaid!.id);
    expect(await db().transaction((tx) => returnDrawOfOrder(tx, unpaid!.id, null))).toBe(0);
    expect(await bank(group.id)).toMatchObject({ balanceCents: 7000 });

    // the cancelled order takes no money afterwards: a new card is not charged
    const retry = await abandoned.post('/api/checkout/orders', {
      testedState: 'TX',
      consents: everyConsent,
      paymentMethod: await paymentMethod(abandoned),
    });
    expect(retry.json().order).toMatchObject({ id: unpaid!.id, status: 'cancelled' });
    const charged = await db()
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, unpaid!.id), eq(payments.status, 'succeeded')));
    expect(charged).toEqual([]);
  });

  it('frees the cover of an order that lapsed unpaid: the employee orders their covered test again, once; a paid order keeps it used', async () => {
    const group = await prepaidGroup('bank-lapse-again', 5000, 3 * 5000, 2);
    const employee = await eligibleEmployee(group);
    const unpaid = await declinedOrder(employee);
    const proof = { goal: 'fatigue', proof: { method: 'code', code: employee.code } };
    // while the order waits for its card, the cover is used
    expect((await employee.post(`/api/employers/${group.slug}/eligibility`, proof)).json().code).toBe('ALREADY_COVERED');

    expect(await releaseUnpaidDraws(events(), new Date(Date.now() + UNPAID_DRAW_HOLD_MS + 60_000))).toContain(unpaid!.id);
    const [released] = await db().select().from(employerCoveredOrders).where(eq(employerCoveredOrders.orderId, unpaid!.id));
    expect(released?.releasedAt).toBeInstanceOf(Date);
    expect(await bank(group.id)).toMatchObject({ balanceCents: 3 * 5000 });

    const again = await employee.post(`/api/employers/${group.slug}/eligibility`, proof);
    expect(again.statusCode, again.body).toBe(200);
    expect((await employee.get('/api/cart')).json()).toMatchObject({ cover: { coveredCents: 5000 }, coverRefusal: null });
    const placed = await checkout(employee);
    expect(placed.statusCode, placed.body).toBe(201);
    const rows = await db().select().from(employerCoveredOrders).where(eq(employerCoveredOrders.enrollmentId, released!.enrollmentId));
    expect(rows.map((row) => [row.orderId === unpaid!.id, row.releasedAt === null]).sort()).toEqual([
      [false, true],
      [true, false],
    ]);
    expect(await bank(group.id)).toMatchObject({ balanceCents: 2 * 5000 });
    // the cover is used again: one covered order a plan year
    expect((await employee.post(`/api/employers/${group.slug}/eligibility`, proof)).json().code).toBe('ALREADY_COVERED');
    // a second live covered order of the enrollment is refused by the database itself
    await expect(
      db().update(employerCoveredOrders).set({ releasedAt: null }).where(eq(employerCoveredOrders.orderId, unpaid!.id)),
    ).rejects.toThrow();

    // an order paid and then cancelled keeps its cover used
    const paid = await eligibleEmployee(group);
    const covered = await checkout(paid);
    expect(covered.statusCode, covered.body).toBe(201);
    const paidOrderId: string = covered.json().order.id;
    const cancelled = await operator.post(`/api/admin/orders/${paidOrderId}/cancel`, { reason: 'Asked to cancel' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [kept] = await db().select().from(employerCoveredOrders).where(eq(employerCoveredOrders.orderId, paidOrderId));
    expect(kept?.releasedAt).toBeNull();
    const reproof = { goal: 'fatigue', proof: { method: 'code', code: paid.code } };
    expect((await paid.post(`/api/employers/${group.slug}/eligibility`, reproof)).json().code).toBe('ALREADY_COVERED');
  });

  it('takes an operator’s correction off the balance with its reason and reference, audited, never below zero', async () => {
    const group = await prepaidGroup('bank-corrected', null, 20_000);
    const corrections = `/api/admin/employers/${group.id}/bank/corrections`;
    const corrected = await operator.post(corrections, {
      amountCents: 5000,
      reference: 'WIRE-bank-corrected',
      reason: ' Recorded $50 too much ',
    });
    expect(corrected.statusCode, corrected.body).toBe(201);
    expect(corrected.json()).toMatchObject({
      balanceCents: 15_000,
      entries: [
        { kind: 'correction', amountCents: -5000, reference: 'WIRE-bank-corrected', reason: 'Recorded $50 too much', orderId: null },
        { kind: 'top_up', reason: null },
      ],
    });

    const tooMuch = await operator.post(corrections, { amountCents: 15_001, reference: 'REFUND-1', reason: 'Employer asked for it back' });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toMatchObject({ code: 'BANK_CORRECTION_TOO_LARGE', message: employerMessages.correctionTooLarge('$150.00') });
    for (const [body, message] of [
      [{ amountCents: 0, reference: 'R', reason: 'why' }, employerMessages.correctionAmount],
      [{ amountCents: -100, reference: 'R', reason: 'why' }, employerMessages.correctionAmount],
      [{ amountCents: 100, reference: ' ', reason: 'why' }, employerMessages.correctionReference],
      [{ amountCents: 100, reference: 'R', reason: '  ' }, employerMessages.correctionReason],
      [{ amountCents: 100, reference: 'R' }, null],
    ] as const) {
      const refused = await operator.post(corrections, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      if (message) expect(refused.body).toContain(message);
    }
    const employee = await eligibleEmployee(group);
    expect((await employee.post(corrections, { amountCents: 100, reference: 'R', reason: 'why' })).statusCode).toBe(403);
    // the whole balance may go, and then the bank is empty for employees
    expect((await operator.post(corrections, { amountCents: 15_000, reference: 'REFUND-2', reason: 'Paid back' })).statusCode).toBe(201);
    expect(await bank(group.id)).toMatchObject({ balanceCents: 0 });
    expect((await employee.get('/api/cart')).json().coverRefusal).toMatchObject({ code: 'BANK_EMPTY' });

    const audited = await db()
      .select({ action: auditLog.action, detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, group.id), eq(auditLog.action, 'employer_group.bank_correction')));
    expect(audited).toHaveLength(2);
    expect(audited.map((entry) => entry.detail)).toContainEqual(
      expect.objectContaining({
        amountCents: 5000,
        reference: 'WIRE-bank-corrected',
        reason: 'Recorded $50 too much',
        balanceBeforeCents: 20_000,
      }),
    );
    // the database holds a correction's shape too: money taken off, with its reason and reference
    await expect(
      db().insert(employerBankEntries).values({ groupId: group.id, kind: 'correction', amountCents: -1, reference: 'R' }),
    ).rejects.toThrow();
    await expect(
      db().insert(employerBankEntries).values({ groupId: group.id, kind: 'correction', amountCents: 1, reference: 'R', reason: 'x' }),
    ).rejects.toThrow();
  });

  it('holds in the database that the balance never goes below zero and a top-up adds money', async () => {
    const group = await prepaidGroup('bank-held', null, 1000);
    const groupId = group.id;
    await expect(
      db()
        .update(employerGroups)
        .set({ bankBalanceCents: sql`${employerGroups.bankBalanceCents} - 1001` })
        .where(eq(employerGroups.id, groupId)),
    ).rejects.toThrow();
    await expect(db().insert(employerBankEntries).values({ groupId, kind: 'top_up', amountCents: -5 })).rejects.toThrow();
  });

  describe.runIf(postgresTestMode())('races on PostgreSQL', () => {
    it('20 employees racing a bank that covers 3 make exactly 3 orders, and the balance ends at zero', async () => {
      const group = await prepaidGroup('bank-raced', null, 3 * STARTER_CENTS, 20);
      const workers: Awaited<ReturnType<typeof eligibleEmployee>>[] = [];
      for (let index = 0; index < 20; index += 1) workers.push(await eligibleEmployee(group));
      const responses = await Promise.all(
        workers.map((worker) =>
          worker.post('/api/checkout/orders', { testedState: 'TX', consents: everyConsent, paymentMethod: 'covered' }),
        ),
      );
      const statuses = responses.map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 201)).toHaveLength(3);
      expect(responses.filter((response) => response.statusCode === 409).map((response) => response.json().code)).toEqual(
        Array(17).fill('BANK_EMPTY'),
      );
      const state = await bank(group.id);
      expect(state.balanceCents).toBe(0);
      expect(state.entries.filter((entry: { kind: string }) => entry.kind === 'draw')).toHaveLength(3);
      expect(await db().select().from(employerCoveredOrders).where(eq(employerCoveredOrders.groupId, group.id))).toHaveLength(3);
    });

    it('an unpaid order’s return racing its late payment: the cover is either spent or back in the bank, and money taken is refunded', async () => {
      const group = await prepaidGroup('bank-late', 5000, 8 * 5000, 8);
      const pending: { worker: Visitor; orderId: string; clientSecret: string }[] = [];
      for (let index = 0; index < 8; index += 1) {
        const worker = await eligibleEmployee(group);
        const started = await worker.post('/api/checkout/orders', {
          testedState: 'TX',
          consents: everyConsent,
          paymentMethod: await paymentMethod(worker, AUTHENTICATED_CARD),
        });
        expect(started.statusCode, started.body).toBe(202);
        pending.push({ worker, orderId: started.json().order.id, clientSecret: started.json().requiresAction.clientSecret });
      }
      expect(await bank(group.id)).toMatchObject({ balanceCents: 0 });
      // each bank approves a day late; the customers' confirmations race the job that gives the draws back
      for (const { worker, clientSecret } of pending) {
        await worker.post('/api/payments/test-gateway/authentications', { clientSecret, approve: true });
      }
      const later = new Date(Date.now() + UNPAID_DRAW_HOLD_MS + 60_000);
      await Promise.all([
        releaseUnpaidDraws(events(), later),
        ...pending.map(({ worker, orderId }) => worker.post(`/api/checkout/orders/${orderId}/confirm`)),
      ]);

      let returned = 0;
      for (const { orderId } of pending) {
        const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
        const entries = await db().select().from(employerBankEntries).where(eq(employerBankEntries.orderId, orderId));
        const succeeded = await db()
          .select()
          .from(payments)
          .where(and(eq(payments.orderId, orderId), eq(payments.status, 'succeeded')));
        const kept = succeeded.reduce((total, payment) => total + payment.amountCents - payment.refundedCents, 0);
        if (order!.status === 'cancelled') {
          returned += 1;
          expect(entries.map((entry) => entry.kind).sort()).toEqual(['draw', 'return']);
          expect(kept, 'a cancelled order keeps no money').toBe(0);
        } else {
          expect(order!.status).not.toBe('pending_payment');
          expect(entries.map((entry) => entry.kind)).toEqual(['draw']);
          expect(kept).toBe(STARTER_CENTS - 5000);
        }
      }
      const state = await bank(group.id);
      expect(state.balanceCents).toBe(returned * 5000);
      const [sum] = await db()
        .select({ cents: sql<number>`sum(${employerBankEntries.amountCents})`.mapWith(Number) })
        .from(employerBankEntries)
        .where(eq(employerBankEntries.groupId, group.id));
      expect(sum!.cents).toBe(state.balanceCents);
    });

    it('a correction racing covered checkouts never takes the bank below zero, and the ledger sums to the balance', async () => {
      const group = await prepaidGroup('bank-correction-race', null, 3 * STARTER_CENTS, 6);
      const workers: Awaited<ReturnType<typeof eligibleEmployee>>[] = [];
      for (let index = 0; index < 6; index += 1) workers.push(await eligibleEmployee(group));
      const correction = { amountCents: 2 * STARTER_CENTS, reference: 'WIRE-wrong', reason: 'Two tests recorded twice' };
      const [corrected, ...placed] = await Promise.all([
        operator.post(`/api/admin/employers/${group.id}/bank/corrections`, correction),
        ...workers.map((worker) =>
          worker.post('/api/checkout/orders', { testedState: 'TX', consents: everyConsent, paymentMethod: 'covered' }),
        ),
      ]);
      const orders = placed.filter((response) => response.statusCode === 201).length;
      const state = await bank(group.id);
      expect(state.balanceCents).toBeGreaterThanOrEqual(0);
      const taken = corrected.statusCode === 201 ? 2 * STARTER_CENTS : 0;
      if (corrected.statusCode !== 201) expect(corrected.json().code).toBe('BANK_CORRECTION_TOO_LARGE');
      expect(state.balanceCents).toBe(3 * STARTER_CENTS - taken - orders * STARTER_CENTS);
      const [sum] = await db()
        .select({ cents: sql<number>`sum(${employerBankEntries.amountCents})`.mapWith(Number) })
        .from(employerBankEntries)
        .where(eq(employerBankEntries.groupId, group.id));
      expect(sum!.cents).toBe(state.balanceCents);
    });

    it('after an unpaid order lapsed, 20 racing checkouts of the same employee make one covered order again', async () => {
      const group = await prepaidGroup('bank-lapse-race', 5000, 10 * 5000, 1);
      const worker = await eligibleEmployee(group);
      const unpaid = await declinedOrder(worker);
      expect(await releaseUnpaidDraws(events(), new Date(Date.now() + UNPAID_DRAW_HOLD_MS + 60_000))).toContain(unpaid!.id);

      const carts: string[] = [];
      for (let index = 0; index < 20; index += 1) {
        const again = await worker.post(`/api/employers/${group.slug}/eligibility`, {
          goal: 'fatigue',
          proof: { method: 'code', code: worker.code },
        });
        expect(again.statusCode, again.body).toBe(200);
        carts.push(worker.cookie('shop_cart'));
      }
      const method = await paymentMethod(worker);
      const responses = await racingCheckouts(worker, carts, method);
      expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(1);
      const live = await db()
        .select()
        .from(employerCoveredOrders)
        .where(and(eq(employerCoveredOrders.groupId, group.id), sql`${employerCoveredOrders.releasedAt} is null`));
      expect(live).toHaveLength(1);
      const state = await bank(group.id);
      expect(state.balanceCents).toBe(9 * 5000);
      expect(state.entries.filter((entry: { kind: string }) => entry.kind === 'draw')).toHaveLength(2);
      expect(state.entries.filter((entry: { kind: string }) => entry.kind === 'return')).toHaveLength(1);
    });

    it('20 racing checkouts of one employee make one order and one draw', async () => {
      const group = await prepaidGroup('bank-one', null, 10 * STARTER_CENTS, 1);
      const worker = await eligibleEmployee(group);
      const carts: string[] = [worker.cookie('shop_cart')];
      for (let index = 1; index < 20; index += 1) {
        const proof = { method: 'code', code: worker.code };
        const again = await worker.post(`/api/employers/${group.slug}/eligibility`, { goal: 'fatigue', proof });
        expect(again.statusCode, again.body).toBe(200);
        carts.push(worker.cookie('shop_cart'));
      }
      const responses = await racingCheckouts(worker, carts, 'covered');
      expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(1);
      const state = await bank(group.id);
      expect(state.balanceCents).toBe(9 * STARTER_CENTS);
      expect(state.entries.filter((entry: { kind: string }) => entry.kind === 'draw')).toHaveLength(1);
    });
  });
});
