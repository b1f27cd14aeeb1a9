import type { APIRequestContext, Browser } from '@playwright/test';
import { consentKinds, shareConsentKinds } from '@shop/core';
import { pdfText } from '../apps/api/test/pdf-text';
import { expect, test } from './fixtures';
import { mailTo, staff, staffPage } from './console-journey';
import { uniqueEmail } from './journey';

const password = 'Sup3r-secret!';

/**
 * Five employees of the group, each with their covered order, made through the API: they are not
 * who this test follows, and an employer is invoiced for five people or more (decision 0057).
 */
async function fiveCoveredOrders(browser: Browser, slug: string, codes: string[]) {
  for (const code of codes) {
    const employee = await browser.newContext();
    const request: APIRequestContext = employee.request;
    expect((await request.post('/api/checkout/account', { data: { email: uniqueEmail('employee'), password } })).status()).toBe(200);
    const proven = await request.post(`/api/employers/${slug}/eligibility`, { data: { goal: 'fatigue', proof: { method: 'code', code } } });
    expect(proven.status(), await proven.text()).toBe(200);
    const placed = await request.post('/api/checkout/orders', {
      data: { testedState: 'TX', consents: [...consentKinds, 'collect_health_data', ...shareConsentKinds], paymentMethod: 'covered' },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    await employee.close();
  }
}

// An operator sets up a group invoiced monthly and invites its admin, who creates their account from
// the e-mail and keeps the group's billing details in the portal. The month's invoice prints them
// with the seller and the bank details; the admin pays it by card with the test gateway, sees it
// paid, reads the receipt, and downloads the PDF. Turned prepaid, the group's bank takes funds by card,
// and by an invoice the admin asks for (without the page's script), reads in the e-mail and pays by card.
test('an employer admin sets billing details and pays the month’s invoice by card in the portal', async ({ browser }) => {
  test.slow();
  const tag = Date.now().toString(36);
  const slug = `paying-${tag}`;
  const groupName = `Paying Tools ${tag}`;
  const { context: operatorContext, page: console } = await staffPage(browser, staff.operator, '/admin/employers');
  const group = console.getByRole('form', { name: 'Employer group' });
  await group.getByLabel('Address (/b2b/…)').fill(slug);
  await group.getByLabel('Name employees know').fill(groupName);
  await group.getByLabel('Logo text').fill('PAY');
  await group.getByLabel('Eligibility codes (single use)').check();
  await group.getByRole('button', { name: 'Create group' }).click();
  await expect(console.getByRole('heading', { level: 1, name: groupName })).toBeVisible();
  const groupPage = new URL(console.url()).pathname;
  const codesForm = console.getByRole('form', { name: 'Eligibility codes' });
  await codesForm.getByLabel('How many codes').fill('5');
  await codesForm.getByRole('button', { name: 'Mint codes' }).click();
  const codes = (await console.getByLabel('New codes').inputValue()).trim().split(/\s+/);
  expect(codes).toHaveLength(5);

  const hr = uniqueEmail('hr');
  const admins = console.getByRole('form', { name: 'Employer admins' });
  await admins.getByLabel('E-mail of the admin').fill(hr);
  await admins.getByRole('button', { name: 'Invite admin' }).click();
  await expect(admins.getByText(`Invitation e-mailed to ${hr}.`, { exact: false })).toBeVisible();

  // the admin creates their account from the invitation's link and lands in the portal
  const invitation = await mailTo(browser, hr, `You are invited to the ${groupName} employer portal`);
  const link = new URL(/https?:\/\/\S+\/business\/portal\/accept\?token=\S+/.exec(invitation)![0]);
  const employer = await browser.newContext();
  const portal = await employer.newPage();
  await portal.goto(link.pathname + link.search);
  const account = portal.getByRole('form', { name: 'Create your account' });
  await portal.waitForLoadState('networkidle');
  await account.getByLabel('Password', { exact: true }).fill(password);
  await account.getByLabel('Repeat password').fill(password);
  await account.getByRole('button', { name: 'Accept the invitation' }).click();
  await expect(portal.getByRole('heading', { level: 1, name: groupName })).toBeVisible();

  // billing details: a ZIP of another state is refused with its reason, then saved
  await portal.getByRole('link', { name: /Pay invoices, set your billing details/ }).click();
  await expect(portal.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
  await portal.waitForLoadState('networkidle');
  const details = portal.getByRole('form', { name: 'Billing details' });
  await details.getByLabel('Street address').fill('1 Main Street');
  await details.getByLabel('Suite, floor (optional)').fill('Floor 2');
  await details.getByLabel('City').fill('Springfield');
  await details.getByLabel('State').selectOption('IL');
  await details.getByLabel('ZIP code').fill('10001');
  await details.getByLabel('Accounts-payable e-mail').fill('ap@paying.example');
  await details.getByLabel('PO number (optional)').fill('PO-7788');
  await details.getByRole('button', { name: 'Save billing details' }).click();
  await expect(details.getByText('This ZIP code is not in IL. Please check the state and the ZIP code.')).toBeVisible();
  await details.getByLabel('ZIP code').fill('62701');
  await details.getByRole('button', { name: 'Save billing details' }).click();
  await expect(details.getByText('Billing details saved.', { exact: false })).toBeVisible();

  // the operator's employer page shows them
  await console.goto(groupPage);
  await expect(console.getByRole('heading', { name: 'Billing details' })).toBeVisible();
  await expect(console.getByText('1 Main Street, Floor 2, Springfield, IL 62701')).toBeVisible();
  await expect(console.getByText('ap@paying.example')).toBeVisible();
  await expect(console.getByText('PO-7788')).toBeVisible();
  await operatorContext.close();

  // five covered orders, then the month's invoice, as the job issues it once the month is over
  await fiveCoveredOrders(browser, slug, codes);
  const now = new Date();
  const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 2));
  const invoiced = await portal.request.post('/api/test-clock/employers/invoices', { data: { at: nextMonth.toISOString() } });
  expect(await invoiced.json()).toEqual({ issued: 1 });

  await portal.reload();
  const invoices = portal.getByRole('list', { name: 'Invoices, newest first' });
  const row = invoices.getByRole('listitem');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('$399.75');
  await expect(row).toContainText(/Open · due \d{4}-\d{2}-\d{2}/);
  const number = (await row.getAttribute('aria-label')) ?? '';
  expect(number).toMatch(/^INV-\d+$/);
  const transfer = portal.getByRole('region', { name: 'Paying by bank transfer' });
  await expect(transfer).toContainText('Routing number (ABA): 110000000');

  // a declined card leaves it open; the next card pays it, once
  await row.getByRole('link', { name: `Pay by card ${number}` }).click();
  await expect(portal.getByRole('heading', { level: 1, name: `Invoice ${number}` })).toBeVisible();
  await portal.waitForLoadState('networkidle');
  const cardForm = portal.getByRole('form', { name: `Pay ${number} by card` });
  await cardForm.getByLabel('Card number').fill('4000 0000 0000 0002');
  await cardForm.getByLabel('Expiry (MM/YY)').fill('12/34');
  await cardForm.getByLabel('Security code').fill('123');
  await cardForm.getByRole('button', { name: 'Pay $399.75' }).click();
  await expect(
    portal.getByText('Your card was declined. Nothing was charged and the invoice is still open.', { exact: false }),
  ).toBeVisible();
  await cardForm.getByLabel('Card number').fill('4242 4242 4242 4242');
  await cardForm.getByLabel('Expiry (MM/YY)').fill('12/34');
  await cardForm.getByLabel('Security code').fill('123');
  await cardForm.getByRole('button', { name: 'Pay $399.75' }).click();
  await expect(portal.getByText('Paid: $399.75 by Visa ending 4242.', { exact: false })).toBeVisible();
  await portal.getByRole('link', { name: 'Back to billing' }).click();
  const today = new Date().toISOString().slice(0, 10);
  await expect(invoices.getByRole('listitem', { name: number })).toContainText(`Paid on ${today} by card`);
  await expect(invoices.getByRole('link', { name: `Pay by card ${number}` })).toHaveCount(0);

  // the receipt, in the outbox
  const receipt = await mailTo(browser, hr, `Receipt: invoice ${number} of ${groupName} is paid`);
  expect(receipt).toContain(`We received $399.75 for invoice ${number} of ${groupName}`);
  expect(receipt).toContain('paid by card (Visa ending 4242)');

  // the PDF: the seller, the buyer with its billing details and PO, and how to pay
  const download = portal.waitForEvent('download');
  await invoices.getByRole('link', { name: `PDF of ${number}` }).click();
  const pdf = await (await download).path();
  const { readFile } = await import('node:fs/promises');
  const text = (await pdfText(new Uint8Array(await readFile(pdf)))).replace(/\s+/g, ' ');
  for (const expected of [
    `Invoice ${number}`,
    'From Base Health Example, Inc. (example seller)',
    `Billed to ${groupName}`,
    '1 Main Street',
    'Springfield, IL 62701',
    'Accounts payable: ap@paying.example',
    'PO number: PO-7788',
    'Total',
    '$399.75',
    '/business/portal/billing',
    `quoting ${number}`,
    'Routing number (ABA): 110000000',
    'Account number: 000123456789',
  ]) {
    expect(text).toContain(expected);
  }

  // the group turns prepaid: the admin adds funds to its testing bank by card, credited once
  const { context: later } = await staffPage(browser, staff.operator, groupPage);
  const prepaid = await later.request.put(`/api${groupPage}/billing-mode`, { data: { mode: 'prepaid' } });
  expect(prepaid.status(), await prepaid.text()).toBe(200);
  await portal.reload();
  await portal.getByRole('link', { name: 'Add funds by card' }).click();
  await expect(portal.getByRole('heading', { level: 1, name: 'Add funds to your testing bank' })).toBeVisible();
  await portal.waitForLoadState('networkidle');
  const funds = portal.getByRole('form', { name: 'Add funds by card' });
  await funds.getByLabel('Amount (USD)').fill('50');
  await funds.getByLabel('Card number').fill('4242 4242 4242 4242');
  await funds.getByLabel('Expiry (MM/YY)').fill('12/34');
  await funds.getByLabel('Security code').fill('123');
  await funds.getByRole('button', { name: 'Add funds' }).click();
  await expect(portal.getByText('Please enter an amount from $100.00 to $25,000.00')).toBeVisible();
  await funds.getByLabel('Amount (USD)').fill('500');
  await funds.getByRole('button', { name: 'Add funds' }).click();
  await expect(portal.getByText('$500.00 added to your testing bank by Visa ending 4242.')).toBeVisible();
  const ledger = await later.request.get(`/api${groupPage}/bank`);
  const bank = (await ledger.json()) as { balanceCents: number; entries: { kind: string; amountCents: number; reference: string }[] };
  expect(bank.balanceCents).toBe(50_000);
  expect(bank.entries.filter((entry) => entry.kind === 'top_up')).toEqual([
    expect.objectContaining({ amountCents: 50_000, reference: expect.stringMatching(/^pi_test_/) }),
  ]);
  await portal.getByRole('link', { name: 'Back to billing' }).click();
  await expect(portal.getByRole('region', { name: 'Testing bank' })).toContainText('$500.00');

  // a top-up by invoice, asked for without the page's script: an amount out of bounds is refused, then it is issued
  const plain = await browser.newContext({ javaScriptEnabled: false, storageState: await employer.storageState() });
  const noScript = await plain.newPage();
  await noScript.goto('/business/portal/billing');
  const asking = noScript.getByRole('form', { name: 'Top up by invoice' });
  await asking.getByLabel('Amount to invoice (USD)').fill('30000');
  await asking.getByRole('button', { name: 'Ask for an invoice' }).click();
  await expect(noScript.getByText('Please enter an amount from $100.00 to $25,000.00')).toBeVisible();
  await noScript.getByRole('form', { name: 'Top up by invoice' }).getByLabel('Amount to invoice (USD)').fill('1200');
  await noScript.getByRole('form', { name: 'Top up by invoice' }).getByRole('button', { name: 'Ask for an invoice' }).click();
  await expect(noScript.getByText(/Invoice INV-\d+ of \$1,200\.00 is issued/)).toBeVisible();
  await plain.close();

  // listed with its kind, e-mailed to the admin, paid by card in the portal: the bank is credited once, under its number
  await portal.reload();
  const topUpRow = invoices.getByRole('listitem').filter({ hasText: 'Bank top-up' });
  await expect(topUpRow).toHaveCount(1);
  await expect(topUpRow).toContainText('$1,200.00');
  await expect(topUpRow).toContainText(/Open · due \d{4}-\d{2}-\d{2}/);
  await expect(invoices.getByRole('listitem', { name: number })).toContainText('Covered tests');
  const topUpNumber = (await topUpRow.getAttribute('aria-label')) ?? '';
  expect(topUpNumber).toMatch(/^INV-\d+$/);
  const issued = await mailTo(browser, hr, `Invoice ${topUpNumber} of ${groupName}: testing bank top-up`);
  expect(issued).toContain(`INV-${topUpNumber.slice(4)}, $1,200.00`);
  expect(issued).toContain('The testing bank is credited with $1,200.00 once it is paid.');
  await topUpRow.getByRole('link', { name: `Pay by card ${topUpNumber}` }).click();
  await expect(portal.getByRole('heading', { level: 1, name: `Invoice ${topUpNumber}` })).toBeVisible();
  await expect(portal.getByText('Bank top-up: your testing bank is credited with $1,200.00 once this invoice is paid.')).toBeVisible();
  await portal.waitForLoadState('networkidle');
  const topUpCard = portal.getByRole('form', { name: `Pay ${topUpNumber} by card` });
  await topUpCard.getByLabel('Card number').fill('4242 4242 4242 4242');
  await topUpCard.getByLabel('Expiry (MM/YY)').fill('12/34');
  await topUpCard.getByLabel('Security code').fill('123');
  await topUpCard.getByRole('button', { name: 'Pay $1,200.00' }).click();
  await expect(portal.getByText('Paid: $1,200.00 by Visa ending 4242.', { exact: false })).toBeVisible();
  await portal.getByRole('link', { name: 'Back to billing' }).click();
  await expect(invoices.getByRole('listitem', { name: topUpNumber })).toContainText(`Paid on ${today} by card`);
  // the live balance moves with each employee's order, so the portal never shows it (decision 0057): the console does
  await expect(portal.getByRole('region', { name: 'Testing bank' })).not.toContainText('$1,700.00');
  const topUpReceipt = await mailTo(browser, hr, `Receipt: invoice ${topUpNumber} of ${groupName} is paid`);
  expect(topUpReceipt).toContain('$1,200.00 is added to your testing bank.');
  const credited = (await (await later.request.get(`/api${groupPage}/bank`)).json()) as typeof bank;
  expect(credited.balanceCents).toBe(170_000);
  expect(credited.entries.filter((entry) => entry.kind === 'top_up' && entry.reference === topUpNumber)).toEqual([
    expect.objectContaining({ amountCents: 120_000 }),
  ]);
  await later.close();
  await employer.close();
});
