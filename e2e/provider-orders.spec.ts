import { expect, test } from './fixtures';
import { staff, staffPage } from './console-journey';
import { expectAccessible, pay, uniqueEmail } from './journey';

// A clinic's admin adds a client and orders tests the client pays for; the client pays from the
// link in their e-mail, and the dashboard shows the link paid; the order is in the client's account.
test('a clinic admin sends a client-pay order, the client pays from the e-mail, and the dashboard shows it paid', async ({
  browser,
  page,
}) => {
  const tag = Date.now().toString(36);
  const clinic = `Pay Link Clinic ${tag}`;
  await page.goto('/providers/sign-up');
  await page.waitForLoadState('networkidle');
  await page.getByLabel('Clinic name').fill(clinic);
  await page.getByLabel('Type of clinic').selectOption('functional_medicine');
  await page.getByLabel('Street address').fill('12 Main Street');
  await page.getByLabel('City').fill('Austin');
  await page.getByLabel('State', { exact: true }).selectOption('TX');
  await page.getByLabel('ZIP code').fill('73301');
  await page.getByLabel('Full name').fill('Ana Green');
  await page.getByLabel('Work e-mail address').fill(`ana@paylink-${tag}.example`);
  await page.getByLabel('Password').fill('Clinic-passw0rd!');
  await page.getByRole('button', { name: 'Create my free dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: clinic })).toBeVisible();

  const clientEmail = uniqueEmail('paying-client');
  const add = page.getByRole('form', { name: 'Add a client' });
  await add.getByLabel('First name').fill('Maya');
  await add.getByLabel('Last name').fill('Lopez');
  await add.getByLabel('E-mail address').fill(clientEmail);
  await add.getByLabel('Date of birth').fill('1985-06-01');
  await add.getByLabel('US state').selectOption('CA');
  await add.getByRole('button', { name: 'Add client' }).click();
  await expect(add.getByText('Maya Lopez is added to your clients.', { exact: false })).toBeVisible();

  const order = page.getByRole('form', { name: 'Order tests for a client' });
  // nothing chosen: the form says what is missing and sends nothing
  await order.getByLabel('Client').selectOption({ label: `Lopez, Maya (${clientEmail})` });
  await order.getByRole('button', { name: 'Send to client' }).click();
  await expect(order.getByText('Please choose at least one test')).toBeVisible();
  await order.getByRole('checkbox', { name: /Cortisol Test/ }).check();
  await order.getByRole('checkbox', { name: /Food Allergy/i }).check();
  await order.getByRole('button', { name: 'Send to client' }).click();
  await expect(order.getByText('Sent to Maya Lopez: an e-mail with a link to pay', { exact: false })).toBeVisible();
  const clients = page.getByRole('list', { name: 'Your clients' });
  await expect(clients.getByRole('list', { name: 'Orders' })).toContainText('Sent');
  await expectAccessible(page);

  // the client's e-mail, read from the shop's outbox as its recipient would read it
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

  const paying = await browser.newContext();
  const client = await paying.newPage();
  await client.goto(link!.pathname + link!.search);
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
  await client.goto(link!.pathname + link!.search);
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
