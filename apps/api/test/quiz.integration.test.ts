import { eq, inArray, sql } from 'drizzle-orm';
import { quizResults } from '@shop/db';
import { quizVariants } from '@shop/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, quizConsent, uniqueEmail, Visitor, type TestShop } from './helpers.ts';

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
    const response = await new Visitor(shop.app).post('/api/quiz-results', {
      variant: slug,
      answers: completeAnswers(slug),
      consent: quizConsent,
    });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body.variant).toBe(slug);
    const [row] = await shop.database.db.select().from(quizResults).where(eq(quizResults.id, body.id));
    expect(row).toMatchObject({ variant: slug, goalSlug: body.goal.slug, title: body.title });
  });

  it('follows the goal when one is chosen, and the area otherwise', async () => {
    const byGoal = await new Visitor(shop.app).post('/api/quiz-results', {
      variant: 'quiz',
      answers: completeAnswers('quiz'),
      consent: quizConsent,
    });
    expect(byGoal.json()).toMatchObject({ goal: { slug: 'womens-health', goalId: 10 }, starterTest: { id: 207 } });
    const byArea = await new Visitor(shop.app).post('/api/quiz-results', {
      variant: 'quiz-base',
      answers: completeAnswers('quiz-base'),
      consent: quizConsent,
    });
    // energy with brain fog → the brain-fog goal → the Focus Test
    expect(byArea.json()).toMatchObject({ goal: { slug: 'brain-fog', goalId: 1 }, starterTest: { id: 68 } });
  });

  it('asks no date of birth in a gift quiz and speaks of the recipient', async () => {
    const response = await new Visitor(shop.app).post('/api/quiz-results', {
      variant: 'quiz-gift',
      answers: { goal: 'sleep', recipientSex: 'female' },
      consent: quizConsent,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ title: 'A Sleep starter test for them', gift: true, starterTest: { id: 54 } });
  });

  const future = `${new Date().getUTCFullYear() + 1}-01-01`;
  it.each([
    ['an unknown quiz', { variant: 'quiz-z', answers: { goal: 'sleep' } }, 'This quiz does not exist.'],
    [
      'an unknown goal',
      { variant: 'quiz-c', answers: { goal: 'immortality', sex: 'male', dateOfBirth: '1980-01-01' } },
      'Please choose a health goal',
    ],
    ['a missing answer', { variant: 'quiz-c', answers: { goal: 'sleep', dateOfBirth: '1980-01-01' } }, 'Please choose an option'],
    [
      'a date of birth in the future',
      { variant: 'quiz-c', answers: { goal: 'sleep', sex: 'male', dateOfBirth: future } },
      'Please enter a valid date of birth',
    ],
    [
      'a question the quiz does not ask',
      { variant: 'quiz-gift', answers: { goal: 'sleep', recipientSex: 'male', dateOfBirth: '1980-01-01' } },
      'This quiz does not ask about dateOfBirth',
    ],
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
    const created = (
      await visitor.post('/api/quiz-results', {
        variant: 'quiz-c',
        answers: { goal: 'bloating', sex: 'male', dateOfBirth: '1979-03-03' },
        consent: quizConsent,
      })
    ).json();
    const latest = await visitor.get('/api/quiz-results/latest');
    expect(latest.statusCode).toBe(200);
    expect(latest.json()).toMatchObject({ id: created.id, goal: { slug: 'bloating' }, starterTest: { id: 65 } });

    const account = await visitor.post('/api/checkout/account', { email: uniqueEmail('returning'), password: 'Sup3r-secret!' });
    expect(account.statusCode).toBe(200);
    const [row] = await shop.database.db.select().from(quizResults).where(eq(quizResults.id, created.id));
    expect(row?.userId).toBe(account.json().user.id);
  });
});

describe('a quiz result is its taker’s alone', () => {
  const password = 'Sup3r-secret!';
  const answers = { variant: 'quiz-c', answers: { goal: 'sleep', sex: 'female', dateOfBirth: '1985-05-05' }, consent: quizConsent };

  async function takeQuiz(visitor: Visitor): Promise<string> {
    const response = await visitor.post('/api/quiz-results', answers);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id;
  }

  /** A new account, signed in on a browser of its own. */
  async function signedUp(): Promise<{ visitor: Visitor; email: string }> {
    const email = uniqueEmail('quiz-owner');
    const visitor = new Visitor(shop.app);
    expect((await visitor.post('/api/auth/sign-up/email', { email, password, name: 'Quiz Owner' })).statusCode).toBe(200);
    // signing in explicitly: whether a sign-up also signs in is the auth library's setting, not this test's
    expect((await visitor.post('/api/auth/sign-in/email', { email, password })).statusCode).toBe(200);
    return { visitor, email };
  }

  /** The same answer as for an id that was never stored: nothing says that the result exists. */
  async function expectHidden(visitor: Visitor, id: string) {
    const response = await visitor.get(`/api/quiz-results/${id}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'QUIZ_RESULT_NOT_FOUND', message: 'We could not find these quiz results.' });
  }

  it('goes into its taker’s cart only: another visitor’s cart refuses its id as unknown', async () => {
    const taker = new Visitor(shop.app);
    const id = await takeQuiz(taker);
    const stranger = new Visitor(shop.app);
    const refused = await stranger.post('/api/cart/items', { productCode: 'base-quiz', quizResultId: id });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ code: 'QUIZ_RESULT_NOT_FOUND', message: 'We could not find these quiz results.' });
    expect((await stranger.get('/api/cart')).json().items).toEqual([]);
    const { visitor: customer } = await signedUp();
    expect((await customer.post('/api/cart/items', { productCode: 'base-quiz', quizResultId: id })).statusCode).toBe(404);
    const own = await taker.post('/api/cart/items', { productCode: 'base-quiz', quizResultId: id });
    expect(own.statusCode, own.body).toBe(200);
  });

  it('is read by the browser that took it, and by no other visitor or customer', async () => {
    const taker = new Visitor(shop.app);
    const id = await takeQuiz(taker);
    const own = await taker.get(`/api/quiz-results/${id}`);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ id, goal: { slug: 'sleep' } });

    const stranger = new Visitor(shop.app);
    await expectHidden(stranger, id);
    expect((await stranger.get('/api/quiz-results/latest')).statusCode).toBe(404);
    // a stranger who took a quiz of their own has a visitor id too, just not this one
    await takeQuiz(stranger);
    await expectHidden(stranger, id);

    const { visitor: customer } = await signedUp();
    await expectHidden(customer, id);
  });

  it('keeps every result of the browser, and all of them become the account’s at sign-in', async () => {
    const { email } = await signedUp();
    const taker = new Visitor(shop.app);
    const first = await takeQuiz(taker);
    const second = await takeQuiz(taker);
    expect((await taker.get(`/api/quiz-results/${first}`)).statusCode).toBe(200);
    expect((await taker.get('/api/quiz-results/latest')).json()).toMatchObject({ id: second });

    const signedIn = await taker.post('/api/auth/sign-in/email', { email, password });
    expect(signedIn.statusCode).toBe(200);
    const rows = await shop.database.db
      .select({ userId: quizResults.userId })
      .from(quizResults)
      .where(inArray(quizResults.id, [first, second]));
    expect(rows.map((row) => row.userId)).toEqual([signedIn.json().user.id, signedIn.json().user.id]);
    for (const id of [first, second]) expect((await taker.get(`/api/quiz-results/${id}`)).statusCode).toBe(200);

    // the account reads them from another browser, which never had the cookie
    const elsewhere = new Visitor(shop.app);
    expect((await elsewhere.post('/api/auth/sign-in/email', { email, password })).statusCode).toBe(200);
    for (const id of [first, second]) expect((await elsewhere.get(`/api/quiz-results/${id}`)).statusCode).toBe(200);

    // signed out, the browser's cookie no longer opens what is now the account's, as with a cart
    expect((await taker.post('/api/auth/sign-out', {})).statusCode).toBe(200);
    await expectHidden(taker, first);
    expect((await taker.get('/api/quiz-results/latest')).statusCode).toBe(404);
  });

  it('taken when signed up at checkout, is the new account’s', async () => {
    const taker = new Visitor(shop.app);
    const id = await takeQuiz(taker);
    const email = uniqueEmail('quiz-checkout');
    expect((await taker.post('/api/checkout/account', { email, password })).statusCode).toBe(200);
    expect((await taker.get(`/api/quiz-results/${id}`)).statusCode).toBe(200);
    const elsewhere = new Visitor(shop.app);
    expect((await elsewhere.post('/api/auth/sign-in/email', { email, password })).statusCode).toBe(200);
    expect((await elsewhere.get(`/api/quiz-results/${id}`)).statusCode).toBe(200);
  });

  it('taken while signed in, is the account’s from the start', async () => {
    const { visitor: customer, email } = await signedUp();
    const id = await takeQuiz(customer);
    const elsewhere = new Visitor(shop.app);
    await expectHidden(elsewhere, id);
    expect((await elsewhere.post('/api/auth/sign-in/email', { email, password })).statusCode).toBe(200);
    expect((await elsewhere.get(`/api/quiz-results/${id}`)).statusCode).toBe(200);
  });

  it('is read with the browser’s signed cookie only, not with its visitor id written unsigned', async () => {
    const taker = new Visitor(shop.app);
    const id = await takeQuiz(taker);
    // the signed value is the visitor id, a dot and the signature
    const unsigned = decodeURIComponent(taker.cookie('shop_quiz')).replace(/\.[^.]*$/, '');
    const forged = await new Visitor(shop.app).request({ method: 'GET', url: `/api/quiz-results/${id}`, headers: { cookie: unsigned } });
    expect(forged.statusCode).toBe(404);
    const copied = await new Visitor(shop.app).request({
      method: 'GET',
      url: `/api/quiz-results/${id}`,
      headers: { cookie: taker.cookie('shop_quiz') },
    });
    expect(copied.statusCode).toBe(200);
  });
});
