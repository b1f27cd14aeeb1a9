import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { staff, staffPage } from './console-journey';
import { expectAccessible, pay, uniqueEmail } from './journey';

/** A clinic signed up by its first admin, whose dashboard the page then shows. */
async function signUpClinic(page: Page, clinic: string, adminEmail: string) {
  await page.goto('/providers/sign-up');
  await page.waitForLoadState('networkidle');
  await page.getByLabel('Clinic name').fill(clinic);
  await page.getByLabel('Type of clinic').selectOption('functional_medicine');
  await page.getByLabel('Street address').fill('12 Main Street');
  await page.getByLabel('City').fill('Austin');
  await page.getByLabel('State', { exact: true }).selectOption('TX');
  await page.getByLabel('ZIP code').fill('73301');
  await page.getByLabel('Full name').fill('Ana Green');
  await page.getByLabel('Work e-mail address').fill(adminEmail);
  await page.getByLabel('Password').fill('Clinic-passw0rd!');
  await page.getByRole('button', { name: 'Create my free dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: clinic })).toBeVisible();
}

async function addClient(page: Page, clientEmail: string) {
  const add = page.getByRole('form', { name: 'Add a client' });
  await add.getByLabel('First name').fill('Maya');
  await add.getByLabel('Last name').fill('Lopez');
  await add.getByLabel('E-mail address').fill(clientEmail);
  await add.getByLabel('Date of birth').fill('1985-06-01');
  await add.getByLabel('US state').selectOption('CA');
  await add.getByRole('button', { name: 'Add client' }).click();
  await expect(add.getByText('Maya Lopez is added to your clients.', { exact: false })).toBeVisible();
}

/** The pay link of the client's e-mail, read from the shop's outbox as its recipient would read it. */
async function payLinkOf(browser: Browser, clinic: string, clientEmail: string): Promise<URL> {
  const { context: operator, page: console } = await staffPage(browser, staff.operator, '/admin/outbox');
  let link: URL | undefined;
  await expect
    .poll(async () => {
      const outbox = await console.request.get(`/api/admin/outbox?to=${encodeURIComponent(clientEmail)}`);
      const { emails } = (await outbox.json()) as { emails: Array<{ subject: string; text: string }> };
      const mail = emails.find((email) => email.subject === `${clinic} ordered health tests for you`);
      const found = mail?.text.match(/https?:\/\/\S+\/checkout-practitioners\?token=\S+/)?.[0];
      link = found ? new URL(found) : undefined;
      return link !== undefined;
    })
    .toBe(true);
  await operator.close();
  return link!;
}

// A clinic's admin adds a client and orders tests the client pays for; the client pays from the
// link in their e-mail, and the dashboard shows the link paid; the order is in the client's account.
// Each journey is two people's, with the outbox read and a payment: longer than the default minute
// on a busy machine, so both are marked slow.
test('a clinic admin sends a client-pay order, the client pays from the e-mail, and the dashboard shows it paid', async ({
  browser,
  page,
}) => {
  test.slow();
  const tag = Date.now().toString(36);
  const clinic = `Pay Link Clinic ${tag}`;
  await signUpClinic(page, clinic, `ana@paylink-${tag}.example`);

  const clientEmail = uniqueEmail('paying-client');
  await addClient(page, clientEmail);

  const order = page.getByRole('form', { name: 'Order tests for a client' });
  // nothing chosen: the form says what is missing and sends nothing
  await order.getByLabel('Client', { exact: true }).selectOption({ label: `Lopez, Maya (${clientEmail})` });
  await order.getByRole('button', { name: 'Send to client' }).click();
  await expect(order.getByText('Please choose at least one test')).toBeVisible();
  await order.getByRole('checkbox', { name: /Cortisol Test/ }).check();
  await order.getByRole('checkbox', { name: /Food Allergy/i }).check();
  await order.getByRole('button', { name: 'Send to client' }).click();
  await expect(order.getByText('Sent to Maya Lopez: an e-mail with a link to pay', { exact: false })).toBeVisible();
  const clients = page.getByRole('list', { name: 'Your clients' });
  await expect(clients.getByRole('list', { name: 'Orders' })).toContainText('Sent');
  await expectAccessible(page);

  const link = await payLinkOf(browser, clinic, clientEmail);

  const paying = await browser.newContext();
  const client = await paying.newPage();
  await client.goto(link.pathname + link.search);
  await expect(client.getByRole('heading', { level: 1, name: 'Checkout for your practitioner’s order' })).toBeVisible();
  const summary = client.getByRole('region', { name: `Ordered by ${clinic}` });
  await expect(summary).toContainText('Cortisol Test');
  await expect(summary).toContainText('$254.95');
  await expect(summary).toContainText('If they decline it, everything you paid is refunded to your card.');
  await expectAccessible(client);
  await client.waitForLoadState('networkidle');

  // the dashboard sees the link opened
  await page.reload();
  await expect(page.getByRole('list', { name: 'Your clients' }).getByRole('list', { name: 'Orders' })).toContainText('Opened');

  await client.getByLabel('Password').fill('Client-passw0rd!');
  await pay(client, '4242 4242 4242 4242');
  await expect(client.getByRole('heading', { name: 'Payment successful' })).toBeVisible();

  // the dashboard shows the link paid, with the client's order of the shop
  await page.reload();
  const orders = page.getByRole('list', { name: 'Your clients' }).getByRole('list', { name: 'Orders' });
  await expect(orders).toContainText('Paid');
  const number = /order (\d+)/.exec((await orders.textContent()) ?? '')?.[1];
  expect(number).toBeTruthy();

  // the order is the client's, in their account
  await client.goto('/account');
  await expect(client.getByRole('link', { name: `Order #${number}` })).toBeVisible();

  // the link now says it is paid, and cannot be paid again
  await client.goto(link.pathname + link.search);
  await expect(client.getByText('This order is already paid. Thank you!')).toBeVisible();
  await paying.close();

  // the admin who sent the link is told by e-mail that the client paid, with the order's number
  const { context: again, page: outboxPage } = await staffPage(browser, staff.operator, '/admin/outbox');
  await expect
    .poll(async () => {
      const outbox = await outboxPage.request.get(`/api/admin/outbox?to=${encodeURIComponent(`ana@paylink-${tag}.example`)}`);
      const { emails } = (await outbox.json()) as { emails: Array<{ subject: string; text: string }> };
      return emails
        .filter((email) => email.subject === 'Maya Lopez paid their tests')
        .map((email) => email.text.includes(`order ${number}`));
    })
    .toEqual([true]);
  await again.close();
});

// The clinic adds its own fee: the client sees it as its own line with the clinic's name, pays it
// with the tests from the e-mail, and the clinic's admin sees it owed in the fee ledger.
test('a clinic admin sends a custom-fee order, the client pays it from the e-mail, and the fee is the clinic’s', async ({
  browser,
  page,
}) => {
  test.slow();
  const tag = Date.now().toString(36);
  const clinic = `Fee Clinic ${tag}`;
  await signUpClinic(page, clinic, `ana@fee-${tag}.example`);
  const clientEmail = uniqueEmail('fee-client');
  await addClient(page, clientEmail);

  const order = page.getByRole('form', { name: 'Order tests for a client' });
  await order.getByLabel('Client', { exact: true }).selectOption({ label: `Lopez, Maya (${clientEmail})` });
  await order.getByRole('checkbox', { name: /Cortisol Test/ }).check();
  await order.getByRole('radio', { name: 'Client pays, plus your fee' }).check();
  // out of bounds: a clear message, and nothing is sent
  await order.getByLabel(/Your fee/).fill('600');
  await order.getByRole('button', { name: 'Send to client' }).click();
  await expect(order.getByText('Please enter a fee from $0.00 to $500.00')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Your clients' }).getByRole('list', { name: 'Orders' })).toHaveCount(0);
  await order.getByRole('checkbox', { name: /Cortisol Test/ }).check();
  await order.getByRole('radio', { name: 'Client pays, plus your fee' }).check();
  await order.getByLabel(/Your fee/).fill('25');
  await order.getByRole('button', { name: 'Send to client' }).click();
  await expect(order.getByText('a link to pay $104.95 (your fee of $25.00 included)', { exact: false })).toBeVisible();

  const link = await payLinkOf(browser, clinic, clientEmail);
  const paying = await browser.newContext();
  const client = await paying.newPage();
  await client.goto(link.pathname + link.search);
  const summary = client.getByRole('region', { name: `Ordered by ${clinic}` });
  await expect(summary.getByRole('listitem').filter({ hasText: `Interpretation fee — ${clinic}` })).toContainText('$25.00');
  await expect(summary).toContainText('$104.95');
  await expect(summary).toContainText('everything you paid is refunded to your card, your clinic’s fee included.');
  await expectAccessible(client);
  await client.waitForLoadState('networkidle');
  await client.getByLabel('Password').fill('Client-passw0rd!');
  await pay(client, '4242 4242 4242 4242');
  await expect(client.getByRole('heading', { name: 'Payment successful' })).toBeVisible();

  // the fee is a line of the client's order, in its total
  await client.goto('/account');
  await client
    .getByRole('link', { name: /Order #\d+/ })
    .first()
    .click();
  await expect(client.getByText(`Interpretation fee — ${clinic}`)).toBeVisible();
  await expect(client.getByText('Total $104.95')).toBeVisible();
  await paying.close();

  // the clinic's admin sees it earned and owed
  await page.reload();
  const fees = page.getByRole('region', { name: 'Your fees' });
  await expect(fees.getByRole('definition').last()).toHaveText('$25.00');
  await expect(fees.getByRole('row').filter({ hasText: 'Maya Lopez' })).toContainText('Earned');
  await expectAccessible(page);
});
