import { and, eq } from 'drizzle-orm';
import { giftCardEntries, giftCards, jobs, orders, payments } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveClearedRewards } from '../src/affiliates/ledger.ts';
import {
  adultAnswers,
  createTestShop,
  customerWithCart,
  paymentMethod,
  staffVisitor,
  uniqueEmail,
  Visitor,
  type TestShop,
  everyConsent,
  quizConsent,
  placeOrder,
} from './helpers.ts';

// Store credit (the referral reward's $50 gift card): spent over several orders on what is due
// now, oldest card first, never below zero however checkouts race, and given back on a refund.
describe('store credit', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop();
  });
  afterAll(() => shop.close());
  const db = () => shop.database.db;
  const password = 'Sup3r-secret!';

  async function userIdOf(visitor: Visitor): Promise<string> {
    return (await visitor.get('/api/auth/get-session')).json().user.id;
  }

  /** A goodwill card straight in the table: the referral's own card is tested below. */
  async function giveCredit(userId: string, cents = 5000, day = 1) {
    const [card] = await db()
      .insert(giftCards)
      .values({
        userId,
        source: 'goodwill',
        sourceId: crypto.randomUUID(),
        initialCents: cents,
        balanceCents: cents,
        createdAt: new Date(Date.UTC(2026, 0, day)),
      })
      .returning();
    return card!;
  }

  async function balances(userId: string) {
    const cards = await db().select().from(giftCards).where(eq(giftCards.userId, userId));
    return cards.map((card) => card.balanceCents);
  }

  const place = async (visitor: Visitor) => placeOrder(visitor);

  /** Another browser of the same account with a cart of its own: a starter test, or the product named. */
  async function secondBrowser(email: string, productCode?: string): Promise<Visitor> {
    const visitor = new Visitor(shop.app);
    if (productCode) await visitor.post('/api/cart/items', { productCode });
    else {
      const quiz = await visitor.post('/api/quiz-results', { variant: 'quiz', answers: adultAnswers, consent: quizConsent });
      await visitor.post('/api/cart/items', { productCode: 'base-quiz', quizResultId: quiz.json().id });
    }
    const signedIn = await visitor.post('/api/checkout/account', { email, password });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    return visitor;
  }

  it('a referral reward issues exactly one $50 card, which the account page shows', async () => {
    const referrer = await customerWithCart(shop.app);
    const { code } = (await referrer.get('/api/account/referral')).json();
    const friend = await customerWithCart(shop.app);
    await friend.post('/api/cart/coupon', { code });
    const key = crypto.randomUUID();
    const method = await paymentMethod(friend);
    // the payment raced and retried: one reward, one card
    await Promise.all(
      Array.from({ length: 5 }, () =>
        friend.post(
          '/api/checkout/orders',
          { testedState: 'TX', consents: everyConsent, paymentMethod: method },
          { 'idempotency-key': key },
        ),
      ),
    );
    // the card comes once the friend's order has cleared its refund window
    await db().transaction((tx) => approveClearedRewards(tx, new Date(Date.now() + 31 * 24 * 3600 * 1000)));
    const cards = await db()
      .select()
      .from(giftCards)
      .where(eq(giftCards.userId, await userIdOf(referrer)));
    expect(cards.map((card) => [card.source, card.initialCents, card.balanceCents])).toEqual([['referral', 5000, 5000]]);
    expect((await referrer.get('/api/account/store-credit')).json()).toMatchObject({
      balanceCents: 5000,
      balance: '$50.00',
      cards: [{ label: 'Referral reward', balance: '$50.00' }],
    });

    // the referrer's own next order: the cart shows the credit, and the order takes it
    const cart = (await referrer.get('/api/cart')).json();
    expect(cart).toMatchObject({ storeCreditCents: 5000, totalCents: 2995, display: { storeCredit: '$50.00', total: '$29.95' } });
    const placed = await place(referrer);
    expect(placed.json().order.total).toBe('$29.95');
    expect(await balances(await userIdOf(referrer))).toEqual([0]);
  });

  it('credit over two orders: the first leaves what the second spends, and the rest is paid by card', async () => {
    const email = uniqueEmail('credit');
    const first = await secondBrowser(email, 'health-coach');
    const userId = await userIdOf(first);
    await giveCredit(userId, 5000);
    // $29.95 all from credit: paid without a card
    const one = await place(first);
    expect(one.statusCode, one.body).toBe(201);
    expect(one.json().order.total).toBe('$0.00');
    const [paidOne] = await db().select().from(orders).where(eq(orders.id, one.json().order.id));
    // a coach session takes no sample: the order stays paid
    expect(paidOne?.status).toBe('paid');
    expect(await db().select().from(payments).where(eq(payments.orderId, paidOne!.id))).toHaveLength(0);
    expect(await balances(userId)).toEqual([2005]);

    // a starter test: $20.05 of credit, $59.90 by card
    const second = await secondBrowser(email);
    const two = await place(second);
    expect(two.json().order.total).toBe('$59.90');
    const [charged] = await db().select().from(payments).where(eq(payments.orderId, two.json().order.id));
    expect(charged).toMatchObject({ amountCents: 5990, status: 'succeeded' });
    expect(await balances(userId)).toEqual([0]);
    const detail = (await second.get(`/api/orders/${two.json().order.id}`)).json();
    expect(detail).toMatchObject({ subtotal: '$79.95', storeCredit: '$20.05', total: '$59.90' });
  });

  it('two checkouts spending the same $50 at once never take it below zero', async () => {
    const email = uniqueEmail('race');
    const browsers = [await secondBrowser(email), await secondBrowser(email), await secondBrowser(email), await secondBrowser(email)];
    const userId = await userIdOf(browsers[0]!);
    const card = await giveCredit(userId, 5000);
    const methods = await Promise.all(browsers.map((browser) => paymentMethod(browser)));
    const placed = await Promise.all(
      browsers.map((browser, index) =>
        browser.post(
          '/api/checkout/orders',
          { testedState: 'TX', consents: everyConsent, paymentMethod: methods[index] },
          { 'idempotency-key': crypto.randomUUID() },
        ),
      ),
    );
    expect(placed.map((response) => response.statusCode)).toEqual([201, 201, 201, 201]);
    const entries = await db().select().from(giftCardEntries).where(eq(giftCardEntries.giftCardId, card.id));
    const spent = entries.reduce((sum, entry) => sum - entry.amountCents, 0);
    expect(spent).toBe(5000);
    expect(await balances(userId)).toEqual([0]);
    // one order got the $50, the others none, and each paid the rest by card
    const totals = placed.map((response) => response.json().order.total).sort();
    expect(totals).toEqual(['$29.95', '$79.95', '$79.95', '$79.95']);
  });

  it('two smaller checkouts at once: the second gets what is left', async () => {
    const email = uniqueEmail('split');
    const browsers = [await secondBrowser(email, 'health-coach'), await secondBrowser(email, 'health-coach')];
    const userId = await userIdOf(browsers[0]!);
    await giveCredit(userId, 5000);
    const placed = await Promise.all(browsers.map((browser) => place(browser)));
    expect(placed.map((response) => response.json().order.total).sort()).toEqual(['$0.00', '$9.90']);
    expect(await balances(userId)).toEqual([0]);
  });

  it('spends the oldest card first, and never what is billed when results arrive', async () => {
    const email = uniqueEmail('oldest');
    const visitor = new Visitor(shop.app);
    const quiz = await visitor.post('/api/quiz-results', { variant: 'quiz', answers: adultAnswers, consent: quizConsent });
    await visitor.post('/api/cart/items', { productCode: 'base-quiz', quizResultId: quiz.json().id });
    await visitor.post('/api/cart/items', { productCode: 'base-improvement-plan', quizResultId: quiz.json().id });
    await visitor.post('/api/checkout/account', { email, password });
    const userId = await userIdOf(visitor);
    const newer = await giveCredit(userId, 5000, 20);
    const older = await giveCredit(userId, 5000, 2);
    const placed = await place(visitor);
    expect(placed.statusCode, placed.body).toBe(201);
    const [order] = await db().select().from(orders).where(eq(orders.id, placed.json().order.id));
    // $79.95 now: $50 from the older card, $29.95 from the newer; the program's $140.05 stays for the results
    expect(order).toMatchObject({ totalCents: 0, deferredCents: 14005 });
    const cards = await db().select().from(giftCards).where(eq(giftCards.userId, userId));
    expect(Object.fromEntries(cards.map((card) => [card.id, card.balanceCents]))).toEqual({ [older.id]: 0, [newer.id]: 2005 });
  });

  it('a refund gives the credit back, once', async () => {
    const email = uniqueEmail('refund');
    const visitor = await secondBrowser(email);
    const userId = await userIdOf(visitor);
    await giveCredit(userId, 5000);
    const placed = await place(visitor);
    expect(placed.json().order.total).toBe('$29.95');
    expect(await balances(userId)).toEqual([0]);
    const operator = await staffVisitor(shop, 'operator');
    const orderId = placed.json().order.id;
    const refunds = await Promise.all([
      operator.post(`/api/admin/orders/${orderId}/refund`, {}),
      operator.post(`/api/admin/orders/${orderId}/refund`, {}),
    ]);
    expect(refunds.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect(await balances(userId)).toEqual([5000]);
    const entries = await db().select().from(giftCardEntries).where(eq(giftCardEntries.orderId, orderId));
    expect(entries.map((entry) => [entry.kind, entry.amountCents]).sort()).toEqual([
      ['refund', 5000],
      ['spend', -5000],
    ]);
    expect((await visitor.get(`/api/orders/${orderId}`)).json()).toMatchObject({
      status: 'refunded',
      storeCredit: '$50.00',
      storeCreditReturned: '$50.00',
    });
  });

  it('an order paid by credit alone can be refunded, and a cancelled unpaid order gives its credit back', async () => {
    const email = uniqueEmail('credit-only');
    const visitor = await secondBrowser(email, 'health-coach');
    const userId = await userIdOf(visitor);
    await giveCredit(userId, 5000);
    const orderId = (await place(visitor)).json().order.id;
    const operator = await staffVisitor(shop, 'operator');
    const refunded = await operator.post(`/api/admin/orders/${orderId}/refund`, {});
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(await balances(userId)).toEqual([5000]);

    // a declined card leaves the order waiting for payment with its credit held; cancelling it gives it back
    const other = await secondBrowser(email);
    const declined = await placeOrder(other, '4000 0000 0000 0002');
    expect(declined.statusCode).toBe(402);
    expect(await balances(userId)).toEqual([0]);
    const [pending] = await db()
      .select()
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.status, 'pending_payment')));
    const cancelled = await operator.post(`/api/admin/orders/${pending!.id}/cancel`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await balances(userId)).toEqual([5000]);
  });

  it('the receipt lists the store credit', async () => {
    const email = uniqueEmail('receipt');
    const visitor = await secondBrowser(email);
    await giveCredit(await userIdOf(visitor), 1000);
    const orderId = (await place(visitor)).json().order.id;
    await new Promise((resolve) => setTimeout(resolve, 200));
    const operator = await staffVisitor(shop, 'operator');
    const resent = await operator.post(`/api/admin/orders/${orderId}/resend-email`, {});
    expect(resent.statusCode, resent.body).toBe(200);
    const queued = (await db().select().from(jobs).where(eq(jobs.name, 'email.send'))).filter(
      (job) => (job.payload as { to?: string }).to === email,
    );
    const receipt = queued.find((job) => String((job.payload as { subject?: string }).subject).startsWith('Your Base receipt'));
    expect((receipt?.payload as { text: string }).text).toContain('Store credit: −$10.00');
    expect((receipt?.payload as { text: string }).text).toContain('Total paid: $69.95');
  });
});
