import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, uniqueEmail, Visitor, type TestShop } from './helpers.ts';
import { patch, remove, snapshot, visitorWithStarterTest, type CartBody } from './cart-helpers.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

const quantityMessage = 'Quantity must be a whole number from 1 to 10.';

describe('bad input is a 400 that says why, and writes nothing', () => {
  it.each([
    [{ productCode: 'food-allergy', quantity: 0 }, quantityMessage],
    [{ productCode: 'food-allergy', quantity: -3 }, quantityMessage],
    [{ productCode: 'food-allergy', quantity: 11 }, quantityMessage],
    [{ productCode: 'food-allergy', quantity: 1e15 }, quantityMessage],
    [{ productCode: 'food-allergy', quantity: 2.5 }, quantityMessage],
    [{ productCode: 'food-allergy', quantity: '2' }, quantityMessage],
    [{ productCode: 'fast-track', quantity: 2 }, 'This item can only be bought once per order.'],
    [{ productCode: 'caviar' }, 'This product does not exist.'],
    [{ productCode: '' }, 'This product does not exist.'],
    [{ productCode: 'base-quiz', testId: 4242, origin: 'addon' }, 'This test does not exist.'],
    [{ productCode: 'base-quiz', testId: -1, origin: 'addon' }, 'This test does not exist.'],
    [{ productCode: 'base-quiz', testId: 1.5, origin: 'addon' }, 'This test does not exist.'],
    [{ productCode: 'base-quiz', testId: 1e20, origin: 'addon' }, 'This test does not exist.'],
    [{ productCode: 'base-complete', testId: 4242 }, 'This test does not exist.'],
    [{ productCode: 'base-quiz', origin: 'addon' }, 'Please choose which test you want.'],
    [{ productCode: 'base-monitor', testId: 53, frequency: 'weekly' }, 'Please choose a delivery frequency: monthly or quarterly.'],
    [{ productCode: 'food-allergy', frequency: 'monthly' }, 'Only a test subscription has a delivery frequency.'],
    [{ productCode: 'base-complete', origin: 'addon' }, 'Only a single test can be added from an area or as an add-on.'],
    [{ productCode: 'base-complete', price: 1 }, 'Unrecognized key: "price"'],
  ])('refuses %j', async (body, message) => {
    const { visitor } = await visitorWithStarterTest(shop);
    const before = await snapshot(shop);
    const response = await visitor.post('/api/cart/items', body);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await snapshot(shop)).toEqual(before);
  });

  it('creates no cart for a newcomer whose first request is refused', async () => {
    const before = await snapshot(shop);
    const visitor = new Visitor(shop.app);
    const response = await visitor.post('/api/cart/items', { productCode: 'food-allergy', quantity: 0 });
    expect(response.statusCode).toBe(400);
    expect(visitor.hasCookie('shop_cart')).toBe(false);
    expect(await snapshot(shop)).toEqual(before);
  });

  it.each([
    [{ quantity: 0 }, quantityMessage],
    [{ quantity: 11 }, quantityMessage],
    [{ quantity: 1.25 }, quantityMessage],
    [{}, 'Send a quantity or a delivery frequency to change.'],
    [{ frequency: 'monthly' }, 'Only a test subscription has a delivery frequency.'],
    [{ quantity: 2 }, 'This item can only be bought once per order.'],
  ])('refuses the change %j of a line', async (body, message) => {
    const { visitor } = await visitorWithStarterTest(shop);
    const cart: CartBody = (await visitor.post('/api/cart/items', { productCode: 'fast-track' })).json();
    const before = await snapshot(shop);
    const response = await patch(visitor, `/api/cart/items/${cart.items[1]!.id}`, body);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await snapshot(shop)).toEqual(before);
  });

  it('answers 404 for a line that is not there, and 400 for an id that cannot be one', async () => {
    const { visitor } = await visitorWithStarterTest(shop);
    expect((await remove(visitor, `/api/cart/items/${crypto.randomUUID()}`)).json().code).toBe('CART_ITEM_NOT_FOUND');
    expect((await remove(visitor, '/api/cart/items/not-an-id')).statusCode).toBe(400);
    expect((await patch(visitor, `/api/cart/items/${crypto.randomUUID()}`, { quantity: 2 })).statusCode).toBe(404);
  });
});

describe('another visitor’s cart', () => {
  it('is never readable or writable, by item id or by account', async () => {
    const owner = await visitorWithStarterTest(shop, { signedIn: true });
    const line = owner.cart.items[0]!;
    const stranger = new Visitor(shop.app);
    const signUp = await stranger.post('/api/checkout/account', { email: uniqueEmail('stranger'), password: 'Sup3r-secret!' });
    expect(signUp.statusCode).toBe(200);
    const before = await snapshot(shop);

    expect((await stranger.get('/api/cart')).json().items).toEqual([]);
    expect((await remove(stranger, `/api/cart/items/${line.id}`)).statusCode).toBe(404);
    expect((await patch(stranger, `/api/cart/items/${line.id}`, { quantity: 3 })).statusCode).toBe(404);
    expect(await snapshot(shop)).toEqual(before);

    // the owner's cart cookie in another account's browser still does not open it
    const session = signUp.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
    const cookie = `shop_cart=${owner.cartCookie}; ${session}`;
    expect((await new Visitor(shop.app).request({ method: 'GET', url: '/api/cart', headers: { cookie } })).json().items).toEqual([]);
    const written = await new Visitor(shop.app).request({
      method: 'POST',
      url: '/api/cart/items',
      payload: { productCode: 'base-complete', confirmReplace: true },
      headers: { cookie },
    });
    expect(written.statusCode).toBe(200);
    expect(written.json<CartBody>().id).not.toBe(owner.cart.id);
    expect((await owner.visitor.get('/api/cart')).json().items.map((item: { id: string }) => item.id)).toEqual([line.id]);
  });

  it('cannot be opened with a forged cookie', async () => {
    const owner = await visitorWithStarterTest(shop);
    const forged = await new Visitor(shop.app).request({
      method: 'GET',
      url: '/api/cart',
      headers: { cookie: `shop_cart=${owner.cart.id}` },
    });
    expect(forged.json()).toMatchObject({ id: '', items: [] });
  });
});
