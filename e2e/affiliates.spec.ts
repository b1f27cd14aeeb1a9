import { expect, test, type Browser, type Page } from './fixtures';
import { staff, staffPage } from './console-journey';
import { addStarterTestToCart, answerQuiz, expectAccessible, fillAccount, ok, pay, uniqueEmail } from './journey';

/** The e-mails an address has had, read from the shop's outbox as the console shows it. */
async function emailsTo(console: Page, address: string): Promise<Array<{ subject: string; text: string }>> {
  const outbox = await console.request.get(`/api/admin/outbox?to=${encodeURIComponent(address)}`);
  return ((await outbox.json()) as { emails: Array<{ subject: string; text: string }> }).emails;
}

/** A visitor from an affiliate code's page takes the quiz, signs up and pays with its 20% off; the order's id. */
async function referredCustomerPays(browser: Browser, code: string): Promise<string> {
  const visiting = await browser.newContext();
  const visitor = await visiting.newPage();
  await visitor.goto(`/affiliate/${code.toLowerCase()}`);
  await expect(visitor.getByText(`${code}: 20% off your first test`)).toBeVisible();
  await expect(visitor.getByRole('heading', { level: 1, name: 'Sleep better, think clearer' })).toBeVisible();
  await visitor.getByRole('link', { name: 'Take the quiz' }).first().click();
  await expect(visitor).toHaveURL(/\/quiz$/);
  await answerQuiz(visitor, { choose: /anxiety/i });
  await expect(visitor).toHaveURL(/\/quiz-results\?id=/);
  await addStarterTestToCart(visitor);
  await expect(visitor.getByRole('region', { name: 'Order summary' })).toContainText('−$15.99');
  await fillAccount(visitor, uniqueEmail('affiliate-friend'));
  await pay(visitor, '4242 4242 4242 4242');
  await expect(visitor.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await expect(visitor.getByText(/\$63\.96 paid/)).toBeVisible();
  const { orders } = (await (await visitor.request.get('/api/orders')).json()) as { orders: Array<{ id: string }> };
  await visiting.close();
  return orders[0]!.id;
}

// A person applies to the affiliate program with their own account; an operator approves them
// with a new code in the console; a visitor lands on that code's page, takes the quiz, signs up
// and pays with 20% off; the affiliate sees the click and the pending commission on their dashboard.
test('an applicant is approved with a new code; the customers they send show on their dashboard, a refund voids one and the other is paid after the window', async ({
  browser,
  page,
}) => {
  // a long journey of several people: more time than a page test on a busy machine
  test.slow();
  const tag = Date.now().toString(36);
  const name = `Pat Podcast ${tag}`;
  const email = uniqueEmail('affiliate-applicant');
  const code = `POD${tag}`.toUpperCase();

  await page.goto('/affiliate-program');
  await expect(page.getByRole('heading', { level: 1, name: 'Earn up to $100 for every customer you refer' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.getByRole('link', { name: 'Apply now' }).click();
  const form = page.getByRole('region', { name: 'Apply to the affiliate program' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('E-mail address').fill(email);
  await form.getByLabel('Password').fill('Affiliate-passw0rd!');
  await form.getByRole('button', { name: 'Apply' }).click();
  // what is missing is said, field by field, before anything is sent
  await expect(form.getByText('Please tell us where your audience finds you: a website, a channel or a handle')).toBeVisible();
  await form.getByLabel('Password').fill('Affiliate-passw0rd!');
  await form.getByLabel('Your audience or website').fill('https://podcast.example.com, about 20,000 listeners');
  await form.getByLabel('How would you promote Base?').fill('A weekly episode on sleep and energy, with the code read out in each.');
  await form.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Application received' })).toBeVisible();
  await expect(page.getByText(`We review every application by hand and write to ${email}`)).toBeVisible();
  await expectAccessible(page);

  // signed in by the application, the applicant's dashboard says the application is under review
  await page.getByRole('link', { name: 'See your application' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your application is under review' })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  // signing in again elsewhere, before the decision, leads to the same answer, not an error
  const { context: elsewhere, page: again } = await staffPage(browser, { email, password: 'Affiliate-passw0rd!' }, '/affiliate/dashboard');
  await expect(again.getByRole('heading', { level: 1, name: 'Your application is under review' })).toBeVisible();
  await expectAccessible(again);
  await elsewhere.close();

  const { context: operatorContext, page: console } = await staffPage(browser, staff.operator, '/admin/affiliates');
  expect((await emailsTo(console, email)).map((mail) => mail.subject)).toContain(
    'We received your application to the Base affiliate program',
  );
  const application = console.getByRole('listitem').filter({ has: console.getByRole('heading', { level: 3, name }) });
  await expect(application).toContainText('https://podcast.example.com, about 20,000 listeners');
  // a code another affiliate has is refused by name
  await application.getByLabel('Codes, separated by commas').fill('ness');
  await application.getByRole('button', { name: `Approve ${name}` }).click();
  await expect(application.getByText('The code NESS is taken: choose another.')).toBeVisible();
  await application.getByLabel('Codes, separated by commas').fill(code.toLowerCase());
  await application.getByLabel('Heading of the landing').fill('Sleep better, think clearer');
  await application.getByLabel('Banner on the landing').fill(`${code}: 20% off your first test`);
  // half of what their customers pay: one first order ($31.98) is above the $25 payout threshold
  await application.getByLabel('Commission (%)').fill('50');
  await application.getByRole('button', { name: `Approve ${name}` }).click();
  await expect(console.getByText(`The application is approved with ${code}. The affiliate is told by e-mail.`)).toBeVisible();
  await expect(console.getByRole('heading', { level: 3, name })).toHaveCount(0);
  await expect(console.getByRole('table', { name: 'Affiliates with their codes' })).toContainText(code);
  await expect
    .poll(async () => (await emailsTo(console, email)).find((mail) => mail.subject === 'Welcome to the Base affiliate program')?.text ?? '')
    .toContain(`/affiliate/${code.toLowerCase()}`);
  await operatorContext.close();

  // a visitor from the new code's page pays with the affiliate's 20% off
  await referredCustomerPays(browser, code);

  // the affiliate, in the session of their application, sees the click and the pending commission
  await page.goto('/affiliate/dashboard');
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByLabel(`Your link for ${code}`)).toHaveValue(new RegExp(`/affiliate/${code.toLowerCase()}$`));
  const row = page.getByRole('row').filter({ hasText: code });
  // month, code, clicks, first orders, conversion, pending, approved, paid, clawed back
  await expect(row.getByRole('cell')).toHaveText([/\d{4}$/, code, '1', '1', '100.0%', '$31.98', '$0.00', '$0.00', '$0.00']);
  await expectAccessible(page);

  // a second customer's order refunded inside the refund window: their commission is voided
  const refunded = await referredCustomerPays(browser, code);
  await page.reload();
  await expect(row.getByRole('cell')).toHaveText([/\d{4}$/, code, '2', '2', '100.0%', '$63.96', '$0.00', '$0.00', '$0.00']);
  const { context: refunding, page: operatorPage } = await staffPage(browser, staff.operator, '/admin');
  const refund = await operatorPage.request.post(`/api/admin/orders/${refunded}/refund`, { data: { reason: 'Changed their mind' } });
  expect(refund.status(), await refund.text()).toBe(200);
  await refunding.close();
  await page.reload();
  await expect(row.getByRole('cell')).toHaveText([/\d{4}$/, code, '2', '2', '100.0%', '$31.98', '$0.00', '$0.00', '$0.00']);

  // 31 days later (the clock of the tests): the approval job approves the first commission, and the
  // payout run pays it, once
  const later = new Date(Date.now() + 31 * 86_400_000).toISOString();
  const clock = await page.request.post('/api/test-clock/rewards', { data: { at: later } });
  expect(await clock.json()).toEqual({ approved: 1, paid: 1 });
  await page.reload();
  await expect(row.getByRole('cell')).toHaveText([/\d{4}$/, code, '2', '2', '100.0%', '$0.00', '$0.00', '$31.98', '$0.00']);
  expect(await (await page.request.post('/api/test-clock/rewards', { data: { at: later } })).json()).toEqual({
    approved: 0,
    paid: 0,
  });

  // the server's page already names the affiliate in the header: no "Sign in" before the script runs
  const withoutScript = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  const firstPaint = await withoutScript.newPage();
  await firstPaint.goto('/affiliate/dashboard');
  await expect(firstPaint.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(firstPaint.getByRole('banner').getByRole('link', { name: 'Sign in' })).toHaveCount(0);
  await expect(firstPaint.getByRole('banner').getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/account');
  await withoutScript.close();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Account' })).toBeVisible();
});

test('a customer signed in already applies with their own account', async ({ page }) => {
  const email = uniqueEmail('member-affiliate');
  const password = 'Sup3r-secret!';
  const origin = new URL(test.info().project.use.baseURL!).origin;
  await ok(await page.request.post('/api/auth/sign-up/email', { data: { email, password, name: 'Mo Member' }, headers: { origin } }));
  await page.goto('/affiliate-program');
  await page.getByRole('link', { name: 'Sign in and apply with it' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();

  // back on the program's page: no account to make, the form names the account it applies with
  await expect(page).toHaveURL(/\/affiliate-program/);
  await expect(page.getByText(`You apply with your account, ${email}`)).toBeVisible();
  await expect(page.getByLabel('Password')).toHaveCount(0);
  await page.getByLabel('Name').fill('Mo Member');
  await page.getByLabel('Your audience or website').fill('https://newsletter.example.com');
  await page.getByLabel('How would you promote Base?').fill('A monthly newsletter on eating well, with the code in each issue.');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('heading', { name: 'Application received' })).toBeVisible();
  await page.getByRole('link', { name: 'See your application' }).click();
  await expect(page).toHaveURL(/\/affiliate\/dashboard$/);
  // the address changes as the navigation starts; the dashboard's data may take a busy machine longer
  await expect(page.getByRole('heading', { level: 1, name: 'Your application is under review' })).toBeVisible({ timeout: 30_000 });
});

test('a code nobody has is no landing page', async ({ page }) => {
  const response = await page.goto('/affiliate/totallyfake99');
  expect(response?.status()).toBe(404);
});
