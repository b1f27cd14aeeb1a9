import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { mailTo, staff, staffPage } from './console-journey';
import { expectAccessible, uniqueEmail } from './journey';

const password = 'Sup3r-secret!';

/** The invitation's link in the e-mail to `to`, as the person reads it. */
async function invitationLink(browser: Browser, to: string, groupName: string) {
  const text = await mailTo(browser, to, `You are invited to the ${groupName} employer portal`);
  expect(text).toContain('choose your password and create your account');
  const link = /https?:\/\/\S+\/business\/portal\/accept\?token=\S+/.exec(text)?.[0];
  expect(link).toBeDefined();
  return new URL(link!);
}

/** The invited person opens the link in a browser of their own, chooses a password and lands in the portal. */
async function acceptWithNewAccount(browser: Browser, link: URL, email: string, groupName: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('heading', { level: 1, name: 'Join your employer portal' })).toBeVisible();
  await expect(page.getByText(`You are invited to the employer portal of ${groupName}.`)).toBeVisible();
  const form = page.getByRole('form', { name: 'Create your account' });
  await expect(form).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await page.waitForLoadState('networkidle');
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByLabel('Repeat password').fill(password);
  await form.getByRole('button', { name: 'Accept the invitation' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/business/portal');
  await expect(page.getByRole('heading', { level: 1, name: groupName })).toBeVisible();
  return { context, page };
}

/** An invitation's row in the sender's list, with its state. */
const invitationRow = (page: Page, email: string) =>
  page.getByRole('table', { name: 'Admin invitations, newest first' }).getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) });

// An operator sets up a group and invites its admin in the console; the admin creates their account
// from the e-mail's link, comes back another day through the sign-in page and lands in the portal,
// and invites a co-admin, who accepts the same way. Each sender sees their invitations' states.
test('an invited employer admin creates their account, lands in the portal, and invites a co-admin', async ({ browser }) => {
  test.slow();
  const tag = Date.now().toString(36);
  const groupName = `Harbor Foods ${tag}`;
  const { context: operatorContext, page: console } = await staffPage(browser, staff.operator, '/admin/employers');
  const group = console.getByRole('form', { name: 'Employer group' });
  await group.getByLabel('Address (/b2b/…)').fill(`harbor-${tag}`);
  await group.getByLabel('Name employees know').fill(groupName);
  await group.getByLabel('Logo text').fill('HARBOR');
  await group.getByLabel('Eligibility codes (single use)').check();
  await group.getByRole('button', { name: 'Create group' }).click();
  await expect(console.getByRole('heading', { level: 1, name: groupName })).toBeVisible();
  const groupPage = new URL(console.url()).pathname;

  const hr = uniqueEmail('hr');
  const admins = console.getByRole('form', { name: 'Employer admins' });
  await expect(admins.getByText('No admin invited yet.')).toBeVisible();
  await admins.getByLabel('E-mail of the admin').fill(hr);
  await admins.getByRole('button', { name: 'Invite admin' }).click();
  await expect(admins.getByText(`Invitation e-mailed to ${hr}.`, { exact: false })).toBeVisible();
  await expect(invitationRow(console, hr)).toContainText('Sent');

  // the admin has no account: the invitation's page makes it, with the password they choose
  const link = await invitationLink(browser, hr, groupName);
  const { context: adminContext, page: portal } = await acceptWithNewAccount(browser, link, hr, groupName);
  await expectAccessible(portal);
  // the link works once
  await portal.goto(link.pathname + link.search);
  await expect(portal.getByRole('heading', { level: 1, name: 'This invitation has expired' })).toBeVisible();

  // the operator sees the invitation accepted
  await console.goto(groupPage);
  await expect(invitationRow(console, hr)).toContainText('Accepted');
  await operatorContext.close();

  // another day: the admin signs out, signs in on the sign-in page and lands in the portal, with the header's link to it
  await portal.goto('/business/portal');
  await portal.getByRole('banner').getByRole('button', { name: 'Account' }).click();
  await portal.getByRole('button', { name: 'Sign out' }).click();
  await expect(portal).toHaveURL(/\/$/, { timeout: 30_000 });
  await expect(portal.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
  await portal.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
  // the home page has an e-mail field of its own: the sign-in page first
  await expect(portal.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await portal.getByLabel('Email', { exact: true }).fill(hr);
  await portal.getByLabel('Password').fill(password);
  await portal.getByRole('button', { name: 'Sign in' }).click();
  await expect(portal).toHaveURL((url) => url.pathname === '/business/portal');
  await expect(portal.getByRole('heading', { level: 1, name: groupName })).toBeVisible();
  await expect(portal.getByText('The console is for the shop’s staff')).toHaveCount(0);
  const headerLink = portal.getByRole('banner').getByRole('link', { name: 'Employer portal' });
  await expect(headerLink).toBeVisible();
  await portal.goto('/account');
  await headerLink.click();
  await expect(portal).toHaveURL((url) => url.pathname === '/business/portal');
  // the console refuses an employer admin, and leads back to the portal
  await portal.goto('/admin');
  await expect(portal.getByRole('heading', { level: 1, name: "The console is for the shop's staff" })).toBeVisible();
  await portal.getByRole('link', { name: 'Open the employer portal' }).click();
  await expect(portal.getByRole('heading', { level: 1, name: groupName })).toBeVisible();

  // the admin invites a co-admin, who accepts the same way
  const coAdmin = uniqueEmail('finance');
  const inviteForm = portal.getByRole('form', { name: 'Invite an admin' });
  await inviteForm.getByLabel('E-mail of the admin').fill(coAdmin);
  await inviteForm.getByRole('button', { name: 'Invite admin' }).click();
  await expect(inviteForm.getByText(`Invitation e-mailed to ${coAdmin}.`, { exact: false })).toBeVisible();
  await expect(invitationRow(portal, coAdmin)).toContainText('Sent');
  await expect(invitationRow(portal, hr)).toContainText('Accepted');

  const coAdminLink = await invitationLink(browser, coAdmin, groupName);
  const coAdminMail = await mailTo(browser, coAdmin, `You are invited to the ${groupName} employer portal`);
  expect(coAdminMail).toContain(`${hr} invites you to the employer portal of ${groupName}`);
  const { context: coAdminContext } = await acceptWithNewAccount(browser, coAdminLink, coAdmin, groupName);
  await coAdminContext.close();

  // the sender sees the co-admin's invitation accepted
  await portal.reload();
  await expect(invitationRow(portal, coAdmin)).toContainText('Accepted');
  await adminContext.close();
});
