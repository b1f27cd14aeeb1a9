import { expect, test } from './fixtures';
import { checkoutFromCart, expectAccessible, pay, uniqueEmail } from './journey';

test('a customer resets a forgotten password from the e-mail and signs in with the new one', async ({ page, browser }) => {
  const email = uniqueEmail('forgot');
  const created = await page.request.post('/api/checkout/account', { data: { email, password: 'Old-passw0rd!' } });
  expect(created.status()).toBe(200);
  await page.context().clearCookies();

  await page.goto('/sign-in');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send the reset link' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Please check your email to reset your password. If you do not get an email, please try again',
  );
  await expectAccessible(page);

  // the operator reads the e-mail in the console's outbox
  const operator = await browser.newContext();
  const console = await operator.newPage();
  await console.goto('/sign-in?next=/admin/outbox');
  await console.getByLabel('Email').fill('operator@shop.local');
  await console.getByLabel('Password').fill('operator-e2e-password');
  await console.getByRole('button', { name: 'Sign in' }).click();
  await expect(console.getByRole('heading', { name: 'E-mail outbox' })).toBeVisible();
  // the reset e-mail is written after the response, so the outbox is read again until it is there
  const mail = console.getByRole('article', { name: `Reset your Base password to ${email}` });
  await expect(async () => {
    await console.goto(`/admin/outbox?to=${encodeURIComponent(email)}`);
    await expect(mail).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  const link = (await mail.textContent())!.match(/https?:\/\/\S+\/new-password\?token=\S+/)![0];
  await operator.close();

  await page.goto(new URL(link).pathname + new URL(link).search);
  await page.getByRole('textbox', { name: 'New password' }).fill('New-passw0rd!');
  await page.getByRole('textbox', { name: 'Repeat password' }).fill('New-passw0rd?');
  await page.getByRole('button', { name: 'Save my new password' }).click();
  await expect(page.getByText('Password and confirm password has to be the same.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Repeat password' }).fill('New-passw0rd!');
  await page.getByRole('button', { name: 'Save my new password' }).click();
  await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible();

  await page.getByRole('link', { name: 'Sign in' }).last().click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('New-passw0rd!');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'My account' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
  // signing out ends with a full load of the home page; the next navigation waits for it, or aborts it
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByRole('link', { name: 'Sign in' }).first()).toBeVisible();

  // the link worked once
  await page.goto(new URL(link).pathname + new URL(link).search);
  await page.getByRole('textbox', { name: 'New password' }).fill('Other-passw0rd!');
  await page.getByRole('textbox', { name: 'Repeat password' }).fill('Other-passw0rd!');
  await page.getByRole('button', { name: 'Save my new password' }).click();
  await expect(page.getByRole('heading', { name: 'This link has expired' })).toBeVisible();
});

test('a visitor signs in with Google at checkout and pays', async ({ page }) => {
  await page.goto('/quiz-results/sleep');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByRole('button', { name: 'No thanks' }).click();
  await checkoutFromCart(page);
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page).toHaveURL(/\/checkout-payment$/);
  await expect(page.getByText('Signed in as gia.google@example.com')).toBeVisible();
  // back from the provider on a page loaded anew: the card goes from its script, so wait for it to load
  await page.waitForLoadState('networkidle');
  await pay(page, '4242 4242 4242 4242');
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
});

test('a failed Google sign-in explains the third-party cookies', async ({ page }) => {
  await page.goto('/quiz-results/sleep');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByRole('button', { name: 'No thanks' }).click();
  await checkoutFromCart(page);
  await page.goto('/checkout-payment?signInError=google&error=state_mismatch');
  await expect(page.getByRole('alert')).toContainText('third-party cookies');
  await expect(page.getByLabel('Email')).toBeVisible();
});

test('a member changes the password in the member area', async ({ page }) => {
  const email = uniqueEmail('change');
  expect((await page.request.post('/api/checkout/account', { data: { email, password: 'Old-passw0rd!' } })).status()).toBe(200);
  await page.goto('/account');
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  await page.getByRole('link', { name: 'Change password' }).click();
  await expect(page.getByRole('heading', { name: 'Change your password' })).toBeVisible();
  await page.getByLabel('Current password').fill('wrong-one');
  await page.getByRole('textbox', { name: 'New password' }).fill('New-passw0rd!');
  await page.getByRole('textbox', { name: 'Repeat password' }).fill('New-passw0rd!');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your current password is not correct.')).toBeVisible();
  await page.getByLabel('Current password').fill('Old-passw0rd!');
  await page.getByRole('textbox', { name: 'New password' }).fill('New-passw0rd!');
  await page.getByRole('textbox', { name: 'Repeat password' }).fill('New-passw0rd!');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed. You are signed out everywhere else.')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Back to my account' }).click();
  await expect(page.getByRole('heading', { name: 'My account' })).toBeVisible();
});

test('staff sign in on the sign-in page both at localhost and at 127.0.0.1', async ({ browser, baseURL }) => {
  for (const origin of [baseURL!, baseURL!.replace('localhost', '127.0.0.1')]) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${origin}/sign-in?next=/admin`);
    await page.getByLabel('Email').fill('operator@shop.local');
    await page.getByLabel('Password').fill('operator-e2e-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(`${origin}/admin`);
    await expect(page.getByRole('navigation', { name: 'Console' })).toBeVisible();
    await context.close();
  }
});
