import { recommend, type QuizAnswerSet } from '@shop/core';
import { expect, test, type Page } from './fixtures';
import { agreeToCollectHealthData } from './journey';

// The quiz works before (or without) the page's script: each screen is posted to the quiz page's
// action with the answers so far, which shows the next screen, the one before, or what is missing,
// and on the last screen stores the answers and redirects to their results.
test.use({ javaScriptEnabled: false });

/** The results the shop's rules give for these answers: the page's title and the starter test. */
function recommended(answers: QuizAnswerSet, variant: 'quiz' | 'quiz-gift') {
  const recommendation = recommend(answers, new Date(), variant);
  if (!recommendation.eligible) throw new Error('These answers are not eligible');
  return { title: recommendation.title, test: recommendation.starterTest.title };
}

const counter = (page: Page) => page.getByText(/^Question \d+ of \d+$/);

test('the quiz is answered without script, one screen at a time, to its results', async ({ page }) => {
  // a headless browser is a bot to the quiz experiment: it always gets the control, `quiz`
  await page.goto('/quiz');
  await agreeToCollectHealthData(page);
  await expect(page.getByText('Find your starter test')).toBeVisible();
  await expect(counter(page)).toHaveText('Question 1 of 4');

  // a required question left unanswered keeps its screen and says why
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Please answer this question to continue')).toBeVisible();
  await expect(counter(page)).toHaveText('Question 1 of 4');

  await page.getByRole('radio', { name: 'Fatigue' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(counter(page)).toHaveText('Question 2 of 4');
  await expect(page.getByText('Please answer this question to continue')).toHaveCount(0);
  await page.getByRole('checkbox', { name: 'Tiredness or low energy' }).check();
  await page.getByRole('checkbox', { name: 'Brain fog or poor focus' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(counter(page)).toHaveText('Question 3 of 4');

  // Back shows the screen before as it was answered, and the first one too
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(counter(page)).toHaveText('Question 2 of 4');
  await expect(page.getByRole('checkbox', { name: 'Tiredness or low energy' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Brain fog or poor focus' })).toBeChecked();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(counter(page)).toHaveText('Question 1 of 4');
  await expect(page.getByRole('radio', { name: 'Fatigue' })).toBeChecked();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(counter(page)).toHaveText('Question 3 of 4');
  await page.getByRole('radio', { name: 'Female' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(counter(page)).toHaveText('Question 4 of 4');
  // nothing of the answers travels in the address
  expect(new URL(page.url()).search).toBe('');
  await page.getByLabel('When were you born?').fill('1990-04-12');
  await page.getByRole('button', { name: 'See my results' }).click();

  await expect(page).toHaveURL(/\/quiz-results\?id=[0-9a-f-]{36}$/);
  const expected = recommended({ goal: 'fatigue', symptoms: ['tiredness', 'brain-fog'], sex: 'female', dateOfBirth: '1990-04-12' }, 'quiz');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(expected.title);
  await expect(page.getByRole('heading', { level: 2, name: expected.test })).toBeVisible();
});

test('a visitor of the quiz experiment keeps the variant they were shown without script', async ({ browser }) => {
  // a visitor's browser, not a headless one that the experiment leaves out; the variant follows from
  // the visitor's id, so new visitors come until one is shown the second quiz (a third of them)
  const visitor = async () => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
    });
    const page = await context.newPage();
    await page.goto('/quiz');
    await agreeToCollectHealthData(page);
    const exp = (await context.cookies()).find((cookie) => cookie.name === 'exp');
    return { context, page, quizVariant: exp?.value.match(/^shop\.(\d)-/)?.[1] };
  };
  let shown = await visitor();
  for (let tries = 1; shown.quizVariant !== '1' && tries < 30; tries += 1) {
    await shown.context.close();
    shown = await visitor();
  }
  expect(shown.quizVariant).toBe('1');
  const { context, page } = shown;
  await expect(page.getByText('How have you been feeling?')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Poor sleep' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('How have you been feeling?')).toBeVisible();
  await expect(counter(page)).toHaveText('Question 2 of 4');
  await expect(page.getByRole('radio', { name: 'Sleep' })).toBeVisible();
  await context.close();
});

test('the gift quiz ends in a gift without script', async ({ page }) => {
  await page.goto('/quiz-gift');
  await agreeToCollectHealthData(page);
  await expect(counter(page)).toHaveText('Question 1 of 2');
  await page.getByRole('radio', { name: 'Sleep' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(counter(page)).toHaveText('Question 2 of 2');
  await page.getByRole('button', { name: 'See my results' }).click();
  await expect(page.getByText('Please answer this question to continue')).toBeVisible();
  await page.getByRole('radio', { name: 'Female' }).check();
  await page.getByRole('button', { name: 'See my results' }).click();

  await expect(page).toHaveURL(/\/quiz-results\?id=[0-9a-f-]{36}$/);
  const expected = recommended({ goal: 'sleep', recipientSex: 'female' }, 'quiz-gift');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(expected.title);
  await expect(page.getByRole('heading', { level: 2, name: expected.test })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Give it as a gift' }).getByRole('button', { name: /^Gift now/ })).toHaveCount(2);
  await expect(page.getByRole('region', { name: 'Choose your plan' })).toHaveCount(0);
});

test('a minor is told politely without script, and nothing comes back with the page', async ({ page }) => {
  await page.goto('/quiz-c');
  await agreeToCollectHealthData(page);
  await page.getByRole('radio', { name: 'Bloating' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('radio', { name: 'Male', exact: true }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('When were you born?').fill(`${new Date().getFullYear() - 15}-06-01`);
  await page.getByRole('button', { name: 'See my results' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your interest' })).toBeVisible();
  await expect(page.getByText('Nothing you entered has been saved')).toBeVisible();
  await expect(page.locator('input')).toHaveCount(0);
});
