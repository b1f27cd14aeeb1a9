import { expect, test } from './fixtures';
import { expectAccessible, fillAccount, pay, uniqueEmail } from './journey';

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

test('a health coach consultation bought alone says what happens next, with no home kit or lab to choose', async ({ page }) => {
  await page.goto('/add-ons-page');
  await page.getByRole('button', { name: 'Add Health coach consultation to cart' }).click();
  const cart = page.getByRole('dialog', { name: 'Your cart' });
  await expect(cart.getByRole('list', { name: 'Items in your cart' })).toContainText('Health coach consultation');
  await cart.getByRole('link', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout-payment$/);
  await fillAccount(page, uniqueEmail('coach'));
  await pay(page, '4242 4242 4242 4242');

  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await expect(page.getByText(/\$29\.95 paid/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'What happens next' })).toBeVisible();
  await expect(page.getByText('Next, you book your one-to-one session with a health coach.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Choose home kit or lab' })).toHaveCount(0);
  await expectAccessible(page);

  // the collection page, reached by an old link, has nothing to choose either
  const orderId = new URL(page.url()).searchParams.get('order')!;
  await page.goto(`/collection?order=${orderId}`);
  await expect(page.getByRole('heading', { name: 'No sample needed' })).toBeVisible();
  await expect(page.getByRole('radio')).toHaveCount(0);
  await expectAccessible(page);

  await page.getByRole('link', { name: 'See your order' }).click();
  await expect(page).toHaveURL(new RegExp(`/account/orders/${orderId}$`));
  const next = page.getByRole('region', { name: 'What happens next' });
  await expect(next).toContainText('Next, you book your one-to-one session with a health coach.');
  await expect(next.getByRole('link', { name: 'Book your session' })).toHaveAttribute('href', '/account/coaching');
});
