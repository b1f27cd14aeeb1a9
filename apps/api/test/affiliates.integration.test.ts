import { and, eq } from 'drizzle-orm';
import {
  affiliateClicks,
  auditLog,
  affiliateCodes,
  payouts,
  affiliates,
  domainEvents,
  orderAttributions,
  orders,
  rewardLedger,
  users,
} from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveClearedRewards, commissionOfPaidOrder } from '../src/affiliates/ledger.ts';
import { embeddedPayouts } from '../src/payouts/port.ts';
import { payoutBatchCsv, runPayouts } from '../src/payouts/run.ts';
import { ensureStaffAccount } from '../src/seed/operator.ts';
import {
  adultAnswers,
  createTestShop,
  customerWithCart,
  staffVisitor,
  uniqueEmail,
  Visitor,
  type TestShop,
  quizConsent,
  placeOrder,
} from './helpers.ts';

// A visitor from an affiliate's page pays with 20% off; the affiliate's commission waits in the
// ledger for the 30-day refund window, is voided or clawed back by a refund, and is paid once.
describe('affiliates', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop();
  });
  afterAll(() => shop.close());

  const db = () => shop.database.db;
  const day = 24 * 3600 * 1000;
  const afterWindow = () => new Date(Date.now() + 31 * day);

  /** A visitor who arrives on `landing`, takes the quiz, signs up and (unless told not to) pays. */
  async function referredCustomer(landing: string | null, options: { email?: string; typed?: string } = {}) {
    const visitor = new Visitor(shop.app);
    if (landing) await visitor.get(landing);
    const quiz = await visitor.post('/api/quiz-results', { variant: 'quiz', answers: adultAnswers, consent: quizConsent });
    await visitor.post('/api/cart/items', { productCode: 'base-quiz', quizResultId: quiz.json().id });
    const account = await visitor.post('/api/checkout/account', {
      email: options.email ?? uniqueEmail('friend'),
      password: 'Sup3r-secret!',
    });
    expect(account.statusCode, account.body).toBe(200);
    if (options.typed) expect((await visitor.post('/api/cart/coupon', { code: options.typed })).statusCode).toBe(200);
    const cart = (await visitor.get('/api/cart')).json();
    const placed = await placeOrder(visitor);
    expect(placed.statusCode, placed.body).toBe(201);
    return { visitor, cart, orderId: placed.json().order.id as string, total: placed.json().order.total as string };
  }

  const ledgerOf = (orderId: string) =>
    db()
      .select()
      .from(rewardLedger)
      .where(eq(rewardLedger.orderId, orderId))
      .then((rows) => rows.map((row) => [row.entry, row.amountCents, row.status]));

  it('the landing of a working code keeps it for the visitor; an unknown code is a 404 that gives nothing', async () => {
    const landing = await new Visitor(shop.app).get('/api/affiliate-landings/girlboss20');
    expect(landing.json()).toMatchObject({ code: 'GIRLBOSS20', banner: 'GIRLBOSS20: 20% off your first test', friendDiscountPercent: 20 });
    const fake = await new Visitor(shop.app).get('/api/affiliate-landings/totallyfake99');
    expect(fake.statusCode).toBe(404);

    const before = await db().select().from(affiliateClicks).where(eq(affiliateClicks.code, 'GIRLBOSS20'));
    const visitor = new Visitor(shop.app);
    await visitor.get('/affiliate/girlboss20');
    expect(visitor.hasCookie('attribution')).toBe(true);
    await visitor.get('/affiliate/girlboss20');
    const after = await db().select().from(affiliateClicks).where(eq(affiliateClicks.code, 'GIRLBOSS20'));
    expect(after.length - before.length).toBe(1);

    const stranger = new Visitor(shop.app);
    await stranger.get('/affiliate/totallyfake99');
    await stranger.get('/api/health?affiliate=totallyfake99');
    expect(stranger.hasCookie('attribution')).toBe(false);
  });

  it('a visitor from /affiliate/girlboss20 pays with 20% off after the quiz and sign-up; the commission is pending, once', async () => {
    const { orderId, total, cart } = await referredCustomer('/affiliate/girlboss20');
    expect(cart.display.discount).toBe('$15.99');
    expect(total).toBe('$63.96');
    const [attribution] = await db().select().from(orderAttributions).where(eq(orderAttributions.orderId, orderId));
    expect(attribution).toMatchObject({ affiliateCode: 'GIRLBOSS20', selfReferral: false });
    // 15% of the $63.96 paid for the tests
    expect(await ledgerOf(orderId)).toEqual([['earning', 959, 'pending']]);

    // the same event given again writes nothing
    const [event] = await db()
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.type, 'order.paid'), eq(domainEvents.subjectId, orderId)));
    await db().transaction((tx) =>
      commissionOfPaidOrder.handle(
        tx,
        {
          id: event!.id,
          type: 'order.paid',
          payload: event!.payload as never,
          occurredAt: event!.occurredAt,
        },
        shop.app.events,
      ),
    );
    expect(await ledgerOf(orderId)).toEqual([['earning', 959, 'pending']]);
  });

  it('a refund inside the window voids the commission; after approval it is clawed back', async () => {
    const operator = await staffVisitor(shop, 'operator');
    const early = await referredCustomer('/affiliate/hbr');
    expect((await operator.post(`/api/admin/orders/${early.orderId}/refund`, {})).statusCode).toBe(200);
    expect(await ledgerOf(early.orderId)).toEqual([['earning', 959, 'voided']]);
    await db().transaction((tx) => approveClearedRewards(tx, afterWindow()));
    expect(await ledgerOf(early.orderId)).toEqual([['earning', 959, 'voided']]);

    const late = await referredCustomer('/affiliate/hbr');
    await db().transaction((tx) => approveClearedRewards(tx, afterWindow()));
    expect(await ledgerOf(late.orderId)).toEqual([['earning', 959, 'approved']]);
    expect((await operator.post(`/api/admin/orders/${late.orderId}/refund`, {})).statusCode).toBe(200);
    expect((await ledgerOf(late.orderId)).sort()).toEqual([
      ['clawback', -959, 'approved'],
      ['earning', 959, 'approved'],
    ]);

    // the console's order page says who sent the customer and what the order earned, clawback included
    const seen = (await operator.get(`/api/admin/orders/${late.orderId}`)).json();
    expect(seen.attribution).toMatchObject({ affiliateCode: 'HBR', referralCode: null, selfReferral: false });
    expect(seen.attribution.affiliateName).toEqual(expect.any(String));
    expect(seen.attribution.rewards.map((reward: { entry: string; amount: string }) => [reward.entry, reward.amount])).toEqual([
      ['earning', '$9.59'],
      ['clawback', '-$9.59'],
    ]);
    const unreferred = await referredCustomer(null);
    expect((await operator.get(`/api/admin/orders/${unreferred.orderId}`)).json().attribution).toBeNull();
  });

  it('a refund racing the approval ends as a void or as a clawback, never as neither', async () => {
    const operator = await staffVisitor(shop, 'operator');
    const raced = await referredCustomer('/affiliate/hbr');
    const [, refund] = await Promise.all([
      db().transaction((tx) => approveClearedRewards(tx, afterWindow())),
      operator.post(`/api/admin/orders/${raced.orderId}/refund`, {}),
    ]);
    expect(refund.statusCode).toBe(200);
    const outcomes = [
      [['earning', 959, 'voided']],
      [
        ['clawback', -959, 'approved'],
        ['earning', 959, 'approved'],
      ],
    ];
    expect(outcomes).toContainEqual((await ledgerOf(raced.orderId)).sort());
  });

  it('a typed code works like the link; an affiliate buying through their own code gets nothing and is flagged', async () => {
    const typed = await referredCustomer(null, { typed: 'fixmydiet' });
    expect(typed.total).toBe('$63.96');
    expect(await ledgerOf(typed.orderId)).toEqual([['earning', 959, 'pending']]);

    const email = uniqueEmail('affiliate');
    const [affiliate] = await db().insert(affiliates).values({ name: 'Run Club', email, status: 'active' }).returning();
    await db().insert(affiliateCodes).values({ code: 'RUNCLUB', affiliateId: affiliate!.id, banner: 'b', heading: 'h', intro: 'i' });
    const own = await referredCustomer('/affiliate/runclub', { email });
    expect(own.total).toBe('$79.95');
    const [attribution] = await db().select().from(orderAttributions).where(eq(orderAttributions.orderId, own.orderId));
    expect(attribution).toMatchObject({ affiliateCode: 'RUNCLUB', selfReferral: true });
    expect(await ledgerOf(own.orderId)).toEqual([]);

    // a disabled code is no code: no landing, no discount
    await db().update(affiliateCodes).set({ active: false }).where(eq(affiliateCodes.code, 'RUNCLUB'));
    expect((await new Visitor(shop.app).get('/api/affiliate-landings/runclub')).statusCode).toBe(404);
    const after = await referredCustomer('/affiliate/runclub');
    expect(after.total).toBe('$79.95');
  });

  it('two payout runs at once pay an affiliate above $25 once, netting what was approved', async () => {
    const paid = [];
    for (let index = 0; index < 3; index += 1) paid.push(await referredCustomer('/affiliate/ness'));
    await db().transaction((tx) => approveClearedRewards(tx, afterWindow()));
    const [ness] = await db().select().from(affiliateCodes).where(eq(affiliateCodes.code, 'NESS'));
    const runs = await Promise.all([runPayouts(db(), embeddedPayouts), runPayouts(db(), embeddedPayouts)]);
    expect(runs.flatMap((run) => run.paid).filter((payout) => payout.payeeId === ness!.affiliateId)).toEqual([
      expect.objectContaining({ amountCents: 3 * 959 }),
    ]);
    expect(await db().select().from(payouts).where(eq(payouts.affiliateId, ness!.affiliateId))).toHaveLength(1);
    for (const { orderId } of paid) expect(await ledgerOf(orderId)).toEqual([['earning', 959, 'paid']]);
    expect(await payoutBatchCsv(db(), runs[0].period)).toContain('Ness,affiliate,ness@affiliates.example.com');
    // under the threshold, nothing is paid: GIRLBOSS20 has one $9.59 commission approved
    const [girlboss] = await db().select().from(affiliateCodes).where(eq(affiliateCodes.code, 'GIRLBOSS20'));
    expect(runs.flatMap((run) => run.paid).some((payout) => payout.payeeId === girlboss!.affiliateId)).toBe(false);
    const [order] = await db().select().from(orders).where(eq(orders.id, paid[0]!.orderId));
    expect(order?.discountCents).toBe(1599);
  });

  /** An affiliate's account, signed in, linked to the affiliate who owns `code`. */
  async function affiliateSignedIn(code: string) {
    const email = uniqueEmail('affiliate');
    await ensureStaffAccount(db(), shop.app.auth, { email, password: 'Affiliate-passw0rd!', role: 'affiliate', name: code });
    const [user] = await db().select().from(users).where(eq(users.email, email));
    const [owned] = await db().select().from(affiliateCodes).where(eq(affiliateCodes.code, code));
    await db().update(affiliates).set({ userId: user!.id }).where(eq(affiliates.id, owned!.affiliateId));
    const visitor = new Visitor(shop.app);
    expect((await visitor.post('/api/auth/sign-in/email', { email, password: 'Affiliate-passw0rd!' })).statusCode).toBe(200);
    return visitor;
  }

  it('the affiliate’s dashboard shows their own codes only, without customers; others are kept out', async () => {
    const friend = await referredCustomer('/affiliate/girlboss20');
    const girlboss = await affiliateSignedIn('GIRLBOSS20');
    const dashboard = (await girlboss.get('/api/affiliate/dashboard')).json();
    expect(dashboard.rows.length).toBeGreaterThan(0);
    expect(dashboard.rows.every((row: { code: string }) => row.code === 'GIRLBOSS20')).toBe(true);
    expect(dashboard.links).toEqual([{ code: 'GIRLBOSS20', link: expect.stringMatching(/^https?:\/\/[^/]+\/affiliate\/girlboss20$/) }]);
    const month = dashboard.rows[0];
    expect(month.clicks).toBeGreaterThanOrEqual(1);
    expect(month.firstOrders).toBeGreaterThanOrEqual(1);
    expect(month.pending).not.toBe('$0.00');
    expect(JSON.stringify(dashboard)).not.toContain('@example.com');
    const csv = await girlboss.get('/api/affiliate/dashboard.csv');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toBe(
      'code,month,clicks,first_orders,conversion_percent,pending_cents,approved_cents,paid_cents,clawed_back_cents',
    );
    expect(csv.body).not.toContain(friend.orderId);

    // another affiliate sees theirs, never GIRLBOSS20's
    const hbr = await affiliateSignedIn('HBR');
    const theirs = (await hbr.get('/api/affiliate/dashboard')).json();
    expect(theirs.rows.every((row: { code: string }) => row.code === 'HBR')).toBe(true);
    expect(theirs.links.map((link: { code: string }) => link.code)).toEqual(['HBR']);
    // a customer, a member of staff and a stranger are kept out of the area
    expect((await (await customerWithCart(shop.app)).get('/api/affiliate/dashboard')).statusCode).toBe(403);
    expect((await (await staffVisitor(shop, 'operator')).get('/api/affiliate/dashboard')).statusCode).toBe(403);
    expect((await new Visitor(shop.app).get('/api/affiliate/dashboard.csv')).statusCode).toBe(401);
  });

  it('an operator voids a pending entry with a reason, audited; a settled one stays', async () => {
    const friend = await referredCustomer('/affiliate/girlboss20');
    const [entry] = await db().select().from(rewardLedger).where(eq(rewardLedger.orderId, friend.orderId));
    const operator = await staffVisitor(shop, 'operator');
    const listed = (await operator.get('/api/admin/affiliates')).json();
    expect(listed.affiliates.map((affiliate: { codes: string[] }) => affiliate.codes).flat()).toContain('GIRLBOSS20');
    expect(listed.ledger.some((row: { id: string }) => row.id === entry!.id)).toBe(true);
    const support = await staffVisitor(shop, 'support');
    expect((await support.post(`/api/admin/affiliates/ledger/${entry!.id}/void`, { reason: 'Fraud' })).statusCode).toBe(403);
    const voided = await operator.post(`/api/admin/affiliates/ledger/${entry!.id}/void`, { reason: 'Test order by the affiliate' });
    expect(voided.json()).toEqual({ id: entry!.id, status: 'voided', reason: 'Voided by an operator: Test order by the affiliate' });
    const [audited] = await db().select().from(auditLog).where(eq(auditLog.subjectId, entry!.id));
    expect(audited).toMatchObject({ action: 'reward_ledger.void' });
    const again = await operator.post(`/api/admin/affiliates/ledger/${entry!.id}/void`, { reason: 'Twice' });
    expect(again.json().code).toBe('LEDGER_ENTRY_NOT_PENDING');
  });
});
