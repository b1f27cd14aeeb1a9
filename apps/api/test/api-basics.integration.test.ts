import { sql } from 'drizzle-orm';
import { quizResults } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, quizConsent, type TestShop } from './helpers.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

async function quizResultCount(): Promise<number> {
  const [row] = await shop.database.db.select({ count: sql<number>`count(*)::int` }).from(quizResults);
  return Number(row?.count);
}

describe('health', () => {
  it('says the database answers', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'up' });
  });
});

describe('OpenAPI', () => {
  it('is generated from the route schemas', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/quiz-results', '/api/checkout/orders']));
    expect(document.paths['/api/quiz-results'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('answers');
  });
});

describe('errors', () => {
  it('answers an unknown API route with 404 JSON', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'There is no API route GET /api/no-such-thing' });
  });

  it.each([
    ['malformed JSON', '{"variant": "quiz", "answers": ', 'INVALID_JSON', 'The request body is not valid JSON.'],
    [
      'a wrong type',
      JSON.stringify({ variant: 'quiz', answers: { goal: 7, sex: 'female', dateOfBirth: '1990-01-01' } }),
      'VALIDATION_FAILED',
      'answers.goal: Invalid input: expected string, received number',
    ],
    [
      'an unknown field',
      JSON.stringify({ variant: 'quiz', admin: true, answers: { goal: 'sleep', sex: 'female', dateOfBirth: '1990-01-01' } }),
      'VALIDATION_FAILED',
      'Unrecognized key: "admin"',
    ],
    [
      'an oversized body',
      JSON.stringify({ variant: 'quiz', answers: { goal: 'x'.repeat(70_000) } }),
      'BODY_TOO_LARGE',
      'The request body is too large. Send less data and try again.',
    ],
  ])('refuses %s with a 400 a person can act on, and writes nothing', async (_name, payload, code, message) => {
    const before = await quizResultCount();
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/quiz-results',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code, message: expect.stringContaining(message) });
    expect(response.body).not.toMatch(/at .*\.ts:\d+/);
    expect(await quizResultCount()).toBe(before);
  });

  it('refuses a body that is not JSON', async () => {
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/quiz-results',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('refuses a state change sent from another site', async () => {
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/cart/items',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: { productCode: 'base-complete' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: 'CSRF_REFUSED', message: 'This request came from another site and was refused.' });
  });
});

describe('quiz results', () => {
  it('stores answers and returns the recommendation by its id', async () => {
    const created = await shop.app.inject({
      method: 'POST',
      url: '/api/quiz-results',
      payload: { variant: 'quiz', answers: { goal: 'anxiety-depression', sex: 'female', dateOfBirth: '1990-04-12' }, consent: quizConsent },
    });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body.starterTest).toMatchObject({ id: 53, priceCents: 7995, price: '$79.95' });
    expect(body.goal).toMatchObject({ slug: 'anxiety-depression', goalId: 8 });

    // a result is read by the browser that took the quiz: it sends back the cookie it was given
    const cookie = created.cookies.map((set) => `${set.name}=${set.value}`).join('; ');
    const read = await shop.app.inject({ method: 'GET', url: `/api/quiz-results/${body.id}`, headers: { cookie } });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(body);
  });

  it.each(['8b0c9a52-3f1e-4a43-9d7b-0a1b2c3d4e5f', 'not-a-uuid'])('answers QUIZ_RESULT_NOT_FOUND for %s', async (id) => {
    const response = await shop.app.inject({ method: 'GET', url: `/api/quiz-results/${id}` });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('QUIZ_RESULT_NOT_FOUND');
  });

  it('ends the quiz for a minor and keeps nothing', async () => {
    const before = await quizResultCount();
    const lastYear = new Date().getUTCFullYear() - 1;
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/quiz-results',
      payload: { variant: 'quiz', answers: { goal: 'sleep', sex: 'male', dateOfBirth: `${lastYear - 16}-01-01` }, consent: quizConsent },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ code: 'UNDERAGE', message: 'We are sorry, but we can only test people who are 18 or older.' });
    expect(await quizResultCount()).toBe(before);
  });
});
