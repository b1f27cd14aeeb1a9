import { eq } from 'drizzle-orm';
import { giftCards, orderAttributions, orders, payments, referralCodes, referralRewards, rewardLedger, users } from '@shop/db';
import { approveClearedRewards } from '../src/affiliates/ledger.ts';
import { testCardFingerprint } from '../src/payments/test-gateway.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adultAnswers, createTestShop, customerWithCart, uniqueEmail, Visitor, type TestShop, quizConsent, placeOrder } from './helpers.ts';

// A member shares their code; the friend gets 20% off a first order and the member earns $50
// once that order has cleared its 30-day refund window — once, and never for referring themselves.
describe('referrals', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop();
  });
  afterAll(() => shop.close());

  const pay = async (visitor: Visitor) => placeOrder(visitor);

  async function member() {
    const visitor = await customerWithCart(shop.app);
    const referral = (await visitor.get('/api/account/referral')).json();
    expect(referral.code).toMatch(/^REF-[0-9A-HJKMNP-TV-Z]{8}$/);
    expect((await visitor.get('/api/account/referral')).json().code).toBe(referral.code);
    return { visitor, referral: referral as { code: string; link: string } };
  }

  /** The approval job's run once the refund window of every order paid so far has passed. */
  const afterRefundWindow = () =>
    shop.database.db.transaction((tx) => approveClearedRewards(tx, new Date(Date.now() + 31 * 24 * 3600 * 1000)));

  it('a friend who types the code gets 20% off, and the member earns $50 once the order has cleared the refund window', async () => {
    const { visitor: referrer, referral } = await member();
    const friend = await customerWithCart(shop.app);
    const applied = await friend.post('/api/cart/coupon', { code: referral.code.toLowerCase().replace('-', '') });
    expect(applied.json()).toMatchObject({ discount: '$15.99', total: '$63.96' });
    const placed = await pay(friend);
    expect(placed.json().order.total).toBe('$63.96');
    await pay(friend);
    const orderId = placed.json().order.id;

    // paid: pending in the ledger, no gift card yet
    const pending = await shop.database.db.select().from(rewardLedger).where(eq(rewardLedger.orderId, orderId));
    expect(pending.map((entry) => [entry.kind, entry.amountCents, entry.status])).toEqual([['member_referral', 5000, 'pending']]);
    expect(await shop.database.db.select().from(referralRewards).where(eq(referralRewards.orderId, orderId))).toHaveLength(0);
    expect((await referrer.get('/api/account/referral')).json()).toMatchObject({
      earnedTotal: '$0.00',
      rewards: [{ amount: '$50.00', status: 'pending' }],
    });

    // the window passed: the card is issued, once, whoever runs the job again
    await afterRefundWindow();
    await afterRefundWindow();
    const rewards = await shop.database.db.select().from(referralRewards).where(eq(referralRewards.orderId, orderId));
    expect(rewards.map((reward) => [reward.amountCents, reward.status])).toEqual([[5000, 'earned']]);
    const cards = await shop.database.db.select().from(giftCards).where(eq(giftCards.sourceId, rewards[0]!.id));
    expect(cards.map((card) => card.initialCents)).toEqual([5000]);
    const [paid] = await shop.database.db.select().from(rewardLedger).where(eq(rewardLedger.orderId, orderId));
    expect(paid?.status).toBe('paid');
    const mine = (await referrer.get('/api/account/referral')).json();
    expect(mine).toMatchObject({ earnedTotal: '$50.00', rewards: [{ amount: '$50.00', status: 'earned' }] });
  });

  it('a friend who pays with the card the member paid with is the member: nothing earned, the order flagged', async () => {
    const { visitor: referrer, referral } = await member();
    // the member's own order, with their card
    const own = await pay(referrer);
    expect(own.statusCode, own.body).toBe(201);
    // a second account, another address, the same card
    const friend = await customerWithCart(shop.app);
    expect((await friend.post('/api/cart/coupon', { code: referral.code })).statusCode).toBe(200);
    const placed = await pay(friend);
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json().order.id as string;
    const [theirs] = await shop.database.db.select().from(payments).where(eq(payments.orderId, own.json().order.id));
    const [friends] = await shop.database.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(friends!.cardFingerprint).toBe(testCardFingerprint('4242424242424242'));
    expect(friends!.cardFingerprint).toBe(theirs!.cardFingerprint);
    expect(await shop.database.db.select().from(rewardLedger).where(eq(rewardLedger.orderId, orderId))).toHaveLength(0);
    const [attribution] = await shop.database.db.select().from(orderAttributions).where(eq(orderAttributions.orderId, orderId));
    expect(attribution).toMatchObject({ referralCode: referral.code, selfReferral: true });
    await afterRefundWindow();
    expect(await shop.database.db.select().from(referralRewards).where(eq(referralRewards.orderId, orderId))).toHaveLength(0);
    // the fingerprint is the card's: another number gives another, and the number is not in it
    expect(testCardFingerprint('4000000000000002')).not.toBe(friends!.cardFingerprint);
    expect(friends!.cardFingerprint).not.toContain('4242');
  });

  it('a visit through the member’s link works the same, without typing', async () => {
    const { referral } = await member();
    const friend = new Visitor(shop.app);
    await friend.get(`/api/health?rc=${referral.code}`);
    const quiz = await friend.post('/api/quiz-results', { variant: 'quiz', answers: adultAnswers, consent: quizConsent });
    await friend.post('/api/cart/items', { productCode: 'base-quiz', quizResultId: quiz.json().id });
    await friend.post('/api/checkout/account', { email: uniqueEmail('friend'), password: 'Sup3r-secret!' });
    expect((await friend.get('/api/cart')).json().display.total).toBe('$63.96');
    const placed = await pay(friend);
    expect(await shop.database.db.select().from(rewardLedger).where(eq(rewardLedger.orderId, placed.json().order.id))).toHaveLength(1);
  });

  it('the friend is told on landing and in the cart who referred them, by the first name they gave only', async () => {
    const { referral } = await member();
    const anonymous = new Visitor(shop.app);
    await anonymous.get(`/api/health?rc=${referral.code}`);
    // named after their e-mail until they give a name: the friend learns nothing of the address
    expect((await anonymous.get('/api/referral-landing')).json()).toMatchObject({
      referrerFirstName: null,
      message: 'A friend sent you 20% off your first order: it is taken off in your cart.',
    });

    const named = await member();
    const [owner] = await shop.database.db.select().from(referralCodes).where(eq(referralCodes.code, named.referral.code));
    await shop.database.db.update(users).set({ name: 'Maya Lopez' }).where(eq(users.id, owner!.userId));
    const friend = new Visitor(shop.app);
    await friend.get(`/api/health?rc=${named.referral.code}`);
    expect((await friend.get('/api/referral-landing')).json()).toEqual({
      referrerFirstName: 'Maya',
      friendDiscount: '20% off your first order',
      message: 'Maya sent you 20% off your first order: it is taken off in your cart.',
    });
    const quiz = await friend.post('/api/quiz-results', { variant: 'quiz', answers: adultAnswers, consent: quizConsent });
    await friend.post('/api/cart/items', { productCode: 'base-quiz', quizResultId: quiz.json().id });
    expect((await friend.get('/api/cart')).json().display).toMatchObject({
      codeDiscount: '$15.99',
      codeDiscountLabel: "Maya's referral: 20% off your first order",
    });

    // no member's link, or an affiliate's: nothing to say
    expect((await new Visitor(shop.app).get('/api/referral-landing')).statusCode).toBe(404);
    const fromAffiliate = new Visitor(shop.app);
    await fromAffiliate.get('/affiliate/girlboss20');
    expect((await fromAffiliate.get('/api/referral-landing')).statusCode).toBe(404);
  });

  it('refuses the member’s own code and an unknown one, and earns nothing', async () => {
    const { visitor, referral } = await member();
    const own = await visitor.post('/api/cart/coupon', { code: referral.code });
    expect(own.json()).toEqual({ code: 'DISCOUNT_CODE_OWN_CODE', message: "You can't use your own code. Share it with a friend instead." });
    const unknown = await visitor.post('/api/cart/coupon', { code: 'REF-00000000' });
    expect(unknown.json().code).toBe('DISCOUNT_CODE_NOT_FOUND');
    const placed = await pay(visitor);
    const [order] = await shop.database.db.select().from(orders).where(eq(orders.id, placed.json().order.id));
    expect(order?.discountCents).toBe(0);
    expect(await shop.database.db.select().from(rewardLedger).where(eq(rewardLedger.orderId, order!.id))).toHaveLength(0);
  });
});
