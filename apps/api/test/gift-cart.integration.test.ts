import { count } from 'drizzle-orm';
import { giftMessages } from '@shop/core';
import { cartGifts, cartItems, gifts, orders, payments, testGatewayCharges } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayFromToday, deliveryForm, giftPurchaser, put } from './gift-helpers.ts';
import { createTestShop, paymentMethod, Visitor, type TestShop, everyConsent, placeOrder } from './helpers.ts';
import { remove } from './cart-helpers.ts';

// The gift in the cart (§5): what it may hold, one per transaction, and its delivery form,
// checked by the API with core's rules and messages; a refusal stores and charges nothing.
describe('a gift in the cart', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop();
  });
  afterAll(() => shop.close());

  /** Every cart line, cart gift, order, payment and gateway charge: a refused request changes none. */
  async function snapshot() {
    const db = shop.database.db;
    const tally = async (
      table: typeof cartItems | typeof cartGifts | typeof orders | typeof payments | typeof testGatewayCharges | typeof gifts,
    ) => (await db.select({ n: count() }).from(table))[0]?.n;
    return {
      lines: await tally(cartItems),
      cartGifts: await db.select().from(cartGifts).orderBy(cartGifts.cartId),
      orders: await tally(orders),
      payments: await tally(payments),
      charges: await tally(testGatewayCharges),
      gifts: await tally(gifts),
    };
  }

  it('takes a gift with up to five areas, or the Complete bundle, and shows it in the cart', async () => {
    const visitor = new Visitor(shop.app);
    const chosen = await put(visitor, '/api/cart/gift', { type: 'one_off', areas: ['diet', 'stress', 'sleep', 'energy', 'sex-drive'] });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().cart).toMatchObject({
      giftType: 'one_off',
      items: [{ productCode: 'gift-one-off', kind: 'gift', lineTotal: '$79.95' }],
    });
    expect(chosen.json().cart.display.total).toBe('$79.95');
    expect(chosen.json().gift).toMatchObject({
      type: 'one_off',
      contents: { kind: 'areas', areas: ['diet', 'stress', 'sleep', 'energy', 'sex-drive'] },
      delivery: null,
    });

    // choosing again changes what the one gift holds
    const changed = await put(visitor, '/api/cart/gift', { type: 'one_off', complete: true });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().cart.items).toHaveLength(1);
    expect((await visitor.get('/api/cart/gift')).json().gift).toMatchObject({ type: 'one_off', contents: { kind: 'complete' } });
  });

  it.each([
    ['a sixth area', { type: 'one_off', areas: ['diet', 'stress', 'sleep', 'energy', 'sex-drive', 'diet'] }, giftMessages.tooManyAreas(5)],
    ['the Complete bundle with areas', { type: 'improvement_program', areas: ['diet'], complete: true }, giftMessages.areasWithComplete],
    ['nothing in it', { type: 'one_off', areas: [] }, giftMessages.emptyGift],
    ['an area that does not exist', { type: 'one_off', areas: ['knees'] }, giftMessages.unknownArea],
  ])('refuses %s and stores nothing', async (_what, choice, message) => {
    const visitor = new Visitor(shop.app);
    const before = await snapshot();
    const response = await put(visitor, '/api/cart/gift', choice);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message });
    expect(await snapshot()).toEqual(before);
  });

  it('sells one gift per transaction: a gift of the other type is refused, the first one stays', async () => {
    const { visitor } = await giftPurchaser(shop);
    const before = await snapshot();
    const second = await put(visitor, '/api/cart/gift', { type: 'one_off', areas: ['energy'] });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'GIFT_LIMIT', message: giftMessages.oneGiftPerTransaction });
    // and never through the ordinary cart either
    const sideways = await visitor.post('/api/cart/items', { productCode: 'gift-one-off' });
    expect(sideways.statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
    expect((await visitor.get('/api/cart/gift')).json().gift).toMatchObject({
      type: 'improvement_program',
      contents: { areas: ['diet', 'sleep'] },
    });
  });

  it.each([
    ['a past date', { deliveryDate: dayFromToday(-1) }, giftMessages.pastDate],
    ['no date', { deliveryDate: '' }, giftMessages.date],
    ['a date that is not one', { deliveryDate: '2026-02-30' }, giftMessages.date],
    ['a date more than a year ahead', { deliveryDate: dayFromToday(400) }, giftMessages.farDate],
    ['markup in the message', { message: 'Hi <script>alert(1)</script>' }, giftMessages.messageMarkup],
    ['an e-mail that is not one', { recipientEmail: 'sam at example' }, giftMessages.email],
    ['a purchaser without a name', { purchaserName: ' ' }, giftMessages.name],
    ['a field the form does not have', { code: 'x' }, undefined],
  ])('refuses a delivery form with %s and stores nothing', async (_what, change, message) => {
    const { visitor } = await giftPurchaser(shop, { delivery: null });
    const before = await snapshot();
    const response = await put(visitor, '/api/cart/gift/delivery', deliveryForm(change));
    expect(response.statusCode).toBe(400);
    if (message) expect(response.json().message).toBe(message);
    expect(await snapshot()).toEqual(before);
  });

  it('answers a delivery form without a gift in the cart with a conflict', async () => {
    const response = await put(new Visitor(shop.app), '/api/cart/gift/delivery', deliveryForm());
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('GIFT_NOT_IN_CART');
  });

  it('refuses to place the order of a gift without its delivery form: no order, nothing charged', async () => {
    const { visitor } = await giftPurchaser(shop, { delivery: null });
    const method = await paymentMethod(visitor);
    const before = await snapshot();
    const placed = await visitor.post(
      '/api/checkout/orders',
      { testedState: 'TX', consents: everyConsent, paymentMethod: method },
      { 'idempotency-key': crypto.randomUUID() },
    );
    expect(placed.statusCode).toBe(400);
    expect(placed.json()).toMatchObject({
      code: 'GIFT_DELIVERY_REQUIRED',
      message: 'Please tell us who the gift is for and when to deliver it before you pay.',
    });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses to place the order when the saved date has passed since', async () => {
    const { visitor } = await giftPurchaser(shop);
    // the form was saved yesterday for yesterday
    await shop.database.db.update(cartGifts).set({ deliverOn: dayFromToday(-1) });
    const before = await snapshot();
    const placed = await visitor.post('/api/checkout/orders', {
      testedState: 'TX',
      consents: everyConsent,
      paymentMethod: await paymentMethod(visitor),
    });
    expect(placed.statusCode).toBe(400);
    expect(placed.json()).toMatchObject({ code: 'GIFT_DATE_NOT_ALLOWED', message: giftMessages.pastDate });
    expect(await snapshot()).toEqual(before);
  });

  it('keeps the delivery form when the gift changes, and forgets the gift with its line', async () => {
    const { visitor, form } = await giftPurchaser(shop);
    const changed = await put(visitor, '/api/cart/gift', { type: 'improvement_program', complete: true });
    expect(changed.json().gift.delivery).toEqual(form);
    const line = changed.json().cart.items[0];
    const removed = await remove(visitor, `/api/cart/items/${line.id}`);
    expect(removed.statusCode).toBe(200);
    expect((await visitor.get('/api/cart/gift')).json()).toEqual({ gift: null });
    // with the line gone, another type is welcome
    expect((await put(visitor, '/api/cart/gift', { type: 'one_off', areas: ['sleep'] })).statusCode).toBe(200);
  });

  it('keeps the gift as it was ordered while its payment waits for the bank: no change, no removal', async () => {
    const { visitor } = await giftPurchaser(shop);
    const placed = await placeOrder(visitor, '4000 0025 0000 3155');
    expect(placed.statusCode, placed.body).toBe(202);
    expect(placed.json().order.status).toBe('pending_payment');
    const before = await snapshot();

    const message = 'This gift is being paid for, so it cannot be changed now. Please finish the payment first.';
    const changed = await put(visitor, '/api/cart/gift', { type: 'improvement_program', complete: true });
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toEqual({ code: 'GIFT_BEING_PAID', message });
    const redated = await put(visitor, '/api/cart/gift/delivery', deliveryForm({ recipientName: 'Someone Else' }));
    expect(redated.statusCode).toBe(409);
    const line = (await visitor.get('/api/cart')).json().items[0];
    const removed = await remove(visitor, `/api/cart/items/${line.id}`);
    expect(removed.statusCode).toBe(409);
    expect(removed.json().code).toBe('GIFT_BEING_PAID');
    expect(await snapshot()).toEqual(before);
  });
});
