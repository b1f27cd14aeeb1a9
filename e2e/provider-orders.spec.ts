import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { staff, staffPage } from './console-journey';
import { expectAccessible, ok, pay, uniqueEmail } from './journey';
import { staffContext } from './program-journey';
import { addClient, sendClientPayLink, signUpClinic, signUpClinicByRequest } from './provider-journey';

/** The pay links of the client's e-mails, once there are `count` of them, read from the shop's outbox as their recipient would read them. */
async function payLinksOf(browser: Browser, clinic: string, clientEmail: string, count = 1): Promise<URL[]> {
  const { context: operator, page: console } = await staffPage(browser, staff.operator, '/admin/outbox');
  let links: URL[] = [];
  await expect
    .poll(async () => {
      const outbox = await console.request.get(`/api/admin/outbox?to=${encodeURIComponent(clientEmail)}`);
      const { emails } = (await outbox.json()) as { emails: Array<{ subject: string; text: string }> };
      links = emails
        .filter((email) => email.subject === `${clinic} ordered health tests for you`)
        .map((email) => email.text.match(/https?:\/\/\S+\/checkout-practitioners\?token=\S+/)?.[0])
        .filter((found) => found !== undefined)
        .map((found) => new URL(found));
      return links.length;
    })
    .toBe(count);
  await operator.close();
  return links;
}

/** The client's order on the dashboard says where it is: its stage, and what comes next when the timings say. */
async function expectWhereItIs(page: Page, stage: string, next?: RegExp) {
  await page.goto('/providers/dashboard');
  const orders = page.getByRole('list', { name: 'Your clients' }).getByRole('list', { name: 'Orders' });
  const whereItIs = orders.locator('p', { hasText: 'Where it is:' });
  await expect(whereItIs).toContainText(stage);
  if (next) await expect(whereItIs).toContainText(next);
  else await expect(whereItIs).not.toContainText(/ · /);
  await expect(orders.getByRole('list', { name: 'Stages reached' }).locator('[aria-current="step"]')).toContainText(stage);
}

/** The pay link of the client's one e-mail. */
const payLinkOf = async (browser: Browser, clinic: string, clientEmail: string) => (await payLinksOf(browser, clinic, clientEmail))[0]!;

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

// A clinic that holds results for review: the client's paid order goes through the lab, the client
// sees that the results are with their practitioner, the practitioner reads and releases them with
// a note, and the client reads them, with who ordered the test.
test('held results: the practitioner releases them with a note, and the client reads them', async ({ browser, page }) => {
  // the whole lifecycle from payment to results, by several people
  test.slow();
  const tag = Date.now().toString(36);
  const clinic = `Green Valley Clinic ${tag}`;
  const adminEmail = `ana@valley-${tag}.example`;
  await signUpClinicByRequest(page.request, clinic, adminEmail);
  // the admin holds every result for review, in the clinic's settings
  await page.goto('/providers/dashboard');
  await page.getByRole('radio', { name: 'Hold every result for the ordering practitioner to review and release' }).check();
  await page.getByRole('group', { name: 'Results release' }).locator('..').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved: hold every result', { exact: false })).toBeVisible();

  const clientEmail = uniqueEmail('results-client');
  const link = await sendClientPayLink(page, browser, clientEmail);
  const token = new URL(link, 'http://shop.test').searchParams.get('token')!;

  // the client pays and goes through the lab, as the results journey does
  const clientContext = await browser.newContext();
  const client = await clientContext.newPage();
  const request = client.request;
  await ok(await request.post('/api/pay-links/account', { data: { token, password: 'Client-passw0rd!' } }));
  const card = await ok(
    await request.post('/api/payments/test-gateway/payment-methods', {
      data: { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
    }),
  );
  const paid = await ok(
    await request.post('/api/pay-links/pay', {
      data: { token, paymentMethod: card.paymentMethod, consents: ['share_with_clinic'] },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    }),
  );
  const orderId = (paid.order as { id: string }).id;
  await expectWhereItIs(page, 'Paid');
  await ok(
    await request.post(`/api/orders/${orderId}/collection`, {
      data: { method: 'home', fullName: 'Rosa Diaz', shippingAddress: '1 Main St', city: 'Austin', zipCode: '78701' },
    }),
  );
  await ok(
    await request.put('/api/account/profile', {
      data: { fullName: 'Rosa Diaz', dateOfBirth: '1984-02-11', sex: 'female', state: 'TX', conditions: '', medications: '' },
    }),
  );
  const clinician = await staffContext(browser, staff.clinician);
  await ok(await clinician.request.post(`/api/admin/orders/${orderId}/approve`, { data: {} }));
  await clinician.close();
  const lab = await staffContext(browser, staff.operator);
  const shipped = await ok(
    await lab.request.post(`/api/admin/orders/${orderId}/kits/blood/ship`, {
      data: { trackingNumber: '1Z999AA10123456784' },
    }),
  );
  const code = (shipped.kits as { code: string | null }[]).find((kit) => kit.code)!.code!;
  await expectWhereItIs(page, 'Kit shipped', /Kit arrives \w{3} \d{1,2} – \w{3} \d{1,2}/);
  await ok(await request.post(`/api/orders/${orderId}/kits/register`, { data: { code } }));
  await ok(await lab.request.post(`/api/admin/orders/${orderId}/kits/blood/sample-received`, { data: {} }));
  await expectWhereItIs(page, 'Sample received by the lab', /Results expected \w{3} \d{1,2} – \w{3} \d{1,2}/);
  await ok(
    await lab.request.post(`/api/admin/orders/${orderId}/results/blood`, {
      // test-1, the Cholesterol & Lipids Test: the blood kit takes its four biomarkers and no other
      data: {
        results: [
          { biomarker: 'total-cholesterol', value: 180, unit: 'mg/dL' },
          { biomarker: 'ldl', value: 92, unit: 'mg/dL' },
          { biomarker: 'hdl', value: 55, unit: 'mg/dL' },
          { biomarker: 'triglycerides', value: 120, unit: 'mg/dL' },
        ],
      },
    }),
  );
  await lab.close();

  // held: the client is told who has them, and sees no value
  await client.goto(`/account/orders/${orderId}/results`);
  await expect(client.getByText(`Ordered by Dr. Ana Green — ${clinic}`)).toBeVisible();
  await expect(client.getByText('Your results are with your practitioner', { exact: false })).toBeVisible();
  await expect(client.getByRole('img', { name: /LDL cholesterol/i })).toHaveCount(0);

  // the practitioner reads them in the dashboard and releases them with a note
  await expectWhereItIs(page, 'Results held for review');
  await page.getByRole('link', { name: 'Review and release results' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Results of order #/ })).toBeVisible();
  await expect(page.getByRole('img', { name: /LDL cholesterol/i })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('A note for your client (optional)').fill('All within range. See you at your next visit.');
  await page.getByRole('button', { name: 'Release results' }).click();
  await expect(page.getByText('The results are released', { exact: false })).toBeVisible();
  await expectWhereItIs(page, 'Results released');

  // released: the client reads the values and the note
  await client.reload();
  await expect(client.getByText('Your results are with your practitioner', { exact: false })).toHaveCount(0);
  await expect(client.getByText('All within range. See you at your next visit.')).toBeVisible();
  await expect(client.getByRole('img', { name: /LDL cholesterol/i })).toBeVisible();
  await expect(client.getByText(`Ordered by Dr. Ana Green — ${clinic}`)).toBeVisible();
  await expectAccessible(client);
  await clientContext.close();
});

// The admin sends the link again (the first one stops working), then cancels the order: each answer
// stays on the order's row as the row changes, and the client's link says the order was cancelled.
test('a clinic admin sends a pay link again and cancels the order, and the client’s links say so', async ({ browser, page }) => {
  test.slow();
  const tag = Date.now().toString(36);
  const clinic = `Cancel Clinic ${tag}`;
  await signUpClinic(page, clinic, `ana@cancel-${tag}.example`);
  const clientEmail = uniqueEmail('cancelled-client');
  await addClient(page, clientEmail);
  const order = page.getByRole('form', { name: 'Order tests for a client' });
  await order.getByLabel('Client', { exact: true }).selectOption({ label: `Lopez, Maya (${clientEmail})` });
  await order.getByRole('checkbox', { name: /Cortisol Test/ }).check();
  await order.getByRole('button', { name: 'Send to client' }).click();
  await expect(order.getByText('Sent to Maya Lopez', { exact: false })).toBeVisible();
  const [first] = await payLinksOf(browser, clinic, clientEmail);

  const orders = page.getByRole('list', { name: 'Your clients' }).getByRole('list', { name: 'Orders' });
  await orders.getByRole('button', { name: 'Resend link' }).click();
  await expect(orders.getByText('A new link to pay is sent to Maya Lopez; the previous link no longer works.')).toBeVisible();
  const second = (await payLinksOf(browser, clinic, clientEmail, 2)).find((link) => link.href !== first!.href)!;

  await orders.getByRole('button', { name: 'Cancel' }).click();
  // the row loses its buttons with the order's new state; what the admin did stays on it
  await expect(orders.getByText('The order for Maya Lopez is cancelled: its link can no longer be paid.')).toBeVisible();
  await expect(orders).toContainText('Cancelled');
  await expect(orders.getByRole('button')).toHaveCount(0);
  await expectAccessible(page);

  const opening = await browser.newContext();
  const client = await opening.newPage();
  await client.goto(second.pathname + second.search);
  await expect(
    client.getByText('This payment link was cancelled by your practitioner. Please ask them if you should pay another way.'),
  ).toBeVisible();
  await client.goto(first!.pathname + first!.search);
  await expect(client.getByText('This payment link is not valid. Please ask your practitioner to send it again.')).toBeVisible();
  await opening.close();
});
