import { expect, test, type Page } from './fixtures';
import { uniqueEmail } from './journey';
import { addClient, signUpClinicByRequest } from './provider-journey';

// The clinic's dashboard before (or without) its script: each section's forms go to the section's
// own route under /providers/dashboard, whose action answers with the whole dashboard and the
// form's message. The clinic is signed up through the API, in the page's own context.
test.use({ javaScriptEnabled: false });

/** The dashboard came back after a form: the clinic's page, at the address of the section's action. */
async function expectDashboardFrom(page: Page, clinic: string, section: string) {
  await expect(page.getByRole('heading', { level: 1, name: clinic })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe(`/providers/dashboard/${section}`);
}

test('a clinic admin sends each section’s forms before the script runs, and the dashboard shows each answer', async ({ page }) => {
  const tag = Date.now().toString(36);
  const clinic = `No Script Clinic ${tag}`;
  await signUpClinicByRequest(page.request, clinic, `ana@no-script-${tag}.example`);
  await page.goto('/providers/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: clinic })).toBeVisible();

  // the clients' route: a refusal keeps what was typed, then the client is added
  let add = page.getByRole('form', { name: 'Add a client' });
  await add.getByLabel('First name').fill('Maya');
  await add.getByRole('button', { name: 'Add client' }).click();
  await expectDashboardFrom(page, clinic, 'clients');
  add = page.getByRole('form', { name: 'Add a client' });
  await expect(add.getByLabel('First name')).toHaveValue('Maya');
  const clientEmail = uniqueEmail('no-script-clinic-client');
  await addClient(page, clientEmail);
  await expectDashboardFrom(page, clinic, 'clients');

  // the orders' route: the pay link is sent, and cancelled from its row
  const order = page.getByRole('form', { name: 'Order tests for a client' });
  await order.getByLabel('Client', { exact: true }).selectOption({ label: `Lopez, Maya (${clientEmail})` });
  await order.getByRole('checkbox', { name: /Cortisol Test/ }).check();
  await order.getByRole('button', { name: 'Send to client' }).click();
  await expectDashboardFrom(page, clinic, 'orders');
  await expect(page.getByText('Sent to Maya Lopez: an e-mail with a link to pay', { exact: false })).toBeVisible();
  const orders = page.getByRole('list', { name: 'Your clients' }).getByRole('list', { name: 'Orders' });
  await orders.getByRole('button', { name: 'Cancel' }).click();
  await expectDashboardFrom(page, clinic, 'orders');
  await expect(page.getByText('The order for Maya Lopez is cancelled: its link can no longer be paid.')).toBeVisible();

  // the team's route: an invitation
  const invite = page.getByRole('form', { name: 'Invite a person' });
  const invited = uniqueEmail('no-script-invited');
  await invite.getByLabel('Name').fill('Sam Reed');
  await invite.getByLabel('E-mail address').fill(invited);
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expectDashboardFrom(page, clinic, 'team');
  await expect(page.getByText(`Invitation sent to ${invited}. The link works once, for 7 days.`)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Invitations waiting' })).toContainText('Sam Reed');

  // the settings' route
  await page.getByLabel('Practitioners see all clients').check();
  await page.getByRole('region', { name: 'Clinic settings' }).getByRole('button', { name: 'Save' }).first().click();
  await expectDashboardFrom(page, clinic, 'settings');
  await expect(page.getByText('Practitioners now see every client of the clinic.')).toBeVisible();

  // the search still goes to the dashboard's own address
  await page.getByLabel('Search by name or e-mail').fill('Lopez');
  await page.getByRole('button', { name: 'Search' }).click();
  expect(new URL(page.url()).pathname).toBe('/providers/dashboard');
  await expect(page.getByRole('list', { name: 'Your clients' })).toContainText('Lopez, Maya');
});
