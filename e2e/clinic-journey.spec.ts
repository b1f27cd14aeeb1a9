import type { APIRequestContext, Browser } from '@playwright/test';
import { expect, test } from './fixtures';
import { mailTo, staff } from './console-journey';
import { ok, pay, uniqueEmail } from './journey';
import { staffContext } from './program-journey';
import { addClient, signUpClinic } from './provider-journey';

/** The first link to `path` in an e-mail's text, as a path and query to open in the browser. */
function linkIn(text: string, path: string) {
  const found = new RegExp(`https?://\\S+${path.replace(/[/?]/g, '\\$&')}\\S*`).exec(text)?.[0];
  expect(found, text).toBeTruthy();
  const url = new URL(found!);
  return url.pathname + url.search;
}

/**
 * The client's paid order of the Cholesterol & Lipids Test (the blood kit) taken through the lab, as
 * the shop's team and the client do it, through the API: they are not what this journey follows.
 * The client chooses a home kit and fills in the profile, a clinician approves, the kit ships and
 * comes back, and the lab's results are entered.
 */
async function throughTheLab(browser: Browser, client: APIRequestContext, orderId: string) {
  await ok(
    await client.post(`/api/orders/${orderId}/collection`, {
      data: { method: 'home', fullName: 'Rosa Diaz', shippingAddress: '1 Main St', city: 'Austin', zipCode: '78701' },
    }),
  );
  await ok(
    await client.put('/api/account/profile', {
      data: { fullName: 'Rosa Diaz', dateOfBirth: '1985-06-01', sex: 'female', state: 'TX', conditions: '', medications: '' },
    }),
  );
  const clinician = await staffContext(browser, staff.clinician);
  await ok(await clinician.request.post(`/api/admin/orders/${orderId}/approve`, { data: {} }));
  await clinician.close();
  const lab = await staffContext(browser, staff.operator);
  const shipped = await ok(
    await lab.request.post(`/api/admin/orders/${orderId}/kits/blood/ship`, { data: { trackingNumber: '1Z999AA10123456784' } }),
  );
  const code = (shipped.kits as { code: string | null }[]).find((kit) => kit.code)!.code!;
  await ok(await client.post(`/api/orders/${orderId}/kits/register`, { data: { code } }));
  await ok(await lab.request.post(`/api/admin/orders/${orderId}/kits/blood/sample-received`, { data: {} }));
  await ok(
    await lab.request.post(`/api/admin/orders/${orderId}/results/blood`, {
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
}

// The clinic journey from the first page to the last e-mail (issue 46). Every account is made
// through the pages, each person starting where they would: a practitioner asks for the free
// dashboard on /providers/home and signs the clinic up from the e-mail's link; she holds results
// for review and invites a staff member, who joins from the invitation's e-mail, adds a client and
// drafts an order. Then the three payers of the dashboard: the client pays by pay link, the clinic
// pays with its saved card, and a client pays the tests with the clinic's fee, which the dashboard
// shows earned. The first client's results are held until the practitioner releases them with a
// note; the client reads the e-mail that says so, and the results.
test('a clinic’s journey: lead, sign-up, staff, three payers, results held and released, and fees', async ({ browser, page }) => {
  test.slow();
  const tag = Date.now().toString(36);
  const clinic = `Juniper Clinic ${tag}`;
  const admin = `ana@juniper-${tag}.example`;

  // the practitioner asks for the dashboard, and signs up from the e-mail's link
  await page.goto('/providers/home');
  await page.waitForLoadState('networkidle');
  const lead = page.getByRole('form', { name: 'Get your free provider dashboard' });
  await lead.getByLabel('First name').fill('Ana');
  await lead.getByLabel('Last name').fill('Green');
  await lead.getByLabel('Email').fill(admin);
  await lead.getByRole('button', { name: 'Get started for free' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Thank you! We will e-mail you to set up your free provider dashboard.' }),
  ).toBeVisible();
  const setUp = await mailTo(browser, admin, 'Set up your free provider dashboard');
  expect(setUp).toContain('the client through a pay link, your clinic with its saved card, or the client with a fee you add');
  // signUpClinic opens the e-mail's link, the sign-up page
  expect(linkIn(setUp, '/providers/sign-up')).toBe('/providers/sign-up');
  await signUpClinic(page, clinic, admin);

  // every result is held for the ordering practitioner
  await page.getByRole('radio', { name: 'Hold every result for the ordering practitioner to review and release' }).check();
  await page.getByRole('group', { name: 'Results release' }).locator('..').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved: hold every result', { exact: false })).toBeVisible();

  // a staff member is invited, joins from the e-mail, adds a client and drafts an order for Ana
  const sam = uniqueEmail('clinic-staff');
  const invite = page.getByRole('form', { name: 'Invite a person' });
  await invite.getByLabel('Name').fill('Sam Rivera');
  await invite.getByLabel('E-mail address').fill(sam);
  await invite.getByLabel('Role').selectOption('staff');
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invite.getByText(`Invitation sent to ${sam}.`, { exact: false })).toBeVisible();
  const invitation = await mailTo(browser, sam, `You are invited to join ${clinic} on Base`);
  const staffContextOfSam = await browser.newContext();
  const member = await staffContextOfSam.newPage();
  await member.goto(linkIn(invitation, '/providers/invitation?token='));
  await expect(member.getByRole('heading', { level: 1, name: `Join ${clinic}` })).toBeVisible();
  await member.waitForLoadState('networkidle');
  await member.getByLabel('Password', { exact: true }).fill('Staff-passw0rd!');
  await member.getByLabel('Repeat password').fill('Staff-passw0rd!');
  await member.getByRole('button', { name: `Join ${clinic}` }).click();
  await expect(member.getByText('you are Sam Rivera, staff')).toBeVisible();
  const rosa = uniqueEmail('rosa');
  await addClient(member, rosa, { firstName: 'Rosa', lastName: 'Diaz', state: 'TX' });
  const draft = member.getByRole('form', { name: 'Draft an order for a practitioner' });
  await draft.getByLabel('Client', { exact: true }).selectOption({ label: `Diaz, Rosa (${rosa})` });
  await draft.getByLabel('Practitioner who sends it').selectOption({ label: 'Ana Green' });
  await draft.getByRole('checkbox', { name: /Cholesterol & Lipids/ }).check();
  await draft.getByRole('button', { name: 'Save draft' }).click();
  await expect(draft.getByText('Draft saved for Ana Green to send to Rosa Diaz.')).toBeVisible();
  await staffContextOfSam.close();

  // first payer, the client: Ana sends the draft, and Rosa pays from the e-mail's pay link
  await page.reload();
  await expect(page.getByRole('list', { name: 'Members' })).toContainText('Sam Rivera');
  const drafts = page.getByRole('list', { name: 'Drafts waiting' });
  await expect(drafts).toContainText('drafted by Sam Rivera for Ana Green');
  await drafts.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('region', { name: 'Drafts waiting' })).toContainText('Sent to Rosa Diaz: an e-mail with a link to pay');
  const payLink = await mailTo(browser, rosa, `${clinic} ordered health tests for you`);
  const rosaContext = await browser.newContext();
  const client = await rosaContext.newPage();
  await client.goto(linkIn(payLink, '/checkout-practitioners?token='));
  await expect(client.getByRole('heading', { level: 1, name: 'Checkout for your practitioner’s order' })).toBeVisible();
  await expect(client.getByRole('region', { name: `Ordered by ${clinic}` })).toContainText('Cholesterol & Lipids');
  await client.waitForLoadState('networkidle');
  await client.getByLabel('Password').fill('Client-passw0rd!');
  await pay(client, '4242 4242 4242 4242');
  await expect(client.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  // her order, in her account
  await client.goto('/account');
  const orderLink = await client.getByRole('link', { name: /Order #\d+/ }).getAttribute('href');
  const rosaOrder = /^\/account\/orders\/([^/?#]+)$/.exec(orderLink ?? '')?.[1] ?? '';
  expect(rosaOrder, orderLink ?? '').not.toBe('');

  // second payer, the clinic: Ana saves the clinic's card and orders for Lee, who opens the order from the e-mail
  const card = page.getByRole('region', { name: 'Clinic card' });
  await card.getByLabel('Card number').fill('4242 4242 4242 4242');
  await card.getByLabel('Expiry (MM/YY)').fill('12/34');
  await card.getByLabel('Security code').fill('123');
  await card.getByRole('form', { name: 'Add a clinic card' }).getByRole('button', { name: 'Save card' }).click();
  await expect(card.getByText('Visa ending 4242, expires 12/34')).toBeVisible();
  const lee = uniqueEmail('lee');
  await addClient(page, lee, { firstName: 'Lee', lastName: 'Park', state: 'TX' });
  const order = page.getByRole('form', { name: 'Order tests for a client' });
  await order.getByLabel('Client', { exact: true }).selectOption({ label: `Park, Lee (${lee})` });
  await order.getByRole('checkbox', { name: /Cortisol Test/ }).check();
  await order.getByRole('radio', { name: 'Your clinic pays (saved card)' }).check();
  await order.getByRole('button', { name: 'Send to client' }).click();
  await expect(order.getByText('Ordered for Lee Park, paid by your clinic’s card', { exact: false })).toBeVisible();
  const paidForLee = await mailTo(browser, lee, `${clinic} ordered health tests for you`);
  expect(paidForLee).toContain(`${clinic} ordered these tests for you on Base, and paid for them`);
  expect(paidForLee).not.toMatch(/\$\d/);
  const leeContext = await browser.newContext();
  const leePage = await leeContext.newPage();
  await leePage.goto(linkIn(paidForLee, '/checkout-practitioners?token='));
  await expect(leePage.getByRole('heading', { level: 1, name: `Your tests from ${clinic}` })).toBeVisible();
  await leePage.waitForLoadState('networkidle');
  const open = leePage.getByRole('form', { name: 'Open your order' });
  await open.getByLabel('Choose a password').fill('Client-passw0rd!');
  await open.getByRole('button', { name: 'Open my order' }).click();
  await expect(leePage.getByRole('heading', { level: 1, name: /^Order #\d+$/ })).toBeVisible();
  await expect(leePage.getByRole('region', { name: 'Your order' })).toContainText(`Paid by ${clinic}`);
  await leeContext.close();

  // third payer, the client with the clinic's fee: Kim pays the tests and the fee, which the dashboard shows earned
  const kim = uniqueEmail('kim');
  await addClient(page, kim, { firstName: 'Kim', lastName: 'Moss', state: 'TX' });
  await order.getByLabel('Client', { exact: true }).selectOption({ label: `Moss, Kim (${kim})` });
  await order.getByRole('checkbox', { name: /Cortisol Test/ }).check();
  await order.getByRole('radio', { name: 'Client pays, plus your fee' }).check();
  await order.getByLabel(/Your fee/).fill('25');
  await order.getByRole('button', { name: 'Send to client' }).click();
  await expect(order.getByText('a link to pay $104.95 (your fee of $25.00 included)', { exact: false })).toBeVisible();
  const feeLink = await mailTo(browser, kim, `${clinic} ordered health tests for you`);
  const kimContext = await browser.newContext();
  const kimPage = await kimContext.newPage();
  await kimPage.goto(linkIn(feeLink, '/checkout-practitioners?token='));
  const summary = kimPage.getByRole('region', { name: `Ordered by ${clinic}` });
  await expect(summary.getByRole('listitem').filter({ hasText: `Interpretation fee — ${clinic}` })).toContainText('$25.00');
  await expect(summary).toContainText('$104.95');
  await kimPage.waitForLoadState('networkidle');
  await kimPage.getByLabel('Password').fill('Client-passw0rd!');
  await pay(kimPage, '4242 4242 4242 4242');
  await expect(kimPage.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await kimContext.close();
  await page.reload();
  const fees = page.getByRole('region', { name: 'Your fees' });
  await expect(fees.getByRole('definition').last()).toHaveText('$25.00');
  await expect(fees.getByRole('row').filter({ hasText: 'Kim Moss' })).toContainText('Earned');
  const orders = page.getByRole('list', { name: 'Your clients' }).getByRole('list', { name: 'Orders' });
  await expect(orders.filter({ hasText: 'your clinic pays' })).toContainText('Paid');

  // Rosa's results are held for Ana, who releases them with a note
  await throughTheLab(browser, client.request, rosaOrder);
  await client.goto(`/account/orders/${rosaOrder}/results`);
  await expect(client.getByText('Your results are with your practitioner', { exact: false })).toBeVisible();
  await expect(client.getByRole('img', { name: /LDL cholesterol/i })).toHaveCount(0);
  await page.reload();
  await page.getByRole('link', { name: 'Review and release results' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Results of order #/ })).toBeVisible();
  await page.getByLabel('A note for your client (optional)').fill('All within range. See you at your next visit.');
  await page.getByRole('button', { name: 'Release results' }).click();
  await expect(page.getByText('The results are released', { exact: false })).toBeVisible();

  // the last e-mail: Rosa's results are ready, with who ordered them; she reads them and the note
  const ready = await mailTo(browser, rosa, 'Your Base test results are ready');
  expect(ready).toContain(`Ordered by Ana Green — ${clinic}.`);
  expect(ready).toContain('Your practitioner left a note with your results');
  await client.goto(linkIn(ready, `/account/orders/${rosaOrder}/results`));
  await expect(client.getByText('All within range. See you at your next visit.')).toBeVisible();
  await expect(client.getByRole('img', { name: /LDL cholesterol/i })).toBeVisible();
  await rosaContext.close();
});
