import { eq } from 'drizzle-orm';
import { orders } from '@shop/db';
import { expect } from 'vitest';
import { adultAnswers, uniqueEmail, Visitor, type TestShop, quizConsent, placeOrder } from './helpers.ts';

/**
 * A customer who bought the starter test, with the Improvement Program unless `withProgram` is
 * false, paying with `card` (approving the bank's check when it asks): the order as placed.
 */
export async function programOrder(shop: TestShop, card = '4242 4242 4242 4242', withProgram = true) {
  const email = uniqueEmail('program');
  const visitor = new Visitor(shop.app);
  const quiz = await visitor.post('/api/quiz-results', { variant: 'quiz', answers: adultAnswers, consent: quizConsent });
  await visitor.post('/api/cart/items', { productCode: 'base-quiz', quizResultId: quiz.json().id });
  if (withProgram) await visitor.post('/api/cart/items', { productCode: 'base-improvement-plan', quizResultId: quiz.json().id });
  await visitor.post('/api/checkout/account', { email, password: 'Sup3r-secret!' });
  let placed = await placeOrder(visitor, card);
  if (placed.statusCode === 202) {
    await visitor.post('/api/payments/test-gateway/authentications', {
      clientSecret: placed.json().requiresAction.clientSecret,
      approve: true,
    });
    placed = await visitor.post(`/api/checkout/orders/${placed.json().order.id}/confirm`);
  }
  expect(placed.statusCode, placed.body).toBeLessThan(300);
  const [order] = await shop.database.db
    .select()
    .from(orders)
    .where(eq(orders.id, placed.json().order.id as string));
  return { visitor, email, order: order! };
}

/**
 * A customer who bought the starter test with the Improvement Program, paying with `card`, whose
 * results are in: the order waits in program billing (the results' own flow is tested elsewhere).
 */
export async function orderAwaitingProgramBilling(shop: TestShop, card = '4242 4242 4242 4242') {
  const { visitor, email, order: placed } = await programOrder(shop, card);
  const [order] = await shop.database.db.update(orders).set({ status: 'program_billing' }).where(eq(orders.id, placed.id)).returning();
  return { visitor, email, order: order! };
}
