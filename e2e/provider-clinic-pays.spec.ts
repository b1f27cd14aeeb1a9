import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { staff, staffPage } from './console-journey';
import { expectAccessible, uniqueEmail } from './journey';
import { addClient, signUpClinic } from './provider-journey';

async function saveCard(page: Page, number: string, replace: boolean) {
  const panel = page.getByRole('region', { name: 'Clinic card' });
  await panel.getByLabel('Card number').fill(number);
  await panel.getByLabel('Expiry (MM/YY)').fill('12/34');
  await panel.getByLabel('Security code').fill('123');
  const form = panel.getByRole('form', { name: replace ? 'Replace the clinic card' : 'Add a clinic card' });
  await form.getByRole('button', { name: replace ? 'Replace card' : 'Save card' }).click();
  await expect(panel.getByText(`ending ${number.slice(-4)}, expires 12/34`)).toBeVisible();
}

/** The link of the client's e-mail about the order their clinic paid, read from the shop's outbox. */
async function clientLinkOf(browser: Browser, clinic: string, clientEmail: string) {
  const { context: operator, page: console } = await staffPage(browser, staff.operator, '/admin/outbox');
  let mail: { subject: string; text: string } | undefined;
  await expect
    .poll(async () => {
      const outbox = await console.request.get(`/api/admin/outbox?to=${encodeURIComponent(clientEmail)}`);
      const { emails } = (await outbox.json()) as { emails: Array<{ subject: string; text: string }> };
      mail = emails.find((email) => email.subject === `${clinic} ordered health tests for you`);
      return mail !== undefined;
    })
    .toBe(true);
  await operator.close();
  const found = mail!.text.match(/https?:\/\/\S+\/checkout-practitioners\?token=\S+/)?.[0];
  expect(found, mail!.text).toBeTruthy();
  return { text: mail!.text, link: new URL(found!) };
}

// The clinic pays: without a card the admin is told where to add one; a card that the bank then
// declines orders nothing, and the admin charges the order again once the card is replaced; the
// client is e-mailed the tests with no price, chooses a password from the link, and finds the paid
// order in their account, where they choose how to give their sample. No price anywhere they look.
test('a clinic pays its client’s order with its saved card, and the client opens it without seeing a price', async ({ browser, page }) => {
  test.slow();
  const tag = Date.now().toString(36);
  const clinic = `Clinic Pays ${tag}`;
  await signUpClinic(page, clinic, `ana@clinicpays-${tag}.example`);
  const clientEmail = uniqueEmail('clinic-paid-client');
  await addClient(page, clientEmail);

  const order = page.getByRole('form', { name: 'Order tests for a client' });
  const orderCortisol = async () => {
    await order.getByLabel('Client', { exact: true }).selectOption({ label: `Lopez, Maya (${clientEmail})` });
    await order.getByRole('checkbox', { name: /Cortisol Test/ }).check();
    await order.getByRole('radio', { name: 'Your clinic pays (saved card)' }).check();
    await order.getByRole('button', { name: 'Send to client' }).click();
  };
  // no card yet: the admin is told where to add one, and nothing is ordered
  await orderCortisol();
  await expect(order.getByText('Your clinic has no card yet. An admin can add one in Settings, under Clinic card.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Your clients' }).getByRole('list', { name: 'Orders' })).toHaveCount(0);

  // a card saved fine that the bank declines when charged: nothing is ordered, and the order waits
  await saveCard(page, '4000 0000 0000 0341', false);
  await orderCortisol();
  await expect(order.getByText('The clinic’s card was declined, so nothing was ordered.', { exact: false })).toBeVisible();
  await page.reload();
  const orders = page.getByRole('list', { name: 'Your clients' }).getByRole('list', { name: 'Orders' });
  await expect(orders).toContainText('Card declined');
  await expect(orders).toContainText('your clinic pays');
  await expectAccessible(page);

  // the admin replaces the card and charges the order again: paid, once
  await saveCard(page, '4242 4242 4242 4242', true);
  await orders.getByRole('button', { name: 'Charge the card again' }).click();
  await expect(orders.getByText('Paid by your clinic’s card.', { exact: false })).toBeVisible();
  await page.reload();
  await expect(orders).toContainText('Paid');
  const number = /order (\d+)/.exec((await orders.textContent()) ?? '')?.[1];
  expect(number).toBeTruthy();
  // the client lost the e-mail: it goes again with a new link, the one read below
  await orders.getByRole('button', { name: 'Send the client’s e-mail again' }).click();
  await expect(page.getByText('again, with a new link; the previous link no longer works.', { exact: false })).toBeVisible();

  // the client's e-mail: the tests, who paid, no price
  const { text, link } = await clientLinkOf(browser, clinic, clientEmail);
  expect(text).toContain(`${clinic} ordered these tests for you on Base, and paid for them`);
  expect(text).toContain(`Your order number is ${number}. There is nothing for you to pay.`);
  expect(text).not.toMatch(/\$\d/);

  const opening = await browser.newContext();
  const client = await opening.newPage();
  await client.goto(link.pathname + link.search);
  await expect(client.getByRole('heading', { level: 1, name: `Your tests from ${clinic}` })).toBeVisible();
  const summary = client.getByRole('region', { name: `Ordered by ${clinic}` });
  await expect(summary).toContainText('Cortisol Test');
  await expect(summary).toContainText(`Paid by ${clinic}`);
  await expect(summary).not.toContainText('$');
  await expectAccessible(client);
  await client.waitForLoadState('networkidle');
  const open = client.getByRole('form', { name: 'Open your order' });
  await open.getByRole('button', { name: 'Open my order' }).click();
  await expect(open.getByText('Please enter password')).toBeVisible();
  await open.getByLabel('Choose a password').fill('Client-passw0rd!');
  await open.getByRole('button', { name: 'Open my order' }).click();

  // the order, in the client's account: who paid, no price, and the next step is theirs
  await expect(client.getByRole('heading', { level: 1, name: `Order #${number}` })).toBeVisible();
  const items = client.getByRole('region', { name: 'Your order' });
  await expect(items).toContainText('Cortisol Test');
  await expect(items).toContainText(`Paid by ${clinic}`);
  await expect(client.locator('main')).not.toContainText('$');
  await client.getByRole('link', { name: 'Choose home kit or lab' }).click();
  const choice = client.getByRole('form', { name: 'Collection choice' });
  await choice.getByLabel('Full name').fill('Maya Lopez');
  await choice.getByLabel('Shipping address').fill('410 Congress Ave');
  await choice.getByLabel('City').fill('Austin');
  await choice.getByLabel('Zip code', { exact: true }).fill('78701');
  await choice.getByRole('button', { name: 'Confirm At-home Delivery' }).click();
  await client.goto('/account');
  await expect(client.getByText(`Paid by ${clinic}`)).toBeVisible();
  await client.getByRole('link', { name: `Order #${number}` }).click();
  await expect(client.getByRole('region', { name: 'Your order' })).toContainText('At-home Delivery');
  const orderId = new URL(client.url()).pathname.split('/').at(-1)!;
  await opening.close();

  // the operator follows the order to its clinic: the card on file and the order by its number, no client named
  const { context: operator, page: consolePage } = await staffPage(browser, staff.operator, `/admin/orders/${orderId}`);
  await consolePage.getByRole('link', { name: clinic, exact: true }).click();
  await expect(consolePage.getByRole('heading', { level: 1, name: clinic })).toBeVisible();
  await expect(consolePage.getByText('ending 4242, expires 12/34')).toBeVisible();
  const latest = consolePage.getByRole('table', { name: "The clinic's latest orders" });
  await expect(latest.getByRole('row', { name: new RegExp(`#${number}`) })).toContainText('Clinic (saved card)');
  await expect(latest).toContainText('Paid');
  await expect(consolePage.locator('body')).not.toContainText(clientEmail);
  await expectAccessible(consolePage);
  await operator.close();
});
