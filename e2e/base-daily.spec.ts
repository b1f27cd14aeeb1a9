import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { mailTo } from './console-journey';
import { expectAccessible, fillAccount, ok, pay, takeQuiz, uniqueEmail } from './journey';

/** Adds a product from its page, which goes on to the checkout. */
async function addFromPage(page: Page, path: string, title: string) {
  await page.goto(path);
  await page.getByRole('main').getByRole('button', { name: 'Add to cart', exact: true }).first().click();
  await expect(page).toHaveURL(/\/checkout-payment$/);
  await expect(page.getByRole('region', { name: 'Order summary' })).toContainText(title);
}

/** The member's membership, as the API gives it to their browser. */
async function membershipOf(page: Page) {
  const { subscriptions } = (await ok(await page.request.get('/api/account/subscriptions'))) as {
    subscriptions: Array<{ id: string; kind: string; nextDeliveryOn: string | null }>;
  };
  return subscriptions.find((subscription) => subscription.kind === 'membership')!;
}

/** The worker renews the membership as on its day (the test clock moves only this member's charges). */
async function renewOnItsDay(page: Page) {
  const membership = await membershipOf(page);
  const at = `${membership.nextDeliveryOn}T14:00:00.000Z`;
  const renewed = await ok(await page.request.post(`/api/test-clock/subscriptions/${membership.id}/charges`, { data: { at } }));
  expect(renewed.ran).toBeGreaterThan(0);
}

test('Base Daily: 5% off tests in the cart that buys it and later, renewed monthly, a declined renewal paid with a new card, cancelled at the end of the month', async ({
  page,
}) => {
  // a long journey of several people: more time than a page test on a busy machine
  test.slow();
  // one cart: the food allergy test and the membership, the test 5% off
  await addFromPage(page, '/food-allergy', 'Food allergy test');
  await addFromPage(page, '/base-daily', 'Base Daily');
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(summary).toContainText('Base Daily member: 5% off tests−$8.75');
  await expect(page.getByText(/^Base Daily is \$9\.95 today and then \$9\.95 every month on the \d+\w\w of each month/)).toBeVisible();

  // no consent, no payment
  await fillAccount(page, uniqueEmail('daily'));
  await page.getByLabel('Card number').fill('4000 0000 0000 0341');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByText('Please agree to the monthly charge for your membership')).toBeVisible();
  // this card pays now and is declined when charged again next month
  await pay(page, '4000 0000 0000 0341');
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await expect(page.getByText(/\$176\.20 paid/)).toBeVisible();

  await page.goto('/account');
  const membership = page.getByRole('article', { name: 'Base Daily' });
  await expect(membership).toContainText('$9.95 every month');
  await expect(membership).toContainText(/5% off tests is on\. Next charge: \w+ \d{1,2}, \d{4}, \$9\.95 to the card you saved\./);
  await expectAccessible(page);

  // a later cart: still 5% off
  await addFromPage(page, '/food-allergy', 'Food allergy test');
  await expect(summary).toContainText('Base Daily member: 5% off tests−$8.75');
  await pay(page, '4242 4242 4242 4242');
  await expect(page.getByText(/\$166\.25 paid/)).toBeVisible();

  // the first renewal is declined: the grace period keeps the membership, the member updates the card
  await renewOnItsDay(page);
  await page.goto('/account');
  await expect(membership).toContainText('Your last payment did not go through.');
  await membership.getByRole('link', { name: 'Update your card' }).click();
  await expect(page.getByRole('heading', { name: 'Your Base Daily membership' })).toBeVisible();
  await expect(page.getByText(/was declined by your Visa ending in 0341/)).toBeVisible();
  await expectAccessible(page);
  const newCard = page.getByRole('form', { name: 'Pay with another card' });
  await newCard.getByLabel('Card number').fill('4242 4242 4242 4242');
  await newCard.getByLabel('Expiry (MM/YY)').fill('12/34');
  await newCard.getByLabel('Security code').fill('123');
  await newCard.getByRole('button', { name: 'Pay $9.95 with this card' }).click();
  await expect(page.getByText('Thank you. The charge of $9.95 went through and your membership carries on.')).toBeVisible();

  // the next month renews on the new card
  await renewOnItsDay(page);
  await page.goto('/account');
  await expect(membership.getByRole('listitem')).toHaveText([/^Renewal of .+: Paid$/, /^Renewal of .+: Paid$/]);
  await expect(membership).toContainText('5% off tests is on.');

  // the member's pages: the food log
  await membership.getByRole('link', { name: 'Open Base Daily: your food log and the marketplace' }).click();
  await expect(page.getByRole('heading', { name: 'Base Daily', level: 1 })).toBeVisible();
  const meals = page.getByRole('region', { name: 'Today’s meals' });
  await expect(meals).toContainText(/Day \d+ of your membership\./);
  await expect(meals.getByRole('term')).toHaveText(['Breakfast', 'Lunch', 'Dinner', 'Snack']);
  const logMeal = page.getByRole('form', { name: 'Log a meal' });
  await logMeal.getByRole('button', { name: 'Log it' }).click();
  await expect(logMeal.getByText('Write what you ate, in up to 200 characters.')).toBeVisible();
  await logMeal.getByLabel('Meal').selectOption('lunch');
  await logMeal.getByLabel('What you ate').fill('Lentil soup with spinach');
  await logMeal.getByRole('button', { name: 'Log it' }).click();
  await expect(page.getByText('Lunch logged: Lentil soup with spinach')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Today', exact: true })).toContainText('Lunch: Lentil soup with spinach');
  await expect(page.getByRole('link', { name: 'Open the marketplace' })).toBeVisible();
  await expectAccessible(page);
  await page.goto('/account');

  // cancelled in two clicks; it lasts until the end of the month paid for
  await membership.getByRole('button', { name: 'Cancel membership' }).click();
  const question = page.getByRole('dialog', { name: 'Cancel your membership?' });
  await expect(question).toContainText('It stays on, with its 5% off tests, until the end of the month you paid for');
  await question.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(page.getByText(/Your Base Daily membership is cancelled\. .* It lasts until \w+ \d{1,2}, \d{4}\./)).toBeVisible();
  await expect(membership).toContainText(/Cancelled: your membership and its 5% off tests last until \w+ \d{1,2}, \d{4}\./);
  await expect(membership.getByRole('button', { name: 'Cancel membership' })).toHaveCount(0);
  await expectAccessible(page);
});

test('Base Daily’s marketplace: the test for the member’s goal at the member price, bought through the cart, to the receipt', async ({
  page,
  browser,
}) => {
  test.slow();
  // the quiz's goal (anxiety and depression) is what the marketplace is chosen for until results come
  await takeQuiz(page);
  await addFromPage(page, '/base-daily', 'Base Daily');
  const email = uniqueEmail('market');
  await fillAccount(page, email);
  await pay(page, '4242 4242 4242 4242');
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();

  await page.goto('/account/daily');
  await page.getByRole('link', { name: 'Open the marketplace' }).click();
  await expect(page).toHaveURL(/\/account\/daily\/marketplace$/);
  await expect(page.getByRole('heading', { name: 'Products marketplace', level: 1 })).toBeVisible();
  await expect(page.getByText('Chosen for the goal of your quiz, by the same rules as your daily meals.')).toBeVisible();
  const cortisol = page
    .getByRole('region', { name: 'Tests, 5% off with Base Daily' })
    .getByRole('listitem')
    .filter({ hasText: 'Cortisol Test' });
  await expect(cortisol).toContainText('The starter test for your goal: anxiety & depression.');
  await expect(cortisol).toContainText('$75.95 instead of $79.95 with Base Daily');
  await expect(page.getByRole('region', { name: 'Foods for your plan' }).getByRole('listitem').first()).toBeVisible();
  // nothing on it leads to another company
  await expect(page.locator('main a[href^="http"]')).toHaveCount(0);
  await expectAccessible(page);

  await cortisol.getByRole('button', { name: 'Add Cortisol Test to cart' }).click();
  await expect(page).toHaveURL(/\/checkout-payment$/);
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(summary).toContainText('Cortisol Test');
  await expect(summary).toContainText('Base Daily member: 5% off tests−$4.00');
  await pay(page, '4242 4242 4242 4242');
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await expect(page.getByText(/\$75\.95 paid/)).toBeVisible();
  const number = (
    await page
      .getByText(/Order #\d+/)
      .first()
      .textContent()
  )?.match(/#(\d+)/)?.[1];
  const receipt = await mailTo(browser, email, `Your Base receipt for order ${number}`);
  expect(receipt).toContain('Cortisol Test');
  expect(receipt).toContain('$75.95');
});
