import { expect, test, type Locator, type Page } from './fixtures';
import { chooseTestedState, uniqueEmail, quizConsent } from './journey';

// Until the page's script has run (a slow network, a blocked script), the browser sends a form by
// itself. A form sent by GET puts its fields in the address: the password, the card number and the
// e-mail would land in the address bar, the history and the access log. These pages are used here
// as they are before their script runs.
test.use({ javaScriptEnabled: false });

const password = 'Never-in-a-URL-1';
const newPassword = 'Never-in-a-URL-2';
const cardNumber = '4242424242424242';

/** Every form of the page that holds a password, a card field or an e-mail is sent by POST. */
async function expectPrivateFormsPost(page: Page) {
  const forms = page
    .locator('form')
    .filter({ has: page.locator('input[type="password"], input[type="email"], input[autocomplete^="cc-"]') });
  expect(await forms.count()).toBeGreaterThan(0);
  for (const form of await forms.all()) await expect(form).toHaveAttribute('method', 'post');
}

/**
 * Presses the form's button and checks what the browser sent and where it went: a POST, answered
 * without a server error, with none of `secrets` (passwords, the card) in the address or the page,
 * and none of `typed` (an e-mail) in the address. A page with a route action answers with itself
 * (what to fix, or what was done), where an e-mail the visitor typed may come back in its own
 * field; a page without one refuses the POST (405).
 */
async function submitWithoutScript(page: Page, button: Locator, secrets: string[], typed: string[] = []) {
  const answered = page.waitForResponse((response) => response.request().isNavigationRequest());
  await button.click();
  const response = await answered;
  await page.waitForLoadState();
  expect(response.request().method()).toBe('POST');
  expect(response.status()).toBeLessThan(500);
  const shown = await page.content();
  for (const address of [response.url(), page.url()]) {
    const readable = decodeURIComponent(address.replaceAll('+', ' '));
    for (const secret of [...secrets, ...typed]) expect(readable).not.toContain(secret);
  }
  for (const secret of secrets) expect(shown).not.toContain(secret);
  return response.request();
}

test('signing in before the script runs keeps the e-mail and password out of the address', async ({ page }) => {
  const email = uniqueEmail('no-get-sign-in');
  await page.goto('/sign-in');
  await expectPrivateFormsPost(page);
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await submitWithoutScript(page, form.getByRole('button', { name: 'Sign in' }), [password], [email]);
  // no such account: the page says so, the e-mail back in its field, the password field empty
  await expect(form.getByRole('alert')).toBeVisible();
  await expect(form.getByLabel('Email')).toHaveValue(email);
  await expect(form.getByLabel('Password')).toHaveValue('');
});

test('asking for a reset link before the script runs keeps the e-mail out of the address', async ({ page }) => {
  const email = uniqueEmail('no-get-reset');
  await page.goto('/reset-password');
  await expectPrivateFormsPost(page);
  const form = page.getByRole('form', { name: 'Reset password' });
  await form.getByLabel('Email').fill(email);
  await submitWithoutScript(page, form.getByRole('button', { name: 'Send the reset link' }), [], [email]);
  await expect(form.getByRole('status')).toBeVisible();
});

test('choosing a new password before the script runs keeps it out of the address', async ({ page }) => {
  await page.goto('/new-password?token=a-token-from-the-e-mail');
  await expectPrivateFormsPost(page);
  const form = page.getByRole('form', { name: 'Set a new password' });
  await form.getByLabel('New password', { exact: true }).fill(newPassword);
  await form.getByLabel('Repeat password', { exact: true }).fill(newPassword);
  await submitWithoutScript(page, form.getByRole('button', { name: 'Save my new password' }), [newPassword]);
  // a token the shop never sent
  await expect(page.getByRole('heading', { name: 'This link has expired' })).toBeVisible();
});

test('changing the password before the script runs keeps both passwords out of the address', async ({ page }) => {
  const email = uniqueEmail('no-get-change');
  // the browser's context shares its cookies with page.request: the page is signed in
  expect((await page.request.post('/api/checkout/account', { data: { email, password } })).status()).toBe(200);
  await page.goto('/account/password');
  await expectPrivateFormsPost(page);
  const form = page.getByRole('form', { name: 'Change password' });
  await form.getByLabel('Current password', { exact: true }).fill(password);
  await form.getByLabel('New password', { exact: true }).fill(newPassword);
  await form.getByLabel('Repeat password', { exact: true }).fill(newPassword);
  await submitWithoutScript(page, form.getByRole('button', { name: 'Change password' }), [password, newPassword]);
  await expect(form.getByRole('status')).toHaveText('Your password has been changed. You are signed out everywhere else.');
  for (const field of await form.locator('input[type="password"]').all()) await expect(field).toHaveValue('');
});

test('paying before the script runs keeps the card, the e-mail and the password out of the address', async ({ page }) => {
  const email = uniqueEmail('no-get-checkout');
  const quiz = await page.request.post('/api/quiz-results', {
    data: { variant: 'quiz', answers: { goal: 'anxiety-depression', sex: 'female', dateOfBirth: '1990-04-12' }, consent: quizConsent },
  });
  expect(quiz.status()).toBe(201);
  const added = await page.request.post('/api/cart/items', { data: { productCode: 'base-quiz', quizResultId: (await quiz.json()).id } });
  expect(added.status()).toBe(200);

  await page.goto('/checkout-payment');
  await expectPrivateFormsPost(page);
  const form = page.getByRole('form', { name: 'Checkout' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await chooseTestedState(page);
  await form.getByLabel('Card number').fill(cardNumber);
  await form.getByLabel('Expiry (MM/YY)').fill('12/34');
  await form.getByLabel('Security code').fill('123');
  for (const consent of await form.getByRole('checkbox').all()) await consent.check();
  const sent = await submitWithoutScript(page, form.getByRole('button', { name: /^Pay / }), [email, password, cardNumber]);
  // the card fields have no name: the card is not even in what the browser sent to the page
  expect(sent.postData() ?? '').not.toContain(cardNumber);
});

test('applying to the affiliate program before the script runs keeps the e-mail and password out of the address', async ({ page }) => {
  const email = uniqueEmail('no-get-affiliate');
  await page.goto('/affiliate-program');
  await expectPrivateFormsPost(page);
  const form = page.getByRole('region', { name: 'Apply to the affiliate program' });
  await form.getByLabel('Name').fill('Robin Writer');
  await form.getByLabel('E-mail address').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByLabel('Your audience or website').fill('https://newsletter.example.com');
  await form.getByLabel('How would you promote Base?').fill('A monthly newsletter on health, with the code in each issue.');
  await submitWithoutScript(page, form.getByRole('button', { name: 'Apply' }), [password], [email]);
  await expect(page.getByRole('heading', { level: 2, name: 'Application received' })).toBeVisible();
  await expect(page.getByText(`write to ${email} once we have decided`)).toBeVisible();
});
