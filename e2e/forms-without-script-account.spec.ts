import { expect, test, type Browser, type Page } from './fixtures';
import { uniqueEmail } from './journey';

// Signing in, getting a new password, changing it and filling in the medical profile work before
// (or without) the page's script: the browser posts each form to its page's action, and the page
// comes back with what to fix (the e-mail typed, never a password) or goes on to what was done.
test.use({ javaScriptEnabled: false });

const password = 'First-passw0rd!';
const newPassword = 'Second-passw0rd!';

/** An account for `email`; the browser's context shares its cookies with page.request, so it is signed in. */
async function createAccount(page: Page, email: string) {
  expect((await page.request.post('/api/checkout/account', { data: { email, password } })).status()).toBe(200);
}

/** Signs in with the page's form, without script: the action sends the browser on to the account. */
async function signInWithForm(page: Page, email: string, secret: string) {
  await page.goto('/sign-in');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(secret);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
}

/** The reset link e-mailed to `email`, read from the outbox as the operator reads it. */
async function resetLink(browser: Browser, email: string): Promise<string> {
  const operator = await browser.newContext();
  const signedIn = await operator.request.post('/api/auth/sign-in/email', {
    data: { email: 'operator@shop.local', password: 'operator-e2e-password' },
  });
  expect(signedIn.status()).toBe(200);
  let link: string | undefined;
  // the e-mail is written after the answer: the outbox is read again until it is there
  await expect
    .poll(
      async () => {
        const outbox = await operator.request.get(`/api/admin/outbox?to=${encodeURIComponent(email)}`);
        const { emails } = (await outbox.json()) as { emails: Array<{ subject: string; text: string }> };
        link = emails
          .map((mail) => mail.text)
          .join('\n')
          .match(/https?:\/\/\S+\/new-password\?token=\S+/)?.[0];
        return link !== undefined;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  await operator.close();
  const url = new URL(link!);
  return url.pathname + url.search;
}

test('signing in without script says what to fix, keeps the e-mail, and lands on the account', async ({ page }) => {
  const email = uniqueEmail('no-script-sign-in');
  await createAccount(page, email);
  await page.context().clearCookies();

  await page.goto('/sign-in');
  let form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(email);
  await form.getByRole('button', { name: 'Sign in' }).click();
  form = page.getByRole('form', { name: 'Sign in' });
  await expect(form.getByText('Please enter password')).toBeVisible();
  await expect(form.getByLabel('Email')).toHaveValue(email);

  await form.getByLabel('Password').fill('Wrong-passw0rd!');
  await form.getByRole('button', { name: 'Sign in' }).click();
  form = page.getByRole('form', { name: 'Sign in' });
  await expect(form.getByRole('alert')).toHaveText(/invalid email or password/i);
  await expect(form.getByLabel('Email')).toHaveValue(email);
  await expect(form.getByLabel('Password')).toHaveValue('');
  expect(await page.content()).not.toContain('Wrong-passw0rd!');

  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: 'My account' })).toBeVisible();
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
});

test('a staff member signing in without script goes to the console, or back where they were going', async ({ browser }) => {
  for (const [path, landing] of [
    ['/sign-in', /\/admin$/],
    [`/sign-in?next=${encodeURIComponent('/admin/outbox')}`, /\/admin\/outbox$/],
    [`/sign-in?next=${encodeURIComponent('//evil.example/')}`, /localhost:\d+\/admin$/],
  ] as const) {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(path);
    await page.getByLabel('Email').fill('operator@shop.local');
    await page.getByLabel('Password').fill('operator-e2e-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(landing);
    await context.close();
  }
});

test('without script, a reset link is asked for and its new password then signs in', async ({ page, browser }) => {
  const email = uniqueEmail('no-script-reset');
  await createAccount(page, email);
  await page.context().clearCookies();

  await page.goto('/reset-password');
  let form = page.getByRole('form', { name: 'Reset password' });
  await form.getByLabel('Email').fill('not-an-email');
  await form.getByRole('button', { name: 'Send the reset link' }).click();
  form = page.getByRole('form', { name: 'Reset password' });
  await expect(form.getByText('Please enter a valid email')).toBeVisible();
  await expect(form.getByLabel('Email')).toHaveValue('not-an-email');

  await form.getByLabel('Email').fill(email);
  await form.getByRole('button', { name: 'Send the reset link' }).click();
  await expect(page.getByRole('form', { name: 'Reset password' }).getByRole('status')).toHaveText(
    'Please check your email to reset your password. If you do not get an email, please try again',
  );
  const link = await resetLink(browser, email);

  await page.goto(link);
  form = page.getByRole('form', { name: 'Set a new password' });
  await form.getByLabel('New password', { exact: true }).fill(newPassword);
  await form.getByLabel('Repeat password', { exact: true }).fill('Other-passw0rd!');
  await form.getByRole('button', { name: 'Save my new password' }).click();
  form = page.getByRole('form', { name: 'Set a new password' });
  await expect(form.getByText('Password and confirm password has to be the same.')).toBeVisible();
  await expect(form.getByLabel('New password', { exact: true })).toHaveValue('');
  const shown = await page.content();
  for (const secret of [newPassword, 'Other-passw0rd!']) expect(shown).not.toContain(secret);

  await form.getByLabel('New password', { exact: true }).fill(newPassword);
  await form.getByLabel('Repeat password', { exact: true }).fill(newPassword);
  await form.getByRole('button', { name: 'Save my new password' }).click();
  await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('Your password has been changed. Please sign in with your new password.');

  await signInWithForm(page, email, newPassword);

  // the link worked once
  await page.context().clearCookies();
  await page.goto(link);
  form = page.getByRole('form', { name: 'Set a new password' });
  await form.getByLabel('New password', { exact: true }).fill('Third-passw0rd!');
  await form.getByLabel('Repeat password', { exact: true }).fill('Third-passw0rd!');
  await form.getByRole('button', { name: 'Save my new password' }).click();
  await expect(page.getByRole('heading', { name: 'This link has expired' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Reset my password again' })).toBeVisible();
});

test('without script, a member changes the password and signs in with the new one', async ({ page }) => {
  const email = uniqueEmail('no-script-change');
  await createAccount(page, email);

  await page.goto('/account/password');
  let form = page.getByRole('form', { name: 'Change password' });
  await form.getByLabel('Current password', { exact: true }).fill('Wrong-passw0rd!');
  await form.getByLabel('New password', { exact: true }).fill(newPassword);
  await form.getByLabel('Repeat password', { exact: true }).fill(newPassword);
  await form.getByRole('button', { name: 'Change password' }).click();
  form = page.getByRole('form', { name: 'Change password' });
  await expect(form.getByText('Your current password is not correct.')).toBeVisible();
  for (const field of await form.locator('input[type="password"]').all()) await expect(field).toHaveValue('');
  const shown = await page.content();
  for (const secret of ['Wrong-passw0rd!', newPassword]) expect(shown).not.toContain(secret);

  await form.getByLabel('Current password', { exact: true }).fill(password);
  await form.getByLabel('New password', { exact: true }).fill(newPassword);
  await form.getByLabel('Repeat password', { exact: true }).fill(newPassword);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('form', { name: 'Change password' }).getByRole('status')).toHaveText(
    'Your password has been changed. You are signed out everywhere else.',
  );
  expect(await page.content()).not.toContain(newPassword);
  // the new session's cookie came with the answer: the member is still signed in here
  await page.getByRole('link', { name: 'Back to my account' }).click();
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();

  await page.context().clearCookies();
  await signInWithForm(page, email, newPassword);
});

test('without script, the medical profile says what to fix, keeps what was typed, and is saved', async ({ page }) => {
  await createAccount(page, uniqueEmail('no-script-profile'));

  await page.goto('/account/profile');
  let form = page.getByRole('form', { name: 'Medical profile' });
  await form.getByLabel('Full name').fill('A');
  await form.getByLabel('Date of birth').fill('1990-04-12');
  await form.getByLabel('Sex at birth').selectOption('female');
  await form.getByLabel('Health conditions (optional)').fill('Asthma');
  await form.getByRole('button', { name: 'Save my profile' }).click();
  form = page.getByRole('form', { name: 'Medical profile' });
  await expect(form.getByText('Please enter the full name of the person tested')).toBeVisible();
  await expect(form.getByText('Please choose the state you live in')).toBeVisible();
  await expect(form.getByLabel('Full name')).toHaveValue('A');
  await expect(form.getByLabel('Date of birth')).toHaveValue('1990-04-12');
  await expect(form.getByLabel('Sex at birth')).toHaveValue('female');
  await expect(form.getByLabel('Health conditions (optional)')).toHaveValue('Asthma');

  await form.getByLabel('Full name').fill('Ann Lee');
  await form.getByLabel('State').selectOption('TX');
  await form.getByRole('button', { name: 'Save my profile' }).click();
  await expect(page.getByRole('form', { name: 'Medical profile' }).getByRole('status')).toHaveText('Your medical profile is saved.');

  // a new visit, not a reload: a reload would send the form again
  await page.goto('/account/profile');
  form = page.getByRole('form', { name: 'Medical profile' });
  await expect(form.getByLabel('Full name')).toHaveValue('Ann Lee');
  await expect(form.getByLabel('Date of birth')).toHaveValue('1990-04-12');
  await expect(form.getByLabel('Sex at birth')).toHaveValue('female');
  await expect(form.getByLabel('State')).toHaveValue('TX');
  await expect(form.getByLabel('Health conditions (optional)')).toHaveValue('Asthma');
});
