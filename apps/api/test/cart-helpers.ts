import { count, eq } from 'drizzle-orm';
import { cartItems, carts, emailOutbox } from '@shop/db';
import { expect } from 'vitest';
import { adultAnswers, uniqueEmail, Visitor, type TestShop, quizConsent } from './helpers.ts';

/** A visitor who took the quiz (anxiety & depression: the Cortisol Test, id 53) and put its starter test in the cart. */
export async function visitorWithStarterTest(shop: TestShop, { signedIn = false } = {}) {
  const visitor = new Visitor(shop.app);
  const email = uniqueEmail('cart');
  if (signedIn) {
    const signUp = await visitor.post('/api/checkout/account', { email, password: 'Sup3r-secret!' });
    expect(signUp.statusCode, signUp.body).toBe(200);
  }
  const quiz = await visitor.post('/api/quiz-results', { variant: 'quiz', answers: adultAnswers, consent: quizConsent });
  expect(quiz.statusCode, quiz.body).toBe(201);
  const quizResultId: string = quiz.json().id;
  const added = await visitor.post('/api/cart/items', { productCode: 'base-quiz', quizResultId });
  expect(added.statusCode, added.body).toBe(200);
  const cartCookie = added.cookies.find((cookie) => cookie.name === 'shop_cart')?.value;
  return { visitor, email, quizResultId, cartCookie, cart: added.json<CartBody>() };
}

export interface CartBody {
  id: string;
  itemCount: number;
  items: Array<{
    id: string;
    productCode: string;
    testId: number | null;
    kind: string;
    title: string;
    quantity: number;
    frequency: string | null;
    note: string | null;
  }>;
  display: Record<string, string | number | null>;
  totalCents: number;
  deferredCents: number;
}

export function patch(visitor: Visitor, url: string, payload: unknown) {
  return visitor.request({ method: 'PATCH', url, payload: payload as string });
}

export function remove(visitor: Visitor, url: string) {
  return visitor.request({ method: 'DELETE', url });
}

/** Every cart and cart line in the database, and the outbox: a refused request changes none of them. */
export async function snapshot(shop: TestShop) {
  const db = shop.database.db;
  const [cartCount] = await db.select({ n: count() }).from(carts);
  const lines = await db.select().from(cartItems).orderBy(cartItems.id);
  const [mail] = await db.select({ n: count() }).from(emailOutbox);
  return { carts: cartCount?.n, lines, mail: mail?.n };
}

/** The outbox rows of an address once the queue sent what is due. */
export async function mailTo(shop: TestShop, address: string) {
  await shop.app.jobs.runDueJobs();
  return shop.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, address));
}
