import { expect, test } from './fixtures';
import { authorizeResults, chooseTestedState, expectAccessible, fillAccount, uniqueEmail } from './journey';

// A test subscription bought from an area page: the first delivery is paid at checkout, with the
// customer's consent to the charge of each next one; the account shows when that comes, the
// console shows the subscription, and cancelling asks first. Charging on the day is the job
// queue's, tested on the API (apps/api/test/subscriptions.integration.test.ts).
test('a customer buys a monthly test subscription, follows it in the account and cancels it; the console shows it', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('monitor');
  await page.goto('/goal/stress');
  await page.getByRole('group', { name: 'Subscribe to the Cortisol Test' }).getByRole('button', { name: 'Monthly' }).click();
  await expect(page).toHaveURL(/\/checkout-payment$/);
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(summary).toContainText('Cortisol Test');
  await expect(summary).toContainText('Delivered and charged every month');
  const nextDelivery = (await summary.getByText('Next delivery').locator('xpath=following-sibling::dd[1]').textContent())!.trim();
  expect(nextDelivery).toMatch(/^\w+ \d{1,2}, \d{4}$/);

  await fillAccount(page, email);
  await chooseTestedState(page);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: 'Pay $69.95' }).click();
  await expect(page.getByText('Please agree to the charge for each delivery')).toBeVisible();
  const consent = page.getByRole('checkbox', {
    name: /my saved card is charged \$69\.95 for each delivery of the Cortisol Test .*, every month, until I cancel/,
  });
  await consent.check();
  await authorizeResults(page);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Pay $69.95' }).click();
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();

  await page.goto('/account');
  const subscription = page.getByRole('article', { name: /Cortisol Test/ });
  await expect(subscription).toContainText('$69.95 per delivery, every month');
  await expect(subscription).toContainText(`Next delivery: ${nextDelivery}`);
  await expect(subscription).toContainText('Active');
  await expectAccessible(page);

  // an operator finds it in the console
  const context = await browser.newContext();
  const operator = await context.newPage();
  await operator.goto(`/sign-in?next=${encodeURIComponent('/admin')}`);
  await operator.getByLabel('Email').fill('operator@shop.local');
  await operator.getByLabel('Password').fill('operator-e2e-password');
  await operator.getByRole('button', { name: 'Sign in' }).click();
  await operator.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Subscriptions' }).click();
  await expect(operator.getByRole('heading', { name: 'Test subscriptions' })).toBeVisible();
  const row = operator.getByRole('table', { name: 'Every test subscription, newest first' }).getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Cortisol Test');
  await expect(row).toContainText('$69.95, every month');
  await expect(row).toContainText('Active');
  await expectAccessible(operator);
  await context.close();

  // the customer cancels, after saying yes
  await subscription.getByRole('button', { name: 'Cancel subscription' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this subscription?' });
  await expect(dialog).toContainText('your card will not be charged again');
  await dialog.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(page.getByText(/is cancelled\. Your card will not be charged again for it\./)).toBeVisible();
  await expect(subscription).toContainText('Cancelled: no more deliveries or charges.');
  await expect(subscription.getByRole('button', { name: 'Cancel subscription' })).toHaveCount(0);
});
