import { expect, test } from './fixtures';
import { addStarterTestToCart, expectAccessible, fillAccount, pay, takeQuiz, uniqueEmail } from './journey';

let consoleErrors: string[] = [];
test.beforeEach(({ page }) => {
  consoleErrors = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) consoleErrors.push(message.text());
  });
});
test.afterEach(() => {
  expect(consoleErrors).toEqual([]);
});

test('a customer finds the partner labs nearest to their zip code, with miles, and picks one', async ({ page }) => {
  await takeQuiz(page);
  await addStarterTestToCart(page);
  await fillAccount(page, uniqueEmail('lab'));
  await pay(page, '4242 4242 4242 4242');
  await page.getByRole('link', { name: 'Choose home kit or lab' }).click();

  await page.getByRole('radio', { name: /Lab Pick-Up/ }).check();
  await page.getByLabel('Your zip code').fill('10001');
  await page.getByRole('button', { name: 'Find labs' }).click();
  await expect(page.getByText('Lab Pick-Up is not available in New York. Please choose At-home Delivery.')).toBeVisible();

  await page.getByLabel('Your zip code').fill('78702');
  await page.getByRole('button', { name: 'Find labs' }).click();
  const labs = page.getByRole('group', { name: 'Choose a lab' });
  await expect(labs.getByRole('radio')).toHaveCount(5);
  // what was found is read out, and the focus is still on the search's button, not thrown to the page's start
  await expect(page.getByRole('status').filter({ hasText: 'partner labs' })).toHaveText('5 partner labs near 78702, nearest first.');
  await expect(page.getByRole('button', { name: 'Find labs' })).toBeFocused();
  const nearest = labs.locator('label').first();
  await expect(nearest).toContainText('Partner Lab – Downtown Austin');
  await expect(nearest).toContainText(/TX 78701, \d\.\d mi$/);
  await expect(labs.locator('label').nth(2)).toContainText(/San Antonio, TX 78205, [6-8]\d\.\d mi$/);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Confirm Lab Pick-Up' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  await expect(page.getByText(/Lab Pick-Up/).first()).toBeVisible();
});
