import { expect, test } from './fixtures';
import { staff, staffPage } from './console-journey';
import { uniqueEmail } from './journey';

// An operator sets up a group with a census in the console; an employee on it gets a $0 covered
// order through /b2b/{group} and /checkout-payment-b2b, without a card; a second one is refused.
test('an employer group with a census covers one $0 order per employee and plan year', async ({ browser, page }) => {
  // a long journey of several people: more time than a page test on a busy machine
  test.slow();
  const slug = `acme-${Date.now().toString(36)}`;
  const { context, page: console } = await staffPage(browser, staff.operator, '/admin/employers');
  const group = console.getByRole('form', { name: 'Employer group' });
  await group.getByLabel('Address (/b2b/…)').fill(slug);
  await group.getByLabel('Name employees know').fill('Acme Tools');
  await group.getByLabel('Logo text').fill('ACME');
  await group.getByRole('button', { name: 'Create group' }).click();
  await expect(console.getByRole('heading', { level: 1, name: 'Acme Tools' })).toBeVisible();
  const census = console.getByRole('form', { name: 'Census' });
  await census
    .getByLabel(/Census CSV/)
    .fill('first_name,last_name,email,employee_id,date_of_birth\nAda,Lovelace,ada@acme.test,,1985-12-10');
  await census.getByRole('button', { name: 'Dry run' }).click();
  await expect(census.getByText(/Dry run, nothing changed: 1 would be added/)).toBeVisible();
  await census
    .getByLabel(/Census CSV/)
    .fill('first_name,last_name,email,employee_id,date_of_birth\nAda,Lovelace,ada@acme.test,,1985-12-10');
  await census.getByRole('button', { name: 'Apply census' }).click();
  await expect(console.getByText(/Census version 1 applied: 1 added/)).toBeVisible();
  const hr = uniqueEmail('hr');
  const admins = console.getByRole('form', { name: 'Employer admins' });
  await admins.getByLabel('E-mail of the admin').fill(hr);
  await admins.getByRole('button', { name: 'Invite admin' }).click();
  await expect(admins.getByText(`Invitation e-mailed to ${hr}.`, { exact: false })).toBeVisible();
  let invitation: string | undefined;
  await expect
    .poll(async () => {
      const outbox = await console.request.get(`/api/admin/outbox?to=${encodeURIComponent(hr)}`);
      const { emails } = (await outbox.json()) as { emails: Array<{ text: string }> };
      invitation = emails
        .map((mail) => mail.text)
        .join('\n')
        .match(/https?:\/\/\S+\/business\/portal\/accept\?token=\S+/)?.[0];
      return invitation !== undefined;
    })
    .toBe(true);
  await context.close();

  await page.goto(`/b2b/${slug}`);
  await page.getByRole('link', { name: 'Choose Fatigue' }).click();
  await expect(page.getByRole('heading', { name: 'Confirm your cover' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const proof = page.getByRole('form', { name: 'Confirm your cover' });
  await proof.getByLabel('E-mail', { exact: true }).fill(uniqueEmail('employee'));
  await proof.getByLabel('Password').fill('Sup3r-secret!');
  await proof.getByLabel('First name').fill('Ada');
  await proof.getByLabel('Last name').fill('Byron');
  await proof.getByLabel('Date of birth').fill('1985-12-10');
  await proof.getByLabel('Work e-mail or employee ID').fill('ada@acme.test');
  await proof.getByRole('button', { name: 'Continue to your covered test' }).click();
  // someone the census does not list is told so, and nothing is covered
  await expect(proof.getByText('We could not find you on your employer’s list of eligible employees.', { exact: false })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout for Acme Tools' })).toHaveCount(0);
  await proof.getByLabel('Last name').fill('Lovelace');
  await proof.getByRole('button', { name: 'Continue to your covered test' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Checkout for Acme Tools' })).toBeVisible();
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(summary).toContainText('Covered by Acme Tools');
  await expect(summary).toContainText('$0.00');
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: 'Place covered order' }).click();
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();

  // the plan year's cover is used: a second covered order is refused, and the test can be bought
  await page.goto(`/b2b/${slug}/mental-health`);
  await page.waitForLoadState('networkidle');
  await proof.getByLabel('First name').fill('Ada');
  await proof.getByLabel('Last name').fill('Lovelace');
  await proof.getByLabel('Date of birth').fill('1985-12-10');
  await proof.getByLabel('Work e-mail or employee ID').fill('ada@acme.test');
  await proof.getByRole('button', { name: 'Continue to your covered test' }).click();
  await expect(proof.getByText('You have already used your covered test for this plan year.')).toBeVisible();
  await expect(page.getByRole('button', { name: /at the normal price/ })).toBeVisible();

  // the employer admin accepts the invitation and sees the plan year in figures that name nobody
  const employer = await browser.newContext();
  const portal = await employer.newPage();
  const account = await portal.request.post('/api/checkout/account', { data: { email: hr, password: 'Sup3r-secret!' } });
  expect(account.status()).toBe(200);
  await portal.goto(new URL(invitation!).pathname + new URL(invitation!).search);
  await portal.waitForLoadState('networkidle');
  await portal.getByRole('button', { name: 'Accept the invitation' }).click();
  await expect(portal.getByRole('heading', { level: 1, name: 'Acme Tools' })).toBeVisible();
  await expect(portal.getByText('Ordered a test')).toBeVisible();
  await expect(portal.getByText('fewer than 5', { exact: true })).toHaveCount(6);
  await expect(portal.getByText('Lovelace')).toHaveCount(0);

  // the month over, the job invoices the covered order: the admin sees the invoice and its PDF
  const now = new Date();
  const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 2));
  const invoiced = await portal.request.post('/api/test-clock/employers/invoices', { data: { at: nextMonth.toISOString() } });
  expect(await invoiced.json()).toEqual({ issued: 1 });
  await portal.reload();
  const invoices = portal.getByRole('table');
  await expect(invoices.getByRole('row', { name: /INV-\d+/ })).toContainText('$79.95');
  await expect(invoices.getByRole('row', { name: /INV-\d+/ })).toContainText('Open');
  const pdf = await portal.request.get((await invoices.getByRole('link', { name: /PDF of INV-/ }).getAttribute('href'))!);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  await employer.close();
});
