import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from './helpers.ts';
import { mailTo, patch, remove, snapshot, visitorWithStarterTest, type CartBody } from './cart-helpers.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

describe('replacing the quiz starter test', () => {
  it('asks first, says what would go, and changes nothing until confirmed', async () => {
    const { visitor, cart } = await visitorWithStarterTest(shop);
    await visitor.post('/api/cart/items', { productCode: 'base-improvement-plan' });
    const before = await snapshot(shop);

    const asked = await visitor.post('/api/cart/items', { productCode: 'base-complete' });
    expect(asked.statusCode).toBe(409);
    expect(asked.json()).toEqual({
      code: 'CART_CHANGE_NEEDS_CONFIRMATION',
      message: 'Adding this replaces the starter test from your quiz.',
      replaces: [
        { id: cart.items[0]!.id, productCode: 'base-quiz', title: 'Cortisol Test (Starter test)' },
        { id: expect.any(String), productCode: 'base-improvement-plan', title: 'Improvement Program' },
      ],
      adding: { productCode: 'base-complete', title: 'Complete bundle' },
      keptByEmail: false,
    });
    // cancelling is not sending the confirmation: the cart is as it was
    expect(await snapshot(shop)).toEqual(before);
    expect((await visitor.get('/api/cart')).json().items.map((item: { productCode: string }) => item.productCode)).toEqual([
      'base-quiz',
      'base-improvement-plan',
    ]);

    const confirmed = await visitor.post('/api/cart/items', { productCode: 'base-complete', confirmReplace: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const after: CartBody = confirmed.json();
    expect(after.items.map((item) => item.productCode)).toEqual(['base-complete']);
    expect(after).toMatchObject({
      totalCents: 44900,
      deferredCents: 0,
      display: { total: '$449.00', baseCompleteTests: 8, firstTest: null },
    });
  });

  it('asks the same for an area test and for a test subscription', async () => {
    for (const body of [
      { productCode: 'base-quiz', testId: 54, origin: 'area' },
      { productCode: 'base-monitor', testId: 54, frequency: 'quarterly' },
    ]) {
      const { visitor } = await visitorWithStarterTest(shop);
      expect((await visitor.post('/api/cart/items', body)).json().code).toBe('CART_CHANGE_NEEDS_CONFIRMATION');
      const confirmed: CartBody = (await visitor.post('/api/cart/items', { ...body, confirmReplace: true })).json();
      expect(confirmed.items).toEqual([expect.objectContaining({ productCode: body.productCode, testId: 54, kind: 'area' })]);
    }
  });

  it('e-mails a signed-in customer the way back to their quiz results', async () => {
    const { visitor, email, quizResultId } = await visitorWithStarterTest(shop, { signedIn: true });
    const asked = await visitor.post('/api/cart/items', { productCode: 'base-quiz', testId: 54, origin: 'area' });
    expect(asked.json()).toMatchObject({ code: 'CART_CHANGE_NEEDS_CONFIRMATION', keptByEmail: true, adding: { title: 'Melatonin Test' } });
    expect(await mailTo(shop, email)).toEqual([]);

    expect(
      (await visitor.post('/api/cart/items', { productCode: 'base-quiz', testId: 54, origin: 'area', confirmReplace: true })).statusCode,
    ).toBe(200);
    const mail = await mailTo(shop, email);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ subject: 'Your Cortisol Test is saved for you', status: 'stored' });
    expect(mail[0]!.text).toContain(`${shop.app.config.PUBLIC_URL}/quiz-results?id=${quizResultId}`);
    expect(mail[0]!.html).toContain(`/quiz-results?id=${quizResultId}`);
  });

  it('adds the bundle or an area test without asking when there is no starter test', async () => {
    const { visitor, cart } = await visitorWithStarterTest(shop);
    await remove(visitor, `/api/cart/items/${cart.items[0]!.id}`);
    const added = await visitor.post('/api/cart/items', { productCode: 'base-complete' });
    expect(added.statusCode).toBe(200);
  });
});

describe('add-on tests, fast-track and subscriptions', () => {
  it('adds any catalog test beside the starter test, but not the starter test twice', async () => {
    const { visitor } = await visitorWithStarterTest(shop);
    const added: CartBody = (await visitor.post('/api/cart/items', { productCode: 'base-quiz', testId: 68, origin: 'addon' })).json();
    expect(added.items.map((item) => [item.title, item.kind])).toEqual([
      ['Cortisol Test (Starter test)', 'starter'],
      ['Focus Test', 'addon'],
    ]);
    expect(added).toMatchObject({
      totalCents: 15990,
      itemCount: 2,
      display: { total: '$159.90', firstTest: 'Cortisol Test', area: 'Stress', goal: 'Anxiety & Depression' },
    });
    const twice = await visitor.post('/api/cart/items', { productCode: 'base-quiz', testId: 53, origin: 'addon' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ code: 'ALREADY_IN_CART', message: 'This test is already in your cart.' });
  });

  it('adds, removes and never doubles fast-track, and drops it with the starter test', async () => {
    const { visitor, cart } = await visitorWithStarterTest(shop);
    const withFastTrack: CartBody = (await visitor.post('/api/cart/items', { productCode: 'fast-track' })).json();
    expect(withFastTrack.items.map((item) => item.productCode)).toEqual(['base-quiz', 'fast-track']);
    expect(withFastTrack.totalCents).toBe(7995 + 4995);
    // a second click or a retry changes nothing
    expect((await visitor.post('/api/cart/items', { productCode: 'fast-track' })).json().items).toHaveLength(2);

    const fastTrackId = withFastTrack.items[1]!.id;
    const without: CartBody = (await remove(visitor, `/api/cart/items/${fastTrackId}`)).json();
    expect(without.items.map((item) => item.productCode)).toEqual(['base-quiz']);

    await visitor.post('/api/cart/items', { productCode: 'fast-track' });
    await visitor.post('/api/cart/items', { productCode: 'base-improvement-plan' });
    await visitor.post('/api/cart/items', { productCode: 'food-allergy' });
    const emptied: CartBody = (await remove(visitor, `/api/cart/items/${cart.items[0]!.id}`)).json();
    expect(emptied.items.map((item) => item.productCode)).toEqual(['food-allergy']);
  });

  it('refuses fast-track without a starter test to expand', async () => {
    const { visitor, cart } = await visitorWithStarterTest(shop);
    await remove(visitor, `/api/cart/items/${cart.items[0]!.id}`);
    const refused = await visitor.post('/api/cart/items', { productCode: 'fast-track' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('STARTER_TEST_REQUIRED');
  });

  it('keeps a subscription’s delivery frequency on its line and lets it change', async () => {
    const { visitor, cart } = await visitorWithStarterTest(shop);
    await remove(visitor, `/api/cart/items/${cart.items[0]!.id}`);
    const added: CartBody = (
      await visitor.post('/api/cart/items', { productCode: 'base-monitor', testId: 69, frequency: 'monthly' })
    ).json();
    expect(added.items).toEqual([
      expect.objectContaining({
        title: 'Thyroid Hormones Test (Test subscription)',
        frequency: 'monthly',
        note: 'Delivered and charged every month',
      }),
    ]);
    expect(added.display.date).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    const changed: CartBody = (await patch(visitor, `/api/cart/items/${added.items[0]!.id}`, { frequency: 'quarterly' })).json();
    expect(changed.items[0]).toMatchObject({ frequency: 'quarterly', note: 'Delivered and charged every 3 months' });
    const refused = await visitor.post('/api/cart/items', { productCode: 'base-monitor', testId: 69 });
    expect(refused.json()).toEqual({ code: 'FREQUENCY_REQUIRED', message: 'Please choose a delivery frequency: monthly or quarterly.' });
  });

  it('changes a quantity, and adding again sets rather than stacks', async () => {
    const { visitor } = await visitorWithStarterTest(shop);
    const added: CartBody = (await visitor.post('/api/cart/items', { productCode: 'food-sensitivity', quantity: 2 })).json();
    const line = added.items.find((item) => item.productCode === 'food-sensitivity')!;
    expect(line.quantity).toBe(2);
    expect((await visitor.post('/api/cart/items', { productCode: 'food-sensitivity', quantity: 3 })).json().items[1].quantity).toBe(3);
    const changed: CartBody = (await patch(visitor, `/api/cart/items/${line.id}`, { quantity: 10 })).json();
    expect(changed).toMatchObject({ itemCount: 11, totalCents: 7995 + 10 * 18400, display: { subtotal: '$1,919.95', total: '$1,919.95' } });
  });
});

describe('the display values', () => {
  it('are all computed and formatted on the server', async () => {
    const { visitor } = await visitorWithStarterTest(shop);
    const cart: CartBody = (await visitor.post('/api/cart/items', { productCode: 'base-improvement-plan' })).json();
    expect(cart.display).toEqual({
      subtotal: '$79.95',
      discount: '$0.00',
      memberDiscount: '$0.00',
      codeDiscount: '$0.00',
      codeDiscountLabel: null,
      tax: '$0.00',
      shipping: 'Free',
      total: '$79.95',
      deferred: '$140.05',
      storeCredit: '$0.00',
      couponCode: null,
      firstTest: 'Cortisol Test',
      baseCompleteTests: 0,
      area: 'Stress',
      goal: 'Anxiety & Depression',
      date: null,
      dateIso: null,
      membershipTerms: null,
    });
  });
});
