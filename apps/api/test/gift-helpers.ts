import { createDeliveredGift, type DeliveredGiftInput } from '../src/gifts/test-factory.ts';
import { uniqueEmail, Visitor, type TestShop } from './helpers.ts';

/**
 * A delivered gift with a code the test knows: the purchaser's paid order and the gift row, as
 * purchase and delivery leave them (they are their own flow and their own tests).
 */
export function deliveredGift(shop: TestShop, input: DeliveredGiftInput = {}) {
  return createDeliveredGift(shop.database.db, input);
}

/** A recipient signed up through the checkout's account step, as the redemption page does it. */
export async function recipient(shop: TestShop, email = uniqueEmail('recipient')): Promise<Visitor> {
  const visitor = new Visitor(shop.app);
  const response = await visitor.post('/api/checkout/account', { email, password: 'Sup3r-secret!' });
  if (response.statusCode !== 200) throw new Error(`account failed: ${response.body}`);
  return visitor;
}

export const shipping = { fullName: 'Sam Lee', email: 'sam@example.com', shippingAddress: '12 Elm Street', apartmentNumber: '4B', city: 'Austin', zipCode: '78701' };

/** The redemption form as the page sends it: the first area of the default gift, shipped home. */
export function redemption(code: string, change: Record<string, unknown> = {}) {
  return { code, choice: { kind: 'area', area: 'stress' }, dateOfBirth: '1990-04-12', collection: 'home', shipping, ...change };
}

export function redeem(visitor: Visitor, body: unknown, key: string = crypto.randomUUID()) {
  return visitor.post('/api/gifts/redeem', body, { 'idempotency-key': key });
}
