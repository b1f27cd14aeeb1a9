import { dayIn } from '@shop/core';
import { expect } from 'vitest';
import { createDeliveredGift, type DeliveredGiftInput } from './gift-factory.ts';
import { uniqueEmail, Visitor, type TestShop } from './helpers.ts';

export const today = () => dayIn(new Date());

/** A day this many days from New York's today, as YYYY-MM-DD. */
export function dayFromToday(days: number): string {
  const [year, month, day] = today().split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, day! + days)).toISOString().slice(0, 10);
}

export function put(visitor: Visitor, url: string, payload: unknown) {
  return visitor.request({ method: 'PUT', url, payload: payload as string });
}

export function deliveryForm(overrides: Record<string, unknown> = {}) {
  return {
    purchaserName: 'Dana Wu',
    purchaserEmail: uniqueEmail('dana'),
    recipientName: 'Sam Wu',
    recipientEmail: uniqueEmail('sam'),
    deliveryDate: today(),
    message: 'Happy birthday, Sam! Take care of yourself & enjoy.',
    ...overrides,
  };
}

/**
 * A signed-in purchaser with a gift in the cart (an improvement_program with two areas) and,
 * unless told otherwise, its delivery form filled in.
 */
export async function giftPurchaser(shop: TestShop, options: { delivery?: Record<string, unknown> | null; email?: string } = {}) {
  const visitor = new Visitor(shop.app);
  const email = options.email ?? uniqueEmail('giver');
  const account = await visitor.post('/api/checkout/account', { email, password: 'Sup3r-secret!' });
  expect(account.statusCode, account.body).toBe(200);
  const chosen = await put(visitor, '/api/cart/gift', { type: 'improvement_program', areas: ['diet', 'sleep'], complete: false });
  expect(chosen.statusCode, chosen.body).toBe(200);
  const form = options.delivery === null ? null : deliveryForm({ purchaserEmail: email, ...options.delivery });
  if (form) {
    const saved = await put(visitor, '/api/cart/gift/delivery', form);
    expect(saved.statusCode, saved.body).toBe(200);
  }
  return { visitor, email, form };
}

// The recipient's side: a delivered gift and its redemption.

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

export const shipping = {
  fullName: 'Sam Lee',
  email: 'sam@example.com',
  shippingAddress: '12 Elm Street',
  apartmentNumber: '4B',
  city: 'Austin',
  zipCode: '78701',
};

/** The redemption form as the page sends it: the first area of the default gift, shipped home. */
export function redemption(code: string, change: Record<string, unknown> = {}) {
  return {
    code,
    choice: { kind: 'area', area: 'stress' },
    dateOfBirth: '1990-04-12',
    collection: 'home',
    shipping,
    consents: ['hipaa_authorization'],
    ...change,
  };
}

export function redeem(visitor: Visitor, body: unknown, key: string = crypto.randomUUID()) {
  return visitor.post('/api/gifts/redeem', body, { 'idempotency-key': key });
}
