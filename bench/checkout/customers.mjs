import { quizConsent } from '../lib/consent.mjs';
import { CookieJar } from './http.mjs';

const answers = { goal: 'anxiety-depression', sex: 'female', dateOfBirth: '1990-04-12' };

/**
 * The i-th customer's own loopback address. The account step is limited to 30 sign-ups an hour
 * per address, and the shop trusts no X-Forwarded-For outside production: so each customer
 * really connects from an address of its own in 127.0.0.0/8, as customers come from their own
 * addresses, and the limit stays on.
 */
function addressOf(group, i) {
  return `127.${20 + group}.${Math.floor(i / 250) % 250}.${(i % 250) + 1}`;
}

async function expectStatus(response, status, step) {
  if (response.status !== status) throw new Error(`${step}: ${response.status} ${response.text.slice(0, 300)}`);
  return response;
}

/**
 * A customer as the shop's pages make one: quiz result, the starter test in the cart, the
 * checkout account (a real sign-up, with its password hash), and a card tokenised by the test
 * gateway (4242 4242 4242 4242).
 */
async function prepareCustomer(client, group, i, emailPrefix) {
  const cookies = new CookieJar();
  const localAddress = addressOf(group, i);
  const call = (method, path, body) => client.request({ method, path, body, cookies, localAddress });
  const quiz = await expectStatus(await call('POST', '/api/quiz-results', { variant: 'quiz', answers, consent: quizConsent }), 201, 'quiz');
  await expectStatus(await call('POST', '/api/cart/items', { productCode: 'base-quiz', quizResultId: quiz.json.id }), 200, 'add to cart');
  const email = `${emailPrefix}-${i}@bench.example.com`;
  await expectStatus(await call('POST', '/api/checkout/account', { email, password: 'Bench-passw0rd!' }), 200, 'account');
  const card = await expectStatus(
    await call('POST', '/api/payments/test-gateway/payment-methods', { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' }),
    201,
    'tokenise',
  );
  return { email, cookies, paymentMethod: card.json.paymentMethod, quizResultId: quiz.json.id };
}

/** `count` customers, `concurrency` at a time; `group` keeps each batch's addresses apart. */
export async function prepareCustomers(client, { count, group, emailPrefix, concurrency = 6 }) {
  const customers = new Array(count);
  let next = 0;
  async function worker() {
    while (next < count) {
      const i = next++;
      customers[i] = await prepareCustomer(client, group, i, emailPrefix);
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  return customers;
}

/**
 * A new cart for each customer after an order: the starter test of the customer's own quiz result
 * goes in again (a result is its visitor's alone, then its account's). Signed-in customers need
 * no new account, so only the first cart costs a password hash.
 */
export async function refillCarts(client, customers, concurrency = 6) {
  let next = 0;
  async function worker() {
    while (next < customers.length) {
      const i = next++;
      const body = { productCode: 'base-quiz', quizResultId: customers[i].quizResultId };
      await expectStatus(
        await client.request({ method: 'POST', path: '/api/cart/items', body, cookies: customers[i].cookies }),
        200,
        'refill cart',
      );
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/**
 * Quiz results of anonymous visitors, each with the quiz cookie of the browser that took it (only
 * that browser may put the result in a cart). The cart's own cookie is not kept: every addition
 * made with one opens a new cart, as a new visitor's does.
 */
export async function prepareQuizResults(client, count) {
  const results = [];
  for (let i = 0; i < count; i += 1) {
    const cookies = new CookieJar();
    const quiz = await expectStatus(
      await client.request({
        method: 'POST',
        path: '/api/quiz-results',
        body: { variant: 'quiz', answers, consent: quizConsent },
        cookies,
      }),
      201,
      'quiz',
    );
    results.push({ id: quiz.json.id, cookie: cookies.header() });
  }
  return results;
}
