import { and, eq, like } from 'drizzle-orm';
import { biomarkersOrdered, consentTexts } from '@shop/core';
import { collectionChoices, gifts, jobs, orderConsents, orderItems, orderKits, orders } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveredGift, recipient, redeem, redemption, shipping } from './gift-helpers.ts';
import { createTestShop, staffVisitor, Visitor, type TestShop } from './helpers.ts';
import { inRangeResults } from './results-helpers.ts';

// The recipient's side of a gift (§2 /checkout-gift-receiver): check the code, sign up, pass
// eligibility, choose the test, give the shipping address, redeem for a $0 order, once.
describe('redeeming a gift', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop();
  });
  afterAll(() => shop.close());
  const db = () => shop.database.db;

  async function giftRow(giftId: string) {
    const [row] = await db().select().from(gifts).where(eq(gifts.id, giftId));
    return row!;
  }

  it('checks a code: what the gift holds, the purchaser’s first name and message, nothing else about them', async () => {
    const gift = await deliveredGift(shop, { purchaserName: 'Dana Wu', purchaserEmail: 'dana.wu.check@example.com', message: 'Enjoy!' });
    const visitor = new Visitor(shop.app);
    const checked = await visitor.post('/api/gifts/check', { code: gift.shownCode.toLowerCase() });
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json()).toEqual({
      type: 'one_off',
      title: 'Starter test',
      from: 'Dana',
      message: 'Enjoy!',
      includesProgram: false,
      options: [
        { choice: { kind: 'area', area: 'stress' }, label: 'Stress', testTitle: 'Cortisol Test', description: expect.any(String) },
        { choice: { kind: 'area', area: 'sleep' }, label: 'Sleep', testTitle: 'Melatonin Test', description: expect.any(String) },
      ],
      programLater: { productCode: 'improvement-program-later', price: '$180.00' },
    });
    expect(checked.body).not.toMatch(/dana\.wu|Wu/);
  });

  it('redeems for a $0 order that ships a home kit and waits for the medical profile; the purchaser is told', async () => {
    const gift = await deliveredGift(shop, { purchaserEmail: 'dana.redeem@example.com', recipientName: 'Sam Lee' });
    const visitor = await recipient(shop);
    const redeemed = await redeem(visitor, redemption(gift.shownCode));
    expect(redeemed.statusCode, redeemed.body).toBe(201);
    const orderId: string = redeemed.json().order.id;
    expect(redeemed.json().order.status).toBe('profile_pending');

    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ totalCents: 0, subtotalCents: 0, deferredCents: 0, status: 'profile_pending' });
    expect(order!.paidAt).not.toBeNull();
    const items = await db().select().from(orderItems).where(eq(orderItems.orderId, orderId));
    expect(items.map((item) => [item.productCode, item.testId, item.title, item.unitPriceCents])).toEqual([
      ['base-quiz', 53, 'Cortisol Test (gift)', 0],
    ]);
    const [choice] = await db().select().from(collectionChoices).where(eq(collectionChoices.orderId, orderId));
    expect(choice).toMatchObject({
      method: 'home',
      fullName: 'Sam Lee',
      shippingAddress: '12 Elm Street',
      apartmentNumber: '4B',
      city: 'Austin',
      zipCode: '78701',
    });
    expect(await giftRow(gift.giftId)).toMatchObject({ status: 'redeemed', redeemedOrderId: orderId });

    const [told] = await db()
      .select()
      .from(jobs)
      .where(eq(jobs.singletonKey, `gift-redeemed:${gift.giftId}`));
    expect(told?.payload).toMatchObject({ to: 'dana.redeem@example.com', subject: 'Sam Lee redeemed your gift' });
    expect(told?.payload.html).toContain('<!doctype html>');
    expect(told?.payload.text).toContain('Sam Lee has redeemed the gift you gave them');
    // which test they chose is the recipient's health information
    expect(JSON.stringify(told?.payload)).not.toContain('Cortisol');

    // the order page shows the next step and the program offered later
    const page = (await visitor.get(`/api/orders/${orderId}`)).json();
    expect(page).toMatchObject({
      status: 'profile_pending',
      total: '$0.00',
      collection: { method: 'home', label: 'At-home Delivery' },
      nextStep: { kind: 'fill_profile', href: '/account/profile' },
      redeemedGift: { type: 'one_off', from: 'Dana', programLater: { productCode: 'improvement-program-later', price: '$180.00' } },
    });
  });

  it('then travels the normal lifecycle: profile, approval, one kit', async () => {
    const gift = await deliveredGift(shop);
    const visitor = await recipient(shop);
    const orderId: string = (await redeem(visitor, redemption(gift.code, { choice: { kind: 'area', area: 'sleep' } }))).json().order.id;
    const profile = await visitor.request({
      method: 'PUT',
      url: '/api/account/profile',
      payload: { fullName: 'Sam Lee', dateOfBirth: '1990-04-12', sex: 'female', state: 'TX' },
    });
    expect(profile.json().released).toBe(1);
    const clinician = await staffVisitor(shop, 'clinician');
    const approved = await clinician.post(`/api/admin/orders/${orderId}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    const kits = await db().select().from(orderKits).where(eq(orderKits.orderId, orderId));
    expect(kits.map((kit) => [kit.kitSlug, kit.status])).toEqual([['daily-rhythm-saliva', 'preparing']]);
  });

  it('an Improvement Program gift: the Complete bundle and the program at $0, and the program starts when the results arrive', async () => {
    const gift = await deliveredGift(shop, { type: 'improvement_program', contents: { kind: 'complete' } });
    const visitor = await recipient(shop);
    const wrong = await redeem(visitor, redemption(gift.code));
    expect(wrong.json()).toEqual({
      code: 'GIFT_CHOICE_NOT_IN_GIFT',
      message: 'This gift does not include that test. Please choose one of the tests it offers.',
    });
    const redeemed = await redeem(visitor, redemption(gift.code, { choice: { kind: 'complete' } }));
    expect(redeemed.statusCode, redeemed.body).toBe(201);
    const orderId: string = redeemed.json().order.id;
    const items = await db().select().from(orderItems).where(eq(orderItems.orderId, orderId));
    expect(items.map((item) => [item.productCode, item.unitPriceCents, item.charge])).toEqual([
      ['base-complete', 0, 'now'],
      ['base-complete-improvement-plan', 0, 'on_results'],
    ]);
    expect((await visitor.get(`/api/orders/${orderId}`)).json().redeemedGift).toEqual({
      type: 'improvement_program',
      from: 'Dana',
      programLater: null,
    });

    // the samples reached the lab (the kit tracks are tested elsewhere); the results start the program, with nothing to charge
    await db().update(orders).set({ status: 'sample_received' }).where(eq(orders.id, orderId));
    await db()
      .insert(orderKits)
      .values({ orderId, kitSlug: 'blood', title: 'Blood kit', status: 'sample_received', sampleReceivedAt: new Date() });
    const clinician = await staffVisitor(shop, 'clinician');
    // the bundle's blood kit: every biomarker of its five finger-prick tests
    const entered = await clinician.post(`/api/admin/orders/${orderId}/results/blood`, inRangeResults(biomarkersOrdered(items, 'blood')));
    expect(entered.json().order.status).toBe('program_billing');
    await shop.app.jobs.runDueJobs();
    const [after] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(after?.status).toBe('program_active');
  });

  it('20 recipients racing for one code: exactly one order and one redeemed gift', async () => {
    const gift = await deliveredGift(shop);
    const racers = await Promise.all(Array.from({ length: 20 }, () => recipient(shop)));
    const responses = await Promise.all(racers.map((visitor) => redeem(visitor, redemption(gift.code))));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([201, ...Array<number>(19).fill(409)]);
    expect(new Set(responses.filter((r) => r.statusCode === 409).map((r) => r.json().message))).toEqual(
      new Set(['This gift has already been redeemed.']),
    );
    const row = await giftRow(gift.giftId);
    const made = await db().select().from(orders).where(eq(orders.id, row.redeemedOrderId!));
    expect(made).toHaveLength(1);
    expect(await redeemedOrdersOf(gift.giftId)).toBe(1);
  });

  it('20 submissions by one recipient (double clicks, retries): one order, the same answer each time', async () => {
    const gift = await deliveredGift(shop);
    const visitor = await recipient(shop);
    const responses = await Promise.all(Array.from({ length: 20 }, () => redeem(visitor, redemption(gift.code))));
    expect(responses.every((response) => response.statusCode === 200 || response.statusCode === 201)).toBe(true);
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(1);
    expect(new Set(responses.map((response) => response.json().order.id)).size).toBe(1);
    expect(await redeemedOrdersOf(gift.giftId)).toBe(1);
    // the same Idempotency-Key again answers the same order
    const key = crypto.randomUUID();
    const again = await redeem(visitor, redemption(gift.code), key);
    expect((await redeem(visitor, redemption(gift.code), key)).json().order.id).toBe(again.json().order.id);
  });

  /** Orders made by redemptions of a gift: one per gift, whatever raced. */
  async function redeemedOrdersOf(giftId: string): Promise<number> {
    const row = await giftRow(giftId);
    const users = row.redeemedByUserId
      ? await db()
          .select()
          .from(orders)
          .where(and(eq(orders.userId, row.redeemedByUserId), eq(orders.totalCents, 0)))
      : [];
    return users.length;
  }

  it('refuses wrong, used and guessed codes with a clear message', async () => {
    const gift = await deliveredGift(shop);
    const visitor = await recipient(shop);
    const check = (code: string) => visitor.post('/api/gifts/check', { code });
    expect((await check('')).json()).toEqual({ code: 'GIFT_CODE_INVALID', message: 'Please enter the gift code from your e-mail' });
    expect((await check('ABCD-1234')).json()).toEqual({
      code: 'GIFT_CODE_INVALID',
      message: 'This is not a gift code. Please check the code in your e-mail: it has 16 letters and digits.',
    });
    const guessed = await check('0000-0000-0000-0000');
    expect(guessed.statusCode).toBe(404);
    expect(guessed.json()).toEqual({
      code: 'GIFT_CODE_NOT_FOUND',
      message: 'We could not find a gift with this code. Please check the code in your e-mail.',
    });
    expect((await redeem(visitor, redemption('0000-0000-0000-0000'))).statusCode).toBe(404);

    expect((await redeem(visitor, redemption(gift.code))).statusCode).toBe(201);
    const someoneElse = await recipient(shop);
    const used = await someoneElse.post('/api/gifts/check', { code: gift.shownCode });
    expect(used.statusCode).toBe(409);
    expect(used.json()).toEqual({ code: 'GIFT_ALREADY_REDEEMED', message: 'This gift has already been redeemed.' });
    expect((await redeem(someoneElse, redemption(gift.code))).json().code).toBe('GIFT_ALREADY_REDEEMED');

    // a purchase refunded after delivery takes its gift with it
    const refunded = await deliveredGift(shop);
    await db().update(orders).set({ status: 'refunded' }).where(eq(orders.id, refunded.purchaseOrderId));
    expect((await check(refunded.code)).json()).toEqual({
      code: 'GIFT_WITHDRAWN',
      message: 'This gift was cancelled and can no longer be redeemed. Please ask the person who gave it to you.',
    });
    expect((await redeem(visitor, redemption(refunded.code))).json().code).toBe('GIFT_WITHDRAWN');

    // a gift bought but not delivered yet has no code to find
    const scheduled = await deliveredGift(shop);
    await db().update(gifts).set({ status: 'scheduled' }).where(eq(gifts.id, scheduled.giftId));
    expect((await check(scheduled.code)).statusCode).toBe(404);
  });

  it('limits code tries per address: guessing one by one is cut off', async () => {
    const guesser = new Visitor(shop.app, '127.9.9.9');
    const answers: number[] = [];
    for (let index = 0; index < 31; index += 1) {
      const code = `${String(index).padStart(4, '0')}-0000-0000-0001`;
      answers.push((await guesser.post('/api/gifts/check', { code })).statusCode);
    }
    expect(answers.slice(0, 30).every((status) => status === 404)).toBe(true);
    const refused = await guesser.post('/api/gifts/check', { code: '1111-1111-1111-1111' });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json().code).toBe('TOO_MANY_REQUESTS');
    // redeeming counts against the same tries
    expect((await guesser.post('/api/gifts/redeem', redemption('1111-1111-1111-1111'))).statusCode).toBe(429);
    // another address is not affected
    expect((await new Visitor(shop.app).post('/api/gifts/check', { code: '1111-1111-1111-1111' })).statusCode).toBe(404);
  });

  it('refuses anyone under 18 and a recipient in New York, and the gift stays redeemable', async () => {
    const gift = await deliveredGift(shop);
    const visitor = await recipient(shop);
    const minor = new Date();
    minor.setUTCFullYear(minor.getUTCFullYear() - 17);
    const underage = await redeem(visitor, redemption(gift.code, { dateOfBirth: minor.toISOString().slice(0, 10) }));
    expect(underage.statusCode).toBe(422);
    expect(underage.json()).toEqual({ code: 'UNDERAGE', message: 'We are sorry, but we can only test people who are 18 or older.' });
    const newYork = await redeem(
      visitor,
      redemption(gift.code, { collection: 'lab', shipping: { ...shipping, city: 'New York', zipCode: '10001' } }),
    );
    // tests are not sold to people living in New York, by home kit or lab (decision 0060)
    expect(newYork.statusCode).toBe(422);
    expect(newYork.json()).toMatchObject({ code: 'NOT_SOLD_IN_STATE', message: expect.stringContaining('New York') });
    expect((await giftRow(gift.giftId)).status).toBe('delivered');

    // a gift is a test: without the lab's release of its results to the shop, nothing is redeemed
    const unauthorized = await redeem(visitor, redemption(gift.code, { collection: 'lab', consents: [] }));
    expect(unauthorized.statusCode).toBe(422);
    expect(unauthorized.json()).toMatchObject({ code: 'CONSENT_REQUIRED', message: expect.stringContaining('hipaa_authorization') });
    expect((await giftRow(gift.giftId)).status).toBe('delivered');

    // a partner lab elsewhere: the lab is chosen on the collection page, as after any checkout
    const lab = await redeem(visitor, redemption(gift.code, { collection: 'lab' }));
    expect(lab.statusCode, lab.body).toBe(201);
    // the recipient's authorization is kept with their order: its words' version and the address
    const consents = await shop.database.db.select().from(orderConsents).where(eq(orderConsents.orderId, lab.json().order.id));
    expect(consents).toEqual([
      expect.objectContaining({
        kind: 'hipaa_authorization',
        version: consentTexts.hipaa_authorization.version,
        ipAddress: expect.any(String),
      }),
    ]);
    const order = (await visitor.get(`/api/orders/${lab.json().order.id}`)).json();
    expect(order).toMatchObject({ status: 'collection_pending', collection: null, nextStep: { kind: 'choose_collection' } });
  });

  it.each([
    [{ email: 'sam@' }, 'Please enter a valid email'],
    [{ zipCode: '787' }, 'Please enter a valid zip code'],
    [{ city: '' }, 'Please fill all the fields'],
    [{ fullName: '   ' }, 'Please fill all the fields'],
  ])('refuses gift shipping %j with the specification’s message', async (change, message) => {
    const gift = await deliveredGift(shop);
    const visitor = await recipient(shop);
    const response = await redeem(visitor, redemption(gift.code, { shipping: { ...shipping, ...change } }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'VALIDATION_FAILED', message });
    expect((await giftRow(gift.giftId)).status).toBe('delivered');
  });

  it('asks the recipient to sign up or in first', async () => {
    const gift = await deliveredGift(shop);
    const response = await redeem(new Visitor(shop.app), redemption(gift.code));
    expect(response.statusCode).toBe(401);
    expect((await giftRow(gift.giftId)).status).toBe('delivered');
  });

  it('the purchaser learns of a redemption once, whoever raced', async () => {
    const gift = await deliveredGift(shop);
    const racers = await Promise.all(Array.from({ length: 3 }, () => recipient(shop)));
    await Promise.all(racers.map((visitor) => redeem(visitor, redemption(gift.code))));
    const told = await db()
      .select()
      .from(jobs)
      .where(like(jobs.singletonKey, `gift-redeemed:${gift.giftId}%`));
    expect(told).toHaveLength(1);
  });
});
