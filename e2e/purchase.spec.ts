import { expect, test } from '@playwright/test';
import { addStarterTestToCart, expectAccessible, fillAccount, pay, takeQuiz, uniqueEmail } from './journey';

// An unexpected console error fails the test. A refused request (the 402 of a declined card, the
// 404 of a missing page) is logged by the browser itself and is expected.
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

test('a visitor buys the recommended starter test and chooses a home kit', async ({ page }) => {
  await takeQuiz(page);
  await expectAccessible(page);
  await addStarterTestToCart(page);

  await expect(page.getByText('Test mode: no real card is charged.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Order summary' })).toContainText('$79.95');
  await expectAccessible(page);
  await fillAccount(page, uniqueEmail('journey'));
  await pay(page, '4242 4242 4242 4242');

  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await expect(page.getByText(/\$79\.95 paid/)).toBeVisible();
  await page.getByRole('link', { name: 'Choose home kit or lab' }).click();

  await page.getByRole('button', { name: 'Confirm At-home Delivery' }).click();
  await expect(page.getByText('Enter a valid name or send us a message')).toBeVisible();
  await page.getByLabel('Full name').fill('Ann Lee');
  await page.getByLabel('Shipping address').fill('410 Congress Ave');
  await page.getByLabel('City').fill('Austin');
  await page.getByLabel('Zip code').fill('78701');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Confirm At-home Delivery' }).click();

  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  await expect(page.getByText(/At-home Delivery/)).toBeVisible();
  const thanks = page.url();
  await page.getByRole('link', { name: 'See my orders' }).click();
  await expect(page.getByRole('heading', { name: 'My account' })).toBeVisible();
  await expect(page.getByText('Fill in your medical profile').first()).toBeVisible();

  // the order waits for the medical profile of the person tested
  await page.getByRole('link', { name: 'Fill in your medical profile' }).first().click();
  await expect(page.getByRole('heading', { name: 'Medical profile' })).toBeVisible();
  await page.getByLabel('Full name').fill('Ann Lee');
  await page.getByLabel('Date of birth').fill('1990-04-12');
  await page.getByLabel('Sex at birth').selectOption('female');
  await page.getByLabel('State').selectOption('TX');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Save my profile' }).click();
  await expect(page.getByText('Saved. Your order now goes to a clinician for approval.')).toBeVisible();
  await page.getByRole('link', { name: 'Back to my account' }).click();
  await expect(page.getByText('Awaiting clinician approval')).toBeVisible();

  // the choice is made once: coming back shows it locked
  await page.goto(thanks.replace('/thanks', '/collection'));
  await expect(page.getByText('You have selected: At-home Delivery. This choice can only be changed by messaging support.')).toBeVisible();
});

test('a declined card says so, and another card then pays', async ({ page }) => {
  await takeQuiz(page);
  await addStarterTestToCart(page);
  await fillAccount(page, uniqueEmail('declined'));
  await pay(page, '4000 0000 0000 0002');
  await expect(page.getByRole('alert')).toHaveText('Your card was declined. Please try another card or contact your bank.');
  await expect(page).toHaveURL(/\/checkout-payment$/);

  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
});

test('the checkout explains what is wrong with the account form', async ({ page }) => {
  await takeQuiz(page);
  await addStarterTestToCart(page);
  await page.getByLabel('Email').fill('not-an-email');
  await pay(page, '4242 4242 4242 4242');
  await expect(page.getByText('Please enter a valid email')).toBeVisible();
  await expect(page.getByText('Please enter password')).toBeVisible();
});

test('an unknown page answers 404 with the not-found page', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('This page could not be found')).toBeVisible();
  await expect(page.getByRole('heading', { name: "Whoops - we couldn't find what you're looking for." })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Take the quiz' }).last()).toBeVisible();
  await page.getByRole('link', { name: 'Go to homepage' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectAccessible(page);
});

test('the operator signs in to the console and sees orders', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fadmin|\/sign-in\?next=\/admin/);
  await page.getByLabel('Email').fill('operator@shop.local');
  await page.getByLabel('Password').fill('operator-e2e-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Operator console' })).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
});
