import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { staff, staffPage } from './console-journey';
import { authorizeResults, chooseTestedState, pay, uniqueEmail } from './journey';

/**
 * An operator makes a prepaid group of coded eligibility, mints one code and tops its bank up with
 * $10, less than a test: the console's page stays open for more.
 */
async function prepaidGroupShortOfATest(browser: Browser) {
  const slug = `bank-${Date.now().toString(36)}`;
  const { context, page: console } = await staffPage(browser, staff.operator, '/admin/employers');
  const group = console.getByRole('form', { name: 'Employer group' });
  await group.getByLabel('Address (/b2b/…)').fill(slug);
  await group.getByLabel('Name employees know').fill('Bank Tools');
  await group.getByLabel('Logo text').fill('BANK');
  await group.getByLabel('Eligibility codes (single use)').check();
  await group.getByRole('button', { name: 'Create group' }).click();
  await expect(console.getByRole('heading', { level: 1, name: 'Bank Tools' })).toBeVisible();
  const codes = console.getByRole('form', { name: 'Eligibility codes' });
  await codes.getByLabel('How many codes').fill('1');
  await codes.getByRole('button', { name: 'Mint codes' }).click();
  const code = (await console.getByLabel('New codes').inputValue()).trim();

  const billing = console.getByRole('region', { name: 'Billing' });
  await billing.getByLabel('Billing mode').selectOption('prepaid');
  await billing.getByRole('button', { name: 'Save billing mode' }).click();
  await expect(console.getByText('Covered orders now draw on the prepaid testing bank.')).toBeVisible();
  const topUp = console.getByRole('form', { name: 'Record a top-up' });
  await topUp.getByLabel('Top-up amount ($)').fill('10');
  await topUp.getByLabel('Payment reference').fill('WIRE-1');
  await topUp.getByRole('button', { name: 'Record top-up' }).click();
  await expect(console.getByText('$10.00 recorded. The bank holds $10.00.')).toBeVisible();
  return { slug, code, context, console, billing, topUp };
}

/** The employee proves the group's code and lands on its covered checkout. */
async function employeeAtCheckout(page: Page, slug: string, code: string) {
  await page.goto(`/b2b/${slug}`);
  await page.getByRole('link', { name: 'Choose Fatigue' }).click();
  await page.waitForLoadState('networkidle');
  const proof = page.getByRole('form', { name: 'Confirm your cover' });
  await proof.getByLabel('E-mail', { exact: true }).fill(uniqueEmail('employee'));
  await proof.getByLabel('Password').fill('Sup3r-secret!');
  await proof.getByLabel('Eligibility code').fill(code);
  await proof.getByRole('button', { name: 'Continue to your covered test' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout for Bank Tools' })).toBeVisible();
}

// An operator makes a group prepaid and records a top-up too small for a test: the employee's
// checkout says the budget cannot cover it before anything is typed, and offers nothing to place but the normal price;
// after a second top-up their $0 order draws on the bank, which the console's ledger and the
// balance show; an operator's correction then takes the rest off, with its reason in the ledger.
test('a prepaid employer group’s covered order draws on its testing bank, and is refused when the bank is short', async ({
  browser,
  page,
}) => {
  test.slow();
  const { slug, code, context, console, billing, topUp } = await prepaidGroupShortOfATest(browser);

  await employeeAtCheckout(page, slug, code);
  await page.waitForLoadState('networkidle');
  // the summary says what placing the order would do: the bank is short, so nothing is offered to place or pay
  await expect(page.getByText('Your employer’s prepaid testing budget cannot cover this test right now', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Place covered order' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Pay / })).toHaveCount(0);
  // the normal price is offered as what they would pay, never as covered
  await expect(page.getByText('You can still buy the test at its normal price. You would pay $79.95 today.')).toBeVisible();
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(summary.getByRole('definition').filter({ hasText: '$79.95' }).last()).toBeVisible();
  await expect(summary.getByText('Total at the normal price')).toBeVisible();
  await expect(summary).not.toContainText('Covered by');

  await topUp.getByLabel('Top-up amount ($)').fill('79.95');
  await topUp.getByLabel('Payment reference').fill('WIRE-2');
  await topUp.getByRole('button', { name: 'Record top-up' }).click();
  await expect(console.getByText('$79.95 recorded. The bank holds $89.95.')).toBeVisible();

  await page.reload();
  await page.waitForLoadState('networkidle');
  await expect(page.getByText(/covers this order in full/)).toBeVisible();
  await chooseTestedState(page);
  await authorizeResults(page);
  await page.getByRole('button', { name: 'Place covered order' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your order is placed' })).toBeVisible();

  await console.reload();
  await expect(billing.getByText('Testing bank balance: $10.00')).toBeVisible();
  await expect(billing.getByRole('row', { name: /Covered order/ })).toContainText('-$79.95');
  // the draw names the order by the number people read, and opens it in the console
  const number = /Order #(\d+)/.exec((await page.getByText(/Order #\d+/).textContent()) ?? '')?.[1];
  expect(number).toBeTruthy();
  const drawn = billing.getByRole('row', { name: /Covered order/ }).getByRole('link', { name: `Order #${number}` });
  await expect(drawn).toHaveAttribute('href', /^\/admin\/orders\/[0-9a-f-]{36}$/);

  // a correction takes money off with its reason, and never more than the bank holds
  const correction = console.getByRole('form', { name: 'Record a correction' });
  await correction.getByLabel('Amount to take off ($)').fill('10.01');
  await correction.getByLabel('Correction reference').fill('WIRE-1');
  await correction.getByLabel('Reason').fill('The first transfer was recorded in error');
  await correction.getByRole('button', { name: 'Record correction' }).click();
  await expect(console.getByText('The bank holds $10.00: a correction cannot take more than that, so nothing was changed.')).toBeVisible();
  await correction.getByLabel('Amount to take off ($)').fill('10');
  await correction.getByRole('button', { name: 'Record correction' }).click();
  await expect(console.getByText('$10.00 taken off. The bank holds $0.00.')).toBeVisible();
  await expect(billing.getByText('Testing bank balance: $0.00')).toBeVisible();
  const corrected = billing.getByRole('row', { name: /Correction/ });
  await expect(corrected).toContainText('The first transfer was recorded in error');
  await expect(corrected).toContainText('-$10.00');
  await context.close();
});

// The employee the short bank refuses takes the normal price: the cover comes off the cart, the
// ordinary checkout takes the card, and the bank is not drawn on.
test('an employee a short prepaid bank refuses buys the test at its normal price instead', async ({ browser, page }) => {
  test.slow();
  const { slug, code, context, console, billing } = await prepaidGroupShortOfATest(browser);
  await employeeAtCheckout(page, slug, code);
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: 'Buy at the normal price' }).click();

  await expect(page).toHaveURL(/\/checkout-payment$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout', exact: true })).toBeVisible();
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(summary).not.toContainText('Covered by');
  await expect(summary.getByText('Total due today')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('button', { name: 'Pay $79.95' })).toBeVisible();
  await pay(page, '4242 4242 4242 4242');
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();

  await console.reload();
  await expect(billing.getByText('Testing bank balance: $10.00')).toBeVisible();
  await expect(billing.getByRole('row', { name: /Covered order/ })).toHaveCount(0);
  await context.close();
});
