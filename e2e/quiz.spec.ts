import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { quizVariants, variantQuestions } from '@shop/core';
import { answerQuiz, checkoutFromCart, expectAccessible, agreeToCollectHealthData } from './journey';

// The variants answered in the browser: each results page, audience and kind of question at least
// once (a variant is the same component with its questions in another order); every variant is
// answered through the API in apps/api/test/quiz.integration.test.ts, and its page is
// checked by request below.
const answeredInBrowser = new Set(['quiz', 'quiz-b', 'quiz-c', 'quiz-base', 'quiz-base-diet', 'quiz-base-partners-b', 'quiz-gifting']);

test('every quiz variant’s page answers with its heading and its first question', async ({ request }) => {
  for (const variant of Object.values(quizVariants)) {
    const response = await request.get(`/${variant.slug}${variant.requiresPartner ? '?partner=bolton' : ''}`);
    expect(response.status(), variant.slug).toBe(200);
    // the page's text as sent: React marks where one text ends and the next begins with <!-- -->
    const html = (await response.text()).replaceAll('<!-- -->', '').replaceAll('&#x27;', "'").replaceAll('&amp;', '&');
    expect(html, variant.slug).toContain(variant.heading);
    expect(html, variant.slug).toContain(`Question 1 of ${variant.questions.length}`);
  }
});

for (const variant of Object.values(quizVariants).filter((candidate) => answeredInBrowser.has(candidate.slug))) {
  test(`${variant.slug}: answered to its results page`, async ({ page }) => {
    await page.goto(`/${variant.slug}${variant.requiresPartner ? '?partner=bolton' : ''}`);
    await expect(page.getByText(variant.heading)).toBeVisible();
    await expect(page.getByText(/^Question 1 of \d+$/)).toHaveText(`Question 1 of ${variant.questions.length}`);
    await answerQuiz(page);
    await expect(page).toHaveURL(new RegExp(`${variant.resultsPath}\\?id=`));
    if (variant.audience === 'gift') {
      await expect(page.getByRole('heading', { level: 1 })).toContainText(/for them/);
      await expect(page.getByRole('region', { name: 'Give it as a gift' }).getByRole('button', { name: /^Gift now/ })).toHaveCount(2);
    } else {
      await expect(page.getByRole('heading', { level: 1 })).toContainText(/starter plan/);
      await expect(page.getByRole('button', { name: 'Add to cart' })).toBeVisible();
    }
  });
}

test('answers survive a reload and the back button', async ({ page }) => {
  await page.goto('/quiz-c');
  await agreeToCollectHealthData(page);
  await page.getByRole('radio', { name: 'Sleep' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Question 2 of 3')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Question 2 of 3')).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('radio', { name: 'Sleep' })).toBeChecked();
  await expectAccessible(page);
});

test('a quiz reopened where it was left can be started over from its first question', async ({ page }) => {
  await page.goto('/quiz-c');
  await agreeToCollectHealthData(page);
  await expect(page.getByRole('button', { name: 'Start over' })).toHaveCount(0);
  await page.getByRole('radio', { name: 'Sleep' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('radio', { name: 'Female' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Question 3 of 3')).toBeVisible();

  // coming back later, the quiz opens where it was left, and says how to start again
  await page.goto('/quiz-c');
  await expect(page.getByText('Question 3 of 3')).toBeVisible();
  await page.getByRole('button', { name: 'Start over' }).click();
  await expect(page.getByText('Question 1 of 3')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Sleep' })).not.toBeChecked();
  await expect(page.getByRole('button', { name: 'Start over' })).toHaveCount(0);
  await expectAccessible(page);

  // the saved answers are gone: a reload stays on the first question, with nothing chosen
  await page.reload();
  await expect(page.getByText('Question 1 of 3')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Sleep' })).not.toBeChecked();
  await expect(page.getByRole('button', { name: 'Start over' })).toHaveCount(0);
});

test('with its script, the quiz changes screens in the page and sends only the answers', async ({ page }) => {
  await page.goto('/quiz-c');
  await agreeToCollectHealthData(page);
  await expect(page.getByText('Question 1 of 3')).toBeVisible();
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST') posts.push(new URL(request.url()).pathname);
  });
  await answerQuiz(page);
  await expect(page).toHaveURL(/\/quiz-results-c\?id=/);
  expect(posts).toEqual(['/quiz-c.data']);
});

test('the quiz is usable with the keyboard alone, and each new question takes the focus', async ({ page }) => {
  const [, sex, dateOfBirth] = variantQuestions(quizVariants['quiz-c']);
  await page.goto('/quiz-c');
  await agreeToCollectHealthData(page);
  await page.waitForLoadState('networkidle');
  await page.getByRole('radio').first().focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Question 2 of 3')).toBeVisible();
  // the question's legend has the focus, so it is read out and Tab goes on to its options (WCAG 2.4.3)
  await expect(page.locator('legend')).toBeFocused();
  await expect(page.locator('legend')).toHaveText(sex!.title);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('radio').first()).toBeFocused();
  await page.keyboard.press('Space');
  await page.keyboard.press('Enter');
  // a date question is named by its label: its input takes the focus
  await expect(page.getByLabel(dateOfBirth!.title)).toBeFocused();
});

test('a minor is told politely and nothing is kept', async ({ page }) => {
  await page.goto('/quiz-c');
  await agreeToCollectHealthData(page);
  const year = new Date().getFullYear() - 15;
  await answerQuiz(page, { dateOfBirth: `${year}-06-01` });
  await expect(page.getByRole('heading', { name: 'Thank you for your interest' })).toBeVisible();
  await expect(page.getByText('we can only test people who are 18 or older')).toBeVisible();
});

test('results offer the program, the sample PDF and the welcome back', async ({ page }) => {
  await page.goto('/quiz');
  await agreeToCollectHealthData(page);
  await answerQuiz(page, { choose: /fatigue/i });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your Fatigue starter plan');
  const summary = page.getByLabel('Billing summary');
  await expect(summary).toContainText('$79.95');
  await expect(summary).toContainText('$140.05');
  await expect(summary).toContainText('$220.00');
  await page.getByRole('radio', { name: /paid upfront/ }).check();
  await expect(summary).toContainText('Due today$220.00');

  await page.getByRole('button', { name: 'See sample results' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download sample results (PDF)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^base-sample-results-.+\.pdf$/);
  expect(
    readFileSync(await download.path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
  await page.keyboard.press('Escape');

  await page.goto('/quiz-landing');
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await expect(page.getByText('Focus Test')).toBeVisible();
  await page.getByRole('link', { name: 'See my results' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your Fatigue starter plan');
  await page.goto('/quiz-landing');
  await page.getByRole('button', { name: 'Re-take quiz' }).click();
  await expect(page).toHaveURL(/\/quiz$/);
  await expect(page.getByText(/^Question 1 of/)).toBeVisible();
});

test('the starter test with the program goes to checkout with the consent to bill later', async ({ page }) => {
  await page.goto('/quiz-results/anxiety-depression');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your Anxiety & Depression starter plan');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('dialog', { name: 'Expand your starter test?' })).toContainText('74% better chance of finding issues');
  await page.getByRole('button', { name: 'No thanks' }).click();
  await checkoutFromCart(page);
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(summary).toContainText('Cortisol Test');
  await expect(summary).toContainText('Billed when your results arrive');
  await expect(page.getByText('charges it $140.05 for the Improvement Program when my starter test results arrive')).toBeVisible();
});

test('the quiz experiment assigns a visitor once and keeps it for 7 days', async ({ browser }) => {
  // a visitor's browser, not a headless one that the shop rightly treats as a bot
  const context = await browser.newContext({
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
  });
  const page = await context.newPage();
  await page.goto('/quiz');
  await agreeToCollectHealthData(page);
  const exp = (await context.cookies()).find((cookie) => cookie.name === 'exp');
  expect(exp?.value).toMatch(/^shop\.[0-2]-[0-3]-[0-2]$/);
  expect(exp!.expires - Date.now() / 1000).toBeGreaterThan(604_000);
  await context.close();

  const bot = await browser.newContext({ userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });
  const crawler = await bot.newPage();
  await crawler.goto('/quiz');
  expect((await bot.cookies()).find((cookie) => cookie.name === 'exp')).toBeUndefined();
  await bot.close();
});
