import { orderRefusal } from '@shop/core';
import { expect, test } from './fixtures';
import { expectAccessible, fillAccount, pay, starterTestInCart, uniqueEmail } from './journey';

// Tests are sold only where the law lets the person tested buy them
// (docs/decisions/0060-where-tests-are-sold.md): the checkout asks where they live before the
// card, and says so before anything is paid.
const newYorkRefusal = orderRefusal('NY', ['base-quiz'])!.message;

test('a New York shopper is told before paying, and a Texan pays as before', async ({ page }) => {
  test.slow();
  await starterTestInCart(page.request);
  await page.goto('/checkout-payment');
  await page.waitForLoadState('networkidle');
  const step = page.getByRole('group', { name: 'Where the person tested lives' });
  await step.getByLabel('State').selectOption('NY');
  await expect(step.getByRole('alert')).toHaveText(newYorkRefusal);
  // nothing offered to pay that placing would refuse
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Pay / })).toHaveCount(0);
  await expectAccessible(page);

  await fillAccount(page, uniqueEmail('texan'));
  await pay(page, '4242 4242 4242 4242');
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
});

test.describe('without the page’s script', () => {
  test.use({ javaScriptEnabled: false });

  test('the state is checked by the page’s server, and a Maryland shopper is told of the partner lab', async ({ page }) => {
    await starterTestInCart(page.request);
    await page.goto('/checkout-payment');
    const step = page.getByRole('group', { name: 'Where the person tested lives' });
    await step.getByLabel('State').selectOption('NY');
    await step.getByRole('button', { name: 'Check this state' }).click();
    await expect(page).toHaveURL(/testedState=NY/);
    await expect(page.getByRole('group', { name: 'Where the person tested lives' }).getByRole('alert')).toHaveText(newYorkRefusal);
    await expect(page.getByLabel('Card number')).toHaveCount(0);

    await page.getByRole('group', { name: 'Where the person tested lives' }).getByLabel('State').selectOption('MD');
    await page.getByRole('button', { name: 'Check this state' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'your sample is taken at a partner lab' })).toBeVisible();
    await expect(page.getByLabel('Card number')).toBeVisible();
  });
});
