import AxeBuilder from '@axe-core/playwright';
import { consentKinds, healthDataConsentTexts, shareConsentKinds } from '@shop/core';
import { expect, type APIRequestContext, type Page } from './fixtures';

/** The journeys the browser tests share, written as a person would do them. */
export async function takeQuiz(page: Page) {
  await page.goto('/');
  await page.getByRole('link', { name: 'Take the quiz' }).first().click();
  await expect(page).toHaveURL(/\/quiz$/);
  await answerQuiz(page, { choose: /anxiety/i });
  await expect(page).toHaveURL(/\/quiz-results\?id=/);
}

/**
 * Every consent a checkout can ask, for journeys that place their order by the API: the order's own,
 * and the consent to collect health data the checkout asks of who did not take the quiz.
 */
export const everyCheckoutConsent = [...consentKinds, 'collect_health_data', ...shareConsentKinds];

/** The quiz's consent to collect health data as its first screen sends it, for journeys that take the quiz by the API. */
export const quizConsent = { kind: 'collect_health_data', version: healthDataConsentTexts.collect_health_data.version };

/** The quiz's first screen: the consent to collect health data, ticked (nothing is saved without it). */
export async function agreeToCollectHealthData(page: Page) {
  await page.getByRole('checkbox', { name: /I agree that Base collects and keeps the health data I give it/ }).check();
}

/**
 * Answers whatever questions the quiz on the page asks, one screen at a time, as a person with
 * the mouse would: the option named by `choose` where a question offers it, else the first one;
 * a date of birth of an adult; first, the consent to collect health data.
 */
export async function answerQuiz(page: Page, { choose, dateOfBirth = '1990-04-12' }: { choose?: RegExp; dateOfBirth?: string } = {}) {
  const counter = page.getByText(/^Question \d+ of \d+$/);
  await expect(counter).toBeVisible();
  const total = Number((await counter.textContent())!.split(' of ')[1]);
  await agreeToCollectHealthData(page);
  for (let index = 1; index <= total; index++) {
    await expect(counter).toHaveText(`Question ${index} of ${total}`);
    const date = page.locator('input[type="date"]');
    if (await date.count()) {
      await date.fill(dateOfBirth);
    } else {
      const options = page.locator('input[type="radio"], input[type="checkbox"]:not([name="healthDataConsent"])');
      const wanted = choose ? page.getByRole('radio', { name: choose }) : null;
      if (wanted && (await wanted.count())) await wanted.first().check();
      else await options.first().check();
    }
    await page.getByRole('button', { name: index === total ? 'See my results' : 'Next' }).click();
  }
}

export async function addStarterTestToCart(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/starter plan/i);
  await expect(page.getByLabel('Billing summary')).toContainText('Due today$79.95');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByRole('button', { name: 'No thanks' }).click();
  await checkoutFromCart(page);
}

/** Adding opens the cart sidebar with what was added; its checkout button leads on. */
export async function checkoutFromCart(page: Page) {
  const cart = page.getByRole('dialog', { name: 'Your cart' });
  await expect(cart.getByRole('list', { name: 'Items in your cart' })).toContainText(/Starter test/);
  await cart.getByRole('link', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout-payment$/);
}

export async function fillAccount(page: Page, email: string, password = 'Sup3r-secret!') {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
}

/**
 * Where the person tested lives, asked before the card when the cart holds a test: Texas, where
 * tests are sold, unless told otherwise (docs/decisions/0060-where-tests-are-sold.md).
 */
export async function chooseTestedState(page: Page, state = 'TX') {
  const step = page.getByRole('group', { name: 'Where the person tested lives' });
  if (await step.count()) await step.getByLabel('State').selectOption(state);
}

/**
 * The lab's release of the results to the shop, which a cart holding a test asks for (the HIPAA
 * authorization), the consent to collect health data when the quiz did not ask it, and the consent
 * to share that an employer's cover or a clinic's pay link asks.
 */
export async function authorizeResults(page: Page) {
  const collect = page.getByRole('checkbox', { name: /I agree that Base collects and keeps the health data I give it/ });
  if (await collect.count()) await collect.check();
  const authorization = page.getByRole('checkbox', { name: /I authorize the partner laboratory that tests my sample/ });
  if (await authorization.count()) await authorization.check();
  // an employer's cover counts the employee in its figures; a clinic's pay link shares the results with it
  const employer = page.getByRole('checkbox', { name: /I agree that Base tells my employer, which covers this test/ });
  if (await employer.count()) await employer.check();
  const clinic = page.getByRole('checkbox', { name: /I agree that Base shares with the clinic that ordered these tests for me/ });
  if (await clinic.count()) await clinic.check();
}

export async function pay(page: Page, cardNumber: string) {
  await chooseTestedState(page);
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('Security code').fill('123');
  // a plan billed when the results arrive asks for consent to charge the card then
  const consent = page.getByRole('checkbox', { name: /charges it .* when my starter test results arrive/ });
  if (await consent.count()) await consent.check();
  // a test subscription asks for consent to charge the card for each next delivery
  const recurring = page.getByRole('checkbox', { name: /my saved card is charged .* for each delivery/ });
  if (await recurring.count()) await recurring.check();
  // a membership asks for consent to its monthly charge
  const membership = page.getByRole('checkbox', { name: /charges my card for Base Daily every month/ });
  if (await membership.count()) await membership.check();
  await authorizeResults(page);
  await page.getByRole('button', { name: /^Pay / }).click();
}

export async function expectAccessible(page: Page) {
  // a form's answer can show while its button still waits for the page's data to reload: measure
  // once nothing is pending, and once the button has faded back to its colours (a spinner turns
  // for ever, and is not waited for)
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        // an animation cancelled on the way ends too
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // only the violations are read: axe describes one node of every other result, not each. A page
  // without frames is checked in the page itself (legacy mode); one with frames also in them, which
  // axe finishes in a blank tab of its own
  const axe = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  const results = await (page.frames().length === 1 ? axe.setLegacyMode() : axe).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

export function uniqueEmail(tag: string) {
  return `${tag}.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 7)}@example.com`;
}

/** The shop API's answer, which must be a success (the address and body say which one was not). */
export async function ok(response: Awaited<ReturnType<APIRequestContext['post']>>): Promise<ApiBody> {
  expect(response.status(), `${response.url()}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as ApiBody;
}

/** A JSON body of the shop's API as the browser tests read it: its fields are checked by the assertions that use them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test asserts the fields it reads
export type ApiBody = Record<string, any>;

/** The quiz's starter test in the cart of the request's context, as the quiz's results page puts it. */
export async function starterTestInCart(request: APIRequestContext) {
  const quiz = await ok(
    await request.post('/api/quiz-results', {
      data: { variant: 'quiz', answers: { goal: 'anxiety-depression', sex: 'female', dateOfBirth: '1990-04-12' }, consent: quizConsent },
    }),
  );
  await ok(await request.post('/api/cart/items', { data: { productCode: 'base-quiz', quizResultId: quiz.id } }));
}
