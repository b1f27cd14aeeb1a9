import { createApiClient, isApiError } from '@shop/client';
import { eq } from 'drizzle-orm';
import { quizResults } from '@shop/db';
import { healthDataConsentTexts } from '@shop/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from './helpers.ts';

// the quiz stores answers only with the consent to collect them (decision 0076)
const quizConsent = { kind: 'collect_health_data', version: healthDataConsentTexts.collect_health_data.version };

let shop: TestShop;
let baseUrl: string;
beforeAll(async () => {
  shop = await createTestShop();
  const address = await shop.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `${address}/api`;
});
afterAll(() => shop.close());

// The typed client against the real API over HTTP: a result that is still being written when
// the results page asks for it arrives through the client's retry rule.
describe('the API client and QUIZ_RESULT_NOT_FOUND', () => {
  it('retries until a result written a moment later is there', async () => {
    // a result is read by the browser that took the quiz: this one takes a first quiz for its cookie
    const first = await fetch(`${baseUrl}/quiz-results`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ variant: 'quiz', answers: { goal: 'sleep', sex: 'female', dateOfBirth: '1990-01-01' }, consent: quizConsent }),
    });
    const cookie = first.headers
      .getSetCookie()
      .map((set) => set.split(';')[0])
      .join('; ');
    const [taken] = await shop.database.db
      .select({ visitorId: quizResults.visitorId })
      .from(quizResults)
      .where(eq(quizResults.id, ((await first.json()) as { id: string }).id));
    const id = crypto.randomUUID();
    const client = createApiClient({ baseUrl, headers: { cookie } });
    setTimeout(() => {
      // a drizzle query runs only once awaited or then-ed: .catch starts it
      shop.database.db
        .insert(quizResults)
        .values({
          id,
          variant: 'quiz',
          answers: { goal: 'sleep', sex: 'female', dateOfBirth: '1990-01-01' },
          goalSlug: 'sleep',
          starterTestId: 54,
          title: 'Your Sleep starter plan',
          areas: ['sleep'],
          visitorId: taken!.visitorId,
        })
        .catch((error: unknown) => console.error('insert failed', error));
    }, 700);
    const started = Date.now();
    const result = await client.getQuizResult(id);
    expect(result).toMatchObject({ id, title: 'Your Sleep starter plan', starterTest: { id: 54 } });
    expect(Date.now() - started).toBeGreaterThanOrEqual(500);
  });

  it('gives up after 3 retries, 500 ms apart, with the not-found code', async () => {
    const client = createApiClient({ baseUrl });
    const started = Date.now();
    const failure = await client.getQuizResult(crypto.randomUUID()).catch((error: unknown) => error);
    expect(isApiError(failure) && failure.code).toBe('QUIZ_RESULT_NOT_FOUND');
    expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
  });

  it('does not retry other errors', async () => {
    const client = createApiClient({ baseUrl });
    const started = Date.now();
    const failure = await client.getOrder('nope').catch((error: unknown) => error);
    expect(isApiError(failure) && failure.status).toBe(401);
    expect(Date.now() - started).toBeLessThan(400);
  });
});
