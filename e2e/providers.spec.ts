import type { Browser } from '@playwright/test';
import { expect, test } from './fixtures';
import { staff, staffPage } from './console-journey';
import { expectAccessible, uniqueEmail } from './journey';
import { signUpClinic, signUpClinicByRequest } from './provider-journey';

/** The invitation's link in the invitee's e-mail, read from the shop's outbox as its recipient would read it. */
async function invitationLink(browser: Browser, email: string): Promise<URL> {
  const { context: operator, page: console } = await staffPage(browser, staff.operator, '/admin/outbox');
  let link: URL | undefined;
  await expect
    .poll(async () => {
      const outbox = await console.request.get(`/api/admin/outbox?to=${encodeURIComponent(email)}`);
      const { emails } = (await outbox.json()) as { emails: Array<{ text: string }> };
      const found = emails
        .map((mail) => mail.text)
        .join('\n')
        .match(/https?:\/\/\S+\/providers\/invitation\?token=\S+/)?.[0];
      link = found ? new URL(found) : undefined;
      return link !== undefined;
    })
    .toBe(true);
  await operator.close();
  return link!;
}

// A clinic signs up free from the provider overview, its admin invites a staff member, who
// accepts from the e-mail, joins the same clinic and adds a client that the list then shows.
test('a clinic signs up, invites a staff member who joins it, and the staff member adds a client', async ({ browser, page }) => {
  const tag = Date.now().toString(36);
  const clinic = `Green Valley Clinic ${tag}`;
  await page.goto('/providers/home');
  await page.getByRole('link', { name: 'Sign up free — no licence needed' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign up free — no licence needed' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.getByLabel('Clinic name').fill(clinic);
  await page.getByLabel('Type of clinic').selectOption('functional_medicine');
  await page.getByLabel('Street address').fill('12 Main Street');
  await page.getByLabel('City').fill('Austin');
  await page.getByLabel('State', { exact: true }).selectOption('TX');
  await page.getByLabel('ZIP code').fill('73301');
  await page.getByLabel('NPI (optional)').fill('1234567893');
  await page.getByLabel('Full name').fill('Ana Green');
  await page.getByLabel('Work e-mail address').fill(`ana@greenvalley-${tag}.example`);
  await page.getByLabel('Password').fill('Clinic-passw0rd!');
  await page.getByRole('button', { name: 'Create my free dashboard' }).click();

  await expect(page.getByRole('heading', { level: 1, name: clinic })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/providers/dashboard');
  // signed in, the provider header offers the dashboard rather than the sign-in
  await expect(page.getByRole('banner').getByRole('link', { name: 'Your dashboard' })).toBeVisible();
  const invitee = uniqueEmail('clinic-staff');
  const invite = page.getByRole('form', { name: 'Invite a person' });
  await invite.getByLabel('Name').fill('Sam Rivera');
  await invite.getByLabel('E-mail address').fill(invitee);
  await invite.getByLabel('Role').selectOption('staff');
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invite.getByText(`Invitation sent to ${invitee}.`, { exact: false })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Invitations waiting' })).toContainText(invitee);
  await expectAccessible(page);

  // the invitation is read from the shop's outbox, as its recipient would read the e-mail
  const link = await invitationLink(browser, invitee);

  const joining = await browser.newContext();
  const member = await joining.newPage();
  await member.goto(link.pathname + link.search);
  await expect(member.getByRole('heading', { level: 1, name: `Join ${clinic}` })).toBeVisible();
  await member.waitForLoadState('networkidle');
  await member.getByLabel('Password', { exact: true }).fill('Staff-passw0rd!');
  await member.getByLabel('Repeat password').fill('Staff-passw0rd!');
  await member.getByRole('button', { name: `Join ${clinic}` }).click();
  await expect(member.getByRole('heading', { level: 1, name: clinic })).toBeVisible();
  await expect(member.getByText('you are Sam Rivera, staff')).toBeVisible();

  const add = member.getByRole('form', { name: 'Add a client' });
  await add.getByLabel('First name').fill('Maya');
  await add.getByLabel('Last name').fill('Lopez');
  const clientEmail = uniqueEmail('client');
  await add.getByLabel('E-mail address').fill(clientEmail);
  await add.getByLabel('Date of birth').fill('1985-06-01');
  // a state where tests are sold (docs/decisions/0060-where-tests-are-sold.md): the order below can be sent
  await add.getByLabel('US state').selectOption('TX');
  await add.getByRole('button', { name: 'Add client' }).click();
  await expect(add.getByText('Maya Lopez is added to your clients.', { exact: false })).toBeVisible();
  const clients = member.getByRole('list', { name: 'Your clients' });
  await expect(clients).toContainText('Lopez, Maya');

  // staff do not order: they draft an order for a practitioner (here the admin) to send
  const draft = member.getByRole('form', { name: 'Draft an order for a practitioner' });
  await draft.getByLabel('Client', { exact: true }).selectOption({ label: `Lopez, Maya (${clientEmail})` });
  await draft.getByRole('checkbox', { name: /Cortisol Test/ }).check();
  await draft.getByRole('button', { name: 'Save draft' }).click();
  await expect(draft.getByText('Please choose the practitioner who sends this order')).toBeVisible();
  await draft.getByLabel('Client', { exact: true }).selectOption({ label: `Lopez, Maya (${clientEmail})` });
  await draft.getByLabel('Practitioner who sends it').selectOption({ label: 'Ana Green' });
  await draft.getByRole('checkbox', { name: /Cortisol Test/ }).check();
  await draft.getByLabel('Note for the practitioner (optional)').fill('Asked for at today’s visit');
  await draft.getByRole('button', { name: 'Save draft' }).click();
  await expect(draft.getByText('Draft saved for Ana Green to send to Maya Lopez.')).toBeVisible();
  await member.reload();
  const staffDrafts = member.getByRole('list', { name: 'Drafts waiting' });
  await expect(staffDrafts).toContainText('Maya Lopez: Cortisol Test');
  // the staff member cannot send it
  await expect(staffDrafts.getByRole('button', { name: 'Send' })).toHaveCount(0);
  // nor read a client's results: the page says why, where the API's 403 once showed as a server error
  await member.goto('/providers/dashboard/orders/any-order/results');
  await expect(member.getByRole('heading', { level: 1, name: 'Your account cannot open this page.' })).toBeVisible();
  await expect(member.getByText('This is open to the clinic’s admins and practitioners; your role is staff.')).toBeVisible();
  await expect(member.getByText('Something went wrong on our side.')).toHaveCount(0);
  await joining.close();

  // the admin sees the new member, the client and the draft, and sends it: the client's pay link goes out
  await page.reload();
  await expect(page.getByRole('list', { name: 'Members' })).toContainText('Sam Rivera');
  await expect(page.getByRole('list', { name: 'Your clients' })).toContainText('Lopez, Maya');
  const drafts = page.getByRole('list', { name: 'Drafts waiting' });
  await expect(drafts).toContainText('drafted by Sam Rivera for Ana Green');
  await expect(drafts).toContainText('“Asked for at today’s visit”');
  await expectAccessible(page);
  await drafts.getByRole('button', { name: 'Send' }).click();
  // the draft leaves the list once sent; the section says what became of it
  await expect(page.getByRole('region', { name: 'Drafts waiting' })).toContainText(
    'Sent to Maya Lopez: an e-mail with a link to pay $79.95.',
  );
  await expect(drafts.getByRole('listitem')).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('list', { name: 'Drafts waiting' })).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Your clients' }).getByRole('list', { name: 'Orders' })).toContainText('Sent');
});

// A customer of the shop is invited to a clinic: the page says their address has an account, they
// sign in with it and come back to join, keeping the same account.
test('a customer with an account signs in from the invitation and joins the clinic', async ({ browser, page }) => {
  const tag = Date.now().toString(36);
  const clinic = `Lakeside Clinic ${tag}`;
  await signUpClinicByRequest(page.request, clinic, `ana@lakeside-${tag}.example`);
  const customerEmail = uniqueEmail('invited-customer');
  const customerPassword = 'Customer-passw0rd!';
  const elsewhere = await browser.newContext();
  expect(
    (await elsewhere.request.post('/api/checkout/account', { data: { email: customerEmail, password: customerPassword } })).status(),
  ).toBe(200);
  await elsewhere.close();
  const invited = await page.request.post('/api/providers/team/invitations', {
    data: { email: customerEmail, name: 'Robin Patel', role: 'practitioner' },
  });
  expect(invited.status(), await invited.text()).toBe(201);

  const link = await invitationLink(browser, customerEmail);

  const joining = await browser.newContext();
  const member = await joining.newPage();
  await member.goto(link.pathname + link.search);
  await expect(member.getByRole('heading', { level: 1, name: `Join ${clinic}` })).toBeVisible();
  await expect(member.getByText(`${customerEmail} has an account with Base already`)).toBeVisible();
  await expectAccessible(member);
  await member.getByRole('link', { name: 'Sign in to join' }).click();
  await member.getByLabel('Email').fill(customerEmail);
  await member.getByLabel('Password').fill(customerPassword);
  await member.getByRole('button', { name: 'Sign in' }).click();
  await expect(member.getByText(`You are signed in as ${customerEmail}.`)).toBeVisible();
  await member.getByRole('button', { name: `Join ${clinic}` }).click();
  await expect(member.getByRole('heading', { level: 1, name: clinic })).toBeVisible();
  await expect(member.getByText('you are Robin Patel, practitioner')).toBeVisible();
  expect(new URL(member.url()).pathname).toBe('/providers/dashboard');
  await joining.close();
});

// A clinic's admin refers a practitioner: signed in, the form does not ask who they are again; it
// says whom the referral is from, and the referral carries the admin's name and e-mail.
test('a signed-in clinic admin refers a practitioner without typing their own details again', async ({ browser, page }) => {
  const tag = Date.now().toString(36);
  const adminEmail = `ana@referring-${tag}.example`;
  await signUpClinic(page, `Referring Clinic ${tag}`, adminEmail);

  await page.goto('/practitioners-referral');
  const form = page.getByRole('form', { name: 'Refer a provider' });
  await expect(form.getByText(`You refer as Ana Green (${adminEmail}), for your clinic.`)).toBeVisible();
  await expect(form.getByLabel('Your first name')).toHaveCount(0);
  await expect(form.getByLabel('Your email')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  const providerEmail = uniqueEmail('referred-provider');
  await form.getByLabel("Provider's first name").fill('Sam');
  await form.getByLabel("Provider's last name").fill('Rivera');
  await form.getByLabel('Type of provider').selectOption({ index: 1 });
  await form.getByLabel("Provider's email").fill(providerEmail);
  await form.getByRole('button', { name: 'Send the referral' }).click();
  await expect(page.getByText('Thank you for the referral!', { exact: false }).first()).toBeVisible();
  await expectAccessible(page);

  // the referral is the admin's, under the name and e-mail of their account
  const { context: operator, page: console } = await staffPage(browser, staff.operator, '/admin/leads');
  await expect
    .poll(async () => {
      const response = await console.request.get('/api/admin/leads', { params: { kind: 'provider_referral', email: adminEmail } });
      const { leads } = (await response.json()) as { leads: Array<{ fields: Record<string, unknown> }> };
      return leads.map((lead) => [lead.fields.yourFirstName, lead.fields.yourLastName, lead.fields.providerEmail]);
    })
    .toEqual([['Ana', 'Green', providerEmail]]);
  await operator.close();
});
