import { expect, test, type APIRequestContext, type Browser } from './fixtures';
import { staff, staffPage } from './console-journey';
import { answerQuiz, ok, uniqueEmail } from './journey';

// a visitor's browser, not a headless one that the shop rightly treats as a bot
const person = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const googlebot = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

type Variant = { key: string; exposed: number; metrics: { metric: string; conversions: number }[] };

async function quizReport(request: APIRequestContext) {
  const response = await request.get('/api/admin/experiments');
  expect(response.status()).toBe(200);
  const { experiments } = (await response.json()) as { experiments: { id: string; variants: Variant[] }[] };
  const quiz = experiments.find((experiment) => experiment.id === 'quiz')!;
  return Object.fromEntries(
    quiz.variants.map((variant) => [
      variant.key,
      { exposed: variant.exposed, completed: variant.metrics.find((metric) => metric.metric === 'quiz_completed')!.conversions },
    ]),
  );
}

/** A new visitor opens /quiz: the quiz the `exp` cookie's first slot names. */
async function visitor(browser: Browser, userAgent: string) {
  const context = await browser.newContext({ userAgent });
  const page = await context.newPage();
  await page.goto('/quiz');
  const exp = (await context.cookies()).find((cookie) => cookie.name === 'exp');
  const slot = exp ? Number(/^shop\.(\d+)-/.exec(exp.value)?.[1]) : undefined;
  return { context, page, variant: slot === undefined ? undefined : ['quiz', 'quiz-b', 'quiz-c'][slot] };
}

test('two visitors in different variants are each exposed once, one converts, and a bot is neither assigned nor counted', async ({
  browser,
}) => {
  const { context: console, page: consolePage } = await staffPage(browser, staff.operator, '/admin/experiments');
  const before = await quizReport(console.request);

  const first = await visitor(browser, person);
  let second = await visitor(browser, person);
  const extra: string[] = [];
  for (let tries = 0; second.variant === first.variant && tries < 10; tries += 1) {
    // a visitor of the same variant is exposed too: counted in what is expected, and closed
    extra.push(second.variant!);
    await second.context.close();
    second = await visitor(browser, person);
  }
  expect(first.variant).toBeDefined();
  expect(second.variant).not.toBe(first.variant);

  // the first visitor sees their variant again: no second exposure; then completes the quiz
  await first.page.reload();
  await answerQuiz(first.page);
  await expect(first.page).toHaveURL(/\/quiz-results/);

  const bot = await visitor(browser, googlebot);
  expect(bot.variant).toBeUndefined();
  await answerQuiz(bot.page);

  const after = await quizReport(console.request);
  for (const key of ['quiz', 'quiz-b', 'quiz-c']) {
    const exposedHere = [first.variant, second.variant, ...extra].filter((variant) => variant === key).length;
    expect(after[key]!.exposed - before[key]!.exposed, key).toBe(exposedHere);
    expect(after[key]!.completed - before[key]!.completed, key).toBe(key === first.variant ? 1 : 0);
  }

  await consolePage.reload();
  await expect(consolePage.getByRole('heading', { name: 'Which quiz leads to a purchase' })).toBeVisible();
  await expect(consolePage.getByRole('columnheader', { name: 'Quiz completed (primary)' }).first()).toBeVisible();
  for (const each of [first, second, bot, { context: console }]) await each.context.close();
});

test('a signed-in visitor keeps their variant on a second browser', async ({ browser }) => {
  // the first browser: a variant, then an account made and signed in there (the account keeps that browser's visitor)
  const first = await visitor(browser, person);
  expect(first.variant).toBeDefined();
  const email = uniqueEmail('variant-keeper');
  const password = 'Sup3r-secret!';
  // a request with cookies names its origin, as the browser's own would
  const origin = new URL(first.page.url()).origin;
  await ok(await first.context.request.post('/api/auth/sign-up/email', { data: { email, password, name: 'Vera' }, headers: { origin } }));
  // signing up does not sign in: signing in does, and takes the browser's visitor for the account
  await ok(await first.context.request.post('/api/auth/sign-in/email', { data: { email, password }, headers: { origin } }));

  // a second browser that, before signing in, is given another variant
  let second = await visitor(browser, person);
  for (let tries = 0; second.variant === first.variant && tries < 10; tries += 1) {
    await second.context.close();
    second = await visitor(browser, person);
  }
  expect(second.variant).not.toBe(first.variant);

  // once signed in there, the quiz it is shown is the first browser's
  await ok(await second.context.request.post('/api/auth/sign-in/email', { data: { email, password }, headers: { origin } }));
  await second.page.goto('/quiz');
  const exp = (await second.context.cookies()).find((cookie) => cookie.name === 'exp')!;
  expect(['quiz', 'quiz-b', 'quiz-c'][Number(/^shop\.(\d+)-/.exec(exp.value)?.[1])]).toBe(first.variant);
  for (const each of [first, second]) await each.context.close();
});

test('an error a page meets in the browser is reported, scrubbed, to the console’s Page errors', async ({ page, browser }) => {
  await page.goto('/how-it-works');
  await page.waitForLoadState('networkidle');
  const marker = `Broken widget ${Date.now().toString(36)}`;
  const reported = page.waitForResponse((response) => response.url().endsWith('/api/client-errors'));
  // thrown outside any error boundary, as a click handler or a timer would
  await page.evaluate((message) => {
    setTimeout(() => {
      throw new Error(`${message} for jane.doe@example.com`);
    });
  }, marker);
  expect((await reported).status()).toBe(204);

  const { context, page: consolePage } = await staffPage(browser, staff.operator, '/admin/client-errors');
  const entry = consolePage.getByRole('listitem').filter({ hasText: marker });
  await expect(entry).toContainText('/how-it-works');
  await expect(entry).not.toContainText('jane.doe@example.com');
  await context.close();
});
