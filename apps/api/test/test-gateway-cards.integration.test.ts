import { cardEntryMessages } from '@shop/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, Visitor, type TestShop } from './helpers.ts';

// The test gateway's card form reads a typed card with core's schema and words, as the pages do.
describe('the test gateway’s card form', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop();
  });
  afterAll(() => shop.close());

  const tokenise = (card: { number: string; expiry: string; cvc: string }) =>
    new Visitor(shop.app).post('/api/payments/test-gateway/payment-methods', card);

  it('swaps a valid card for a reference', async () => {
    const response = await tokenise({ number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' });
    expect(response.statusCode).toBe(201);
    expect(response.json().paymentMethod).toEqual(expect.any(String));
  });

  it('refuses a month past 12, a short code, a mistyped number and a card past its expiry, in the checkout’s words', async () => {
    const month = await tokenise({ number: '4242424242424242', expiry: '13/34', cvc: '123' });
    expect(month.statusCode).toBe(400);
    expect(month.body).toContain(cardEntryMessages.expiry);
    const code = await tokenise({ number: '4242424242424242', expiry: '12/34', cvc: '12' });
    expect(code.statusCode).toBe(400);
    expect(code.body).toContain(cardEntryMessages.cvc);
    const mistyped = await tokenise({ number: '4242 4242 4242 4241', expiry: '12/34', cvc: '123' });
    expect(mistyped.json()).toMatchObject({ code: 'INVALID_CARD', message: cardEntryMessages.number });
    const expired = await tokenise({ number: '4242424242424242', expiry: '01/20', cvc: '123' });
    expect(expired.json()).toMatchObject({ code: 'CARD_EXPIRED', message: cardEntryMessages.expired });
  });
});
