import { eq, sql } from 'drizzle-orm';
import { quizResults } from '@shop/db';
import { quizVariants } from '@shop/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, uniqueEmail, Visitor, type TestShop } from './helpers.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

async function storedResults(): Promise<number> {
  const [row] = await shop.database.db.select({ count: sql<number>`count(*)::int` }).from(quizResults);
  return Number(row?.count);
}

/** An answer set that every question of the variant accepts. */
function completeAnswers(slug: keyof typeof quizVariants): Record<string, unknown> {
  const sample: Record<string, unknown> = {
    goal: 'womens-health',
    area: 'energy',
    symptoms: ['brain-fog'],
    sex: 'female',
    dateOfBirth: '1988-09-30',
    diet: 'vegetarian',
    activity: 'active',
    sleepHours: '5-6',
    recipientSex: 'male',
  };
  return Object.fromEntries(quizVariants[slug].questions.map((id) => [id, sample[id]]));
}

describe('quiz variants through the API', () => {
  it.each(Object.keys(quizVariants) as (keyof typeof quizVariants)[])('%s stores its answers and recommends', async (slug) => {
    const response = await new Visitor(shop.app).post('/api/quiz-results', { variant: slug, answers: completeAnswers(slug) });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body.variant).toBe(slug);
    const [row] = await shop.database.db.select().from(quizResults).where(eq(quizResults.id, body.id));
    expect(row).toMatchObject({ variant: slug, goalSlug: body.goal.slug, title: body.title });
  });

  it('follows the goal when one is chosen, and the area otherwise', async () => {
    const byGoal = await new Visitor(shop.app).post('/api/quiz-results', { variant: 'quiz', answers: completeAnswers('quiz') });
    expect(byGoal.json()).toMatchObject({ goal: { slug: 'womens-health', goalId: 10 }, starterTest: { id: 207 } });
    const byArea = await new Visitor(shop.app).post('/api/quiz-results', { variant: 'quiz-base', answers: completeAnswers('quiz-base') });
    // energy with brain fog → the brain-fog goal → the Focus Test
    expect(byArea.json()).toMatchObject({ goal: { slug: 'brain-fog', goalId: 1 }, starterTest: { id: 68 } });
  });

  it('asks no date of birth in a gift quiz and speaks of the recipient', async () => {
    const response = await new Visitor(shop.app).post('/api/quiz-results', { variant: 'quiz-gift', answers: { goal: 'sleep', recipientSex: 'female' } });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ title: 'A Sleep starter test for them', gift: true, starterTest: { id: 54 } });
  });

  const future = `${new Date().getUTCFullYear() + 1}-01-01`;
  it.each([
    ['an unknown quiz', { variant: 'quiz-z', answers: { goal: 'sleep' } }, 'This quiz does not exist.'],
    ['an unknown goal', { variant: 'quiz-c', answers: { goal: 'immortality', sex: 'male', dateOfBirth: '1980-01-01' } }, 'Please choose a health goal'],
    ['a missing answer', { variant: 'quiz-c', answers: { goal: 'sleep', dateOfBirth: '1980-01-01' } }, 'Please choose an option'],
    ['a date of birth in the future', { variant: 'quiz-c', answers: { goal: 'sleep', sex: 'male', dateOfBirth: future } }, 'Please enter a valid date of birth'],
    ['a question the quiz does not ask', { variant: 'quiz-gift', answers: { goal: 'sleep', recipientSex: 'male', dateOfBirth: '1980-01-01' } }, 'This quiz does not ask about dateOfBirth'],
  ])('refuses %s with a 400 and stores nothing', async (_name, body, message) => {
    const before = await storedResults();
    const response = await new Visitor(shop.app).post('/api/quiz-results', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await storedResults()).toBe(before);
  });
});

describe('a returning visitor', () => {
  it('finds their latest result, and it becomes their account’s at checkout', async () => {
    const visitor = new Visitor(shop.app);
    expect((await visitor.get('/api/quiz-results/latest')).json()).toEqual({
      code: 'NO_SAVED_QUIZ_RESULT',
      message: 'You have no saved quiz results yet.',
    });
    const created = (await visitor.post('/api/quiz-results', { variant: 'quiz-c', answers: { goal: 'bloating', sex: 'male', dateOfBirth: '1979-03-03' } })).json();
    const latest = await visitor.get('/api/quiz-results/latest');
    expect(latest.statusCode).toBe(200);
    expect(latest.json()).toMatchObject({ id: created.id, goal: { slug: 'bloating' }, starterTest: { id: 65 } });

    const account = await visitor.post('/api/checkout/account', { email: uniqueEmail('returning'), password: 'Sup3r-secret!' });
    expect(account.statusCode).toBe(200);
    const [row] = await shop.database.db.select().from(quizResults).where(eq(quizResults.id, created.id));
    expect(row?.userId).toBe(account.json().user.id);
  });
});
