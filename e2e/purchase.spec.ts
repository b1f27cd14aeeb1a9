import { LAB_NOT_AVAILABLE_IN_NY } from '@shop/core';
import { expect, test } from './fixtures';
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
  // a long journey of several people: more time than a page test on a busy machine
  test.slow();
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
  // the confirmation shows the road ahead and what was bought
  const progress = page.getByRole('region', { name: 'Order progress' });
  await expect(progress.locator('[aria-current="step"]')).toContainText('Home kit or lab chosen');
  // each step is read with its state: done, under way or to come
  await expect(progress.getByRole('listitem')).toContainText([
    'Paid: Done',
    'Home kit or lab chosen: Under way',
    'Medical profile: To come',
    'Clinician approval: To come',
    'Kit shipped: To come',
    'Sample at the lab: To come',
    'Results: To come',
  ]);
  await expect(page.getByRole('region', { name: 'Your order' })).toContainText(/Cortisol Test.*\$79\.95/);
  // the program is listed at its price, with when it is charged: not in the $79.95 paid today
  await expect(page.getByRole('region', { name: 'Your order' })).toContainText(
    /Improvement ProgramBilled when your starter test results arrive, apart from the total\$140\.05/,
  );
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Choose home kit or lab' }).click();

  await page.getByRole('button', { name: 'Confirm At-home Delivery' }).click();
  await expect(page.getByText('Enter a valid name or send us a message')).toBeVisible();
  await expect(page.getByLabel('Full name')).toBeFocused();
  // each error is read out where it appears (a live region that was in the page before it)
  await expect(page.locator('[aria-live="polite"]').getByText('Enter a valid name or send us a message')).toBeVisible();
  await page.getByRole('radio', { name: /^Lab Pick-Up/ }).check();
  await page.getByLabel('Your zip code').fill('10001');
  await page.getByRole('button', { name: 'Find labs' }).click();
  await expect(page.locator('[aria-live="polite"]').getByText(LAB_NOT_AVAILABLE_IN_NY)).toBeVisible();
  await expect(page.getByLabel('Your zip code')).toBeFocused();
  await page.getByRole('radio', { name: /^At-home Delivery/ }).check();
  await page.getByLabel('Full name').fill('Ann Lee');
  await page.getByLabel('Shipping address').fill('410 Congress Ave');
  await page.getByLabel('City').fill('Austin');
  // exact: the lab's "Your zip code" is in the page too, shown when Lab Pick-Up is checked
  await page.getByLabel('Zip code', { exact: true }).fill('78701');
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
  // nothing asked twice (WCAG 3.3.7): the quiz's sex and date of birth, the delivery's name and state
  await expect(page.getByText('We filled in what your quiz and your delivery details already told us.')).toBeVisible();
  await expect(page.getByLabel('Full name')).toHaveValue('Ann Lee');
  await expect(page.getByLabel('Date of birth')).toHaveValue('1990-04-12');
  await expect(page.getByLabel('Sex at birth')).toHaveValue('female');
  await expect(page.getByLabel('State')).toHaveValue('TX');
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

test('a card that asks for the bank’s confirmation pays once the customer approves', async ({ page }) => {
  await takeQuiz(page);
  await addStarterTestToCart(page);
  await fillAccount(page, uniqueEmail('authenticate'));
  await pay(page, '4000 0025 0000 3155');
  const bank = page.getByRole('dialog', { name: 'Confirm your payment' });
  await expect(bank).toContainText('Your bank asks you to confirm the payment of');
  await bank.getByRole('button', { name: 'Refuse' }).click();
  await expect(page.getByRole('alert')).toHaveText('Your bank could not confirm this payment. Please try again or use another card.');

  await page.getByRole('button', { name: /^Pay / }).click();
  await page.getByRole('dialog', { name: 'Confirm your payment' }).getByRole('button', { name: 'Approve payment' }).click();
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
});

test('a discount code lowers the total before paying, and an expired one says so', async ({ page, request }) => {
  // the operator defines the codes, as in the console
  const signIn = await request.post('/api/auth/sign-in/email', {
    data: { email: 'operator@shop.local', password: 'operator-e2e-password' },
  });
  expect(signIn.ok()).toBe(true);
  for (const coupon of [
    { code: 'WELCOME-E2E', kind: 'fixed', value: 800 },
    { code: 'EXPIRED-E2E', kind: 'percent', value: 10, startsAt: '2020-01-01T00:00:00Z', expiresAt: '2021-01-01T00:00:00Z' },
  ]) {
    const created = await request.post('/api/admin/coupons', { data: coupon });
    expect([201, 409]).toContain(created.status());
  }

  await takeQuiz(page);
  await addStarterTestToCart(page);
  const code = page.getByRole('form', { name: 'Discount code' });
  await code.getByLabel('Discount code').fill('EXPIRED-E2E');
  await code.getByRole('button', { name: 'Apply' }).click();
  await expect(code.getByText('The discount code you applied is expired.')).toBeVisible();

  await code.getByLabel('Discount code').fill('welcome-e2e');
  await code.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Discount code WELCOME-E2E applied: −$8.00.')).toBeVisible();
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(summary).toContainText('−$8.00');
  // removed, the total is whole again; applied again, it is not
  await page.getByRole('form', { name: 'Discount code' }).getByRole('button', { name: 'Remove' }).click();
  await expect(code.getByLabel('Discount code')).toBeVisible();
  await expect(summary).not.toContainText('−$8.00');
  await code.getByLabel('Discount code').fill('WELCOME-E2E');
  await code.getByRole('button', { name: 'Apply' }).click();
  await expect(summary).toContainText('−$8.00');
  await fillAccount(page, uniqueEmail('coupon'));
  await pay(page, '4242 4242 4242 4242');
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
});

test('the checkout variants share one checkout; an unknown employer group is not found', async ({ page }) => {
  await takeQuiz(page);
  await addStarterTestToCart(page);
  for (const [path, heading] of [
    ['/checkout-payment-b', 'Review and pay'],
    ['/checkout-payment-c', 'Secure checkout'],
    ['/checkout-payment-b2b?group=bolton&goal=fatigue', 'Checkout for Bolton'],
  ]) {
    await page.goto(path!);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading!);
    await expect(page.getByRole('region', { name: 'Order summary' })).toContainText('Cortisol Test');
  }
  await expectAccessible(page);
  const unknown = await page.goto('/checkout-payment-b2b?group=nobody');
  expect(unknown?.status()).toBe(404);

  await page.goto('/checkout-payment-c');
  await fillAccount(page, uniqueEmail('variant'));
  await pay(page, '4242 4242 4242 4242');
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  const orderUrl = new URL(page.url());
  const datadog = await page.goto(`/successful-payment-datadog${orderUrl.search}`);
  expect(datadog?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
});
