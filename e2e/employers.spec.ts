import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { staff, staffPage } from './console-journey';
import { authorizeResults, chooseTestedState, uniqueEmail } from './journey';

const censusHeader = 'first_name,last_name,email,employee_id,date_of_birth';

/** At a phone's width (390 px) the page's census form fits: nothing in it reaches past the page's right edge. */
async function expectCensusFitsAPhone(page: Page) {
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  const census = page.getByRole('form', { name: 'Census' });
  await expect(census).toBeVisible();
  const beyond = await census.evaluate((form) =>
    [...form.querySelectorAll('*')]
      .filter((element) => element.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
      .map((element) => `${element.tagName.toLowerCase()}: ${(element.textContent ?? '').slice(0, 60)}`),
  );
  expect(beyond).toEqual([]);
  if (size) await page.setViewportSize(size);
}

/** Invites an employer admin from a group's console page; the invitation's link, as the outbox holds it. */
async function inviteAdmin(console: Page, hr: string): Promise<string> {
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
  return invitation!;
}

/** The invited admin's account, the invitation accepted, and the portal open (without the page's script if asked). */
async function adminPortal(browser: Browser, hr: string, invitation: string, { javaScriptEnabled = true } = {}) {
  const employer = await browser.newContext({ javaScriptEnabled });
  const portal = await employer.newPage();
  expect((await portal.request.post('/api/checkout/account', { data: { email: hr, password: 'Sup3r-secret!' } })).status()).toBe(200);
  const token = new URL(invitation).searchParams.get('token');
  expect((await portal.request.post('/api/employer-invitations/accept', { data: { token } })).status()).toBe(200);
  await portal.goto('/business/portal');
  return { employer, portal };
}

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
  await expectCensusFitsAPhone(console);
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
  const invitation = await inviteAdmin(console, hr);
  await context.close();

  await page.goto(`/b2b/${slug}`);
  await page.getByRole('link', { name: 'Choose Fatigue' }).click();
  await expect(page.getByRole('heading', { name: 'Confirm your cover' })).toBeVisible();
  // the hint's last sentence and the promise after it are two sentences, a space apart
  await expect(page.getByText('Your employer never sees your results.')).toContainText(/\. Your employer never sees your results\.$/);
  await page.waitForLoadState('networkidle');
  const proof = page.getByRole('form', { name: 'Confirm your cover' });
  const employee = uniqueEmail('employee');
  await proof.getByLabel('E-mail', { exact: true }).fill(employee);
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

  // the employee comes back on another browser: the account page leads to the covered checkout, which holds the cover
  const elsewhere = await browser.newContext();
  const returning = await elsewhere.newPage();
  await returning.goto('/sign-in');
  await returning.getByLabel('Email').fill(employee);
  await returning.getByLabel('Password').fill('Sup3r-secret!');
  await returning.getByRole('button', { name: 'Sign in' }).click();
  const cover = returning.getByRole('region', { name: 'Your employer’s cover' });
  await expect(cover).toContainText('Acme Tools covers your starter test.');
  await cover.getByRole('link', { name: 'Continue to your covered checkout' }).click();
  await expect(returning.getByRole('heading', { level: 1, name: 'Checkout for Acme Tools' })).toBeVisible();
  await expect(returning.getByRole('region', { name: 'Order summary' })).toContainText('Covered by Acme Tools');
  await elsewhere.close();

  await page.waitForLoadState('networkidle');
  await chooseTestedState(page);
  await authorizeResults(page);
  await page.getByRole('button', { name: 'Place covered order' }).click();
  // nothing was paid: the confirmation says who covers it
  await expect(page.getByRole('heading', { level: 1, name: 'Your order is placed' })).toBeVisible();
  await expect(page.getByText('Covered by Acme Tools: nothing for you to pay.', { exact: false })).toBeVisible();
  const number = /Order #(\d+)/.exec((await page.getByText(/Order #\d+/).textContent()) ?? '')?.[1];
  expect(number).toBeTruthy();

  // the console's order names the group that covered it, and leads to the group's page
  const operator = await staffPage(browser, staff.operator, `/admin?q=${number}`);
  await operator.page.getByRole('link', { name: `#${number}` }).click();
  await operator.page.getByText('Covered by').getByRole('link', { name: 'Acme Tools' }).click();
  await expect(operator.page.getByRole('heading', { level: 1, name: 'Acme Tools' })).toBeVisible();
  await operator.context.close();

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
  await portal.goto(new URL(invitation).pathname + new URL(invitation).search);
  await portal.waitForLoadState('networkidle');
  await portal.getByRole('button', { name: 'Accept the invitation' }).click();
  await expect(portal.getByRole('heading', { level: 1, name: 'Acme Tools' })).toBeVisible();
  await expect(portal.getByText('Ordered a test')).toBeVisible();
  await expect(portal.getByText('fewer than 5', { exact: true })).toHaveCount(6);
  await expect(portal.getByText('Lovelace')).toHaveCount(0);

  // the month over, one covered order is one person: the job carries it, and the admin sees no invoice of it (decision 0057)
  const now = new Date();
  const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 2));
  const invoiced = await portal.request.post('/api/test-clock/employers/invoices', { data: { at: nextMonth.toISOString() } });
  expect(await invoiced.json()).toEqual({ issued: 0 });
  await portal.reload();
  await expect(portal.getByText('No invoice yet', { exact: false })).toBeVisible();
  await expect(portal.getByText('$79.95')).toHaveCount(0);

  await expectCensusFitsAPhone(portal);
  // the admin keeps the census: a minor's line is refused at its row, then a file is checked and uploaded
  const portalCensus = portal.getByRole('form', { name: 'Census' });
  await expect(portal.getByText(/Version 1: 1 employee, uploaded .* by Base/)).toBeVisible();
  const minor = `Kid,Young,kid@acme.test,,${now.getUTCFullYear() - 10}-03-01`;
  await portalCensus.getByLabel('Or paste the CSV').fill(`${censusHeader}\nAda,Lovelace,ada@acme.test,,1985-12-10\n${minor}`);
  await portalCensus.getByRole('button', { name: 'Check' }).click();
  const toCorrect = portalCensus.getByRole('table', { name: 'Lines to correct' });
  await expect(toCorrect.getByRole('row', { name: /Kid Young is under 18/ })).toContainText(minor);
  await expect(portalCensus.getByRole('button', { name: 'Upload' })).toHaveCount(0);
  const file = `${censusHeader}\nAda,Lovelace,ada@acme.test,,1985-12-10\nGrace,Hopper,grace@acme.test,E-7,1976-12-09\n`;
  await portalCensus.getByLabel('Census file (CSV)').setInputFiles({ name: 'census.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
  await portalCensus.getByRole('button', { name: 'Check' }).click();
  await expect(portalCensus.getByText('Checked, nothing changed yet: 1 would be added, 0 removed, 0 changed, 1 unchanged.')).toBeVisible();
  await expect(portalCensus.getByText('Added: Grace Hopper')).toBeVisible();
  await portalCensus.getByRole('button', { name: 'Upload' }).click();
  await expect(portalCensus.getByText(/Census version 2 uploaded: 1 added/)).toBeVisible();
  await expect(portal.getByText(`Version 2: 2 employees, uploaded`, { exact: false })).toContainText(`by ${hr}`);
  await employer.close();
});

// An employer admin of a group that proves eligibility by code mints a batch in the portal, without
// the page's script: the codes are shown once, to copy or download, and the batch is listed.
test('an employer admin mints single-use codes in the portal', async ({ browser }) => {
  test.slow();
  const slug = `coded-${Date.now().toString(36)}`;
  const { context, page: console } = await staffPage(browser, staff.operator, '/admin/employers');
  const group = console.getByRole('form', { name: 'Employer group' });
  await group.getByLabel('Address (/b2b/…)').fill(slug);
  await group.getByLabel('Name employees know').fill('Coded Tools');
  await group.getByLabel('Logo text').fill('CODED');
  await group.getByLabel('Eligibility codes (single use)').check();
  await group.getByRole('button', { name: 'Create group' }).click();
  await expect(console.getByRole('heading', { level: 1, name: 'Coded Tools' })).toBeVisible();
  const hr = uniqueEmail('hr');
  const invitation = await inviteAdmin(console, hr);
  await context.close();

  const { employer, portal } = await adminPortal(browser, hr, invitation, { javaScriptEnabled: false });
  await expect(portal.getByRole('heading', { level: 1, name: 'Coded Tools' })).toBeVisible();
  await expect(portal.getByText('No codes yet.')).toBeVisible();
  const codes = portal.getByRole('form', { name: 'Eligibility codes' });
  await codes.getByLabel('How many codes').fill('3');
  await codes.getByRole('button', { name: 'Mint codes' }).click();
  await expect(codes.getByText('Batch 1: 3 codes. They are shown this once', { exact: false })).toBeVisible();
  const minted = (await codes.getByLabel('New codes').inputValue()).split('\n');
  expect(minted).toHaveLength(3);
  expect(minted[0]).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
  const download = decodeURIComponent((await codes.getByRole('link', { name: 'Download as CSV' }).getAttribute('href'))!);
  expect(download).toBe(`data:text/csv;charset=utf-8,code\n${minted.join('\n')}\n`);
  const batches = portal.getByRole('table', { name: 'Batches of codes' });
  await expect(batches.getByRole('row').nth(1)).toContainText('fewer than 5');
  // shown once: the page drawn again lists the batch, not its codes
  await portal.goto('/business/portal');
  await expect(portal.getByRole('table', { name: 'Batches of codes' })).toContainText('1');
  await expect(portal.getByText(minted[0]!)).toHaveCount(0);
  await employer.close();
});
