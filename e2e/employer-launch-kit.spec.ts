import { expect, test } from './fixtures';
import { mailTo, staff, staffPage } from './console-journey';
import { authorizeResults, chooseTestedState, uniqueEmail } from './journey';

const password = 'Sup3r-secret!';

// An operator sets up a prepaid group of coded eligibility whose bank holds three tests' worth, and
// invites its benefits lead. The lead creates their account from the invitation's e-mail, lands in
// the portal, copies the employees' link from the launch kit and reads what is covered; an
// employee opens that link, proves a code and places their covered order; its draw takes the bank
// below the low line, so the lead reads the low-balance e-mail (naming nobody) and sees the banner.
// Invitations go as they came: the operator revokes one sent to a wrong address, and the lead removes
// a co-admin, whose next page says they have no access.
test('an employer admin launches the offer from the portal’s kit and hears when the bank runs low', async ({ browser }) => {
  test.slow();
  const tag = Date.now().toString(36);
  const slug = `launch-${tag}`;
  const groupName = `Launch Foods ${tag}`;
  const { context: operatorContext, page: console } = await staffPage(browser, staff.operator, '/admin/employers');
  const group = console.getByRole('form', { name: 'Employer group' });
  await group.getByLabel('Address (/b2b/…)').fill(slug);
  await group.getByLabel('Name employees know').fill(groupName);
  await group.getByLabel('Logo text').fill('LAUNCH');
  await group.getByLabel('Eligibility codes (single use)').check();
  await group.getByRole('button', { name: 'Create group' }).click();
  await expect(console.getByRole('heading', { level: 1, name: groupName })).toBeVisible();
  const codes = console.getByRole('form', { name: 'Eligibility codes' });
  await codes.getByLabel('How many codes').fill('1');
  await codes.getByRole('button', { name: 'Mint codes' }).click();
  const code = (await console.getByLabel('New codes').inputValue()).trim();
  const billing = console.getByRole('region', { name: 'Billing' });
  await billing.getByLabel('Billing mode').selectOption('prepaid');
  await billing.getByRole('button', { name: 'Save billing mode' }).click();
  await expect(console.getByText('Covered orders now draw on the prepaid testing bank.')).toBeVisible();
  const topUp = console.getByRole('form', { name: 'Record a top-up' });
  await topUp.getByLabel('Top-up amount ($)').fill('239.85');
  await topUp.getByLabel('Payment reference').fill(`WIRE-${tag}`);
  await topUp.getByRole('button', { name: 'Record top-up' }).click();
  await expect(console.getByText('$239.85 recorded. The bank holds $239.85.')).toBeVisible();
  const hr = uniqueEmail('benefits');
  const admins = console.getByRole('form', { name: 'Employer admins' });
  await admins.getByLabel('E-mail of the admin').fill(hr);
  await admins.getByRole('button', { name: 'Invite admin' }).click();
  await expect(admins.getByText(`Invitation e-mailed to ${hr}.`, { exact: false })).toBeVisible();
  // an invitation sent to a wrong address is revoked from the console, and only the lead's stays
  const wrong = uniqueEmail('wrong');
  await admins.getByLabel('E-mail of the admin').fill(wrong);
  await admins.getByRole('button', { name: 'Invite admin' }).click();
  await expect(admins.getByText(`Invitation e-mailed to ${wrong}.`, { exact: false })).toBeVisible();
  await console.getByRole('button', { name: `Revoke invitation ${wrong}` }).click();
  await expect(console.getByText(`The invitation to ${wrong} is revoked: its link no longer works.`)).toBeVisible();
  const invitations = console.getByRole('table', { name: 'Admin invitations, newest first' });
  await expect(invitations.getByRole('row', { name: new RegExp(wrong.replace(/\./g, '\\.')) })).toHaveCount(0);
  await expect(invitations.getByRole('row', { name: new RegExp(hr.replace(/\./g, '\\.')) })).toContainText('Sent');
  await operatorContext.close();

  // the lead starts from the invitation's e-mail and makes their account on its page
  const invitation = await mailTo(browser, hr, `You are invited to the ${groupName} employer portal`);
  const link = new URL(/https?:\/\/\S+\/business\/portal\/accept\?token=\S+/.exec(invitation)![0]);
  const adminContext = await browser.newContext();
  await adminContext.grantPermissions(['clipboard-read', 'clipboard-write']);
  const portal = await adminContext.newPage();
  await portal.goto(link.pathname + link.search);
  const accept = portal.getByRole('form', { name: 'Create your account' });
  await portal.waitForLoadState('networkidle');
  await accept.getByLabel('Password', { exact: true }).fill(password);
  await accept.getByLabel('Repeat password').fill(password);
  await accept.getByRole('button', { name: 'Accept the invitation' }).click();
  await expect(portal).toHaveURL((url) => url.pathname === '/business/portal');
  await expect(portal.getByRole('heading', { level: 1, name: groupName })).toBeVisible();

  // the launch kit: the employees' link, copied; what is covered; the texts to send
  const kit = portal.getByRole('region', { name: 'Launch kit' });
  const linkField = kit.getByLabel('Your employees’ link');
  const employeeLink = await linkField.inputValue();
  expect(employeeLink).toMatch(new RegExp(`^https?://[^/]+/b2b/${slug}$`));
  await portal.waitForLoadState('networkidle');
  await kit.getByRole('button', { name: 'Copy link' }).click();
  await expect(kit.getByText('Copied.')).toBeVisible();
  expect(await portal.evaluate(() => navigator.clipboard.readText())).toBe(employeeLink);
  await expect(
    kit.getByText('Your employer covers one lab test, once per employee this plan year: nothing for them to pay.'),
  ).toBeVisible();
  await expect(kit.getByText('No cap on employees or spend this plan year.')).toBeVisible();
  expect(await kit.getByLabel('Announcement e-mail: text').inputValue()).toContain(`Start here: ${employeeLink}`);
  // the bank holds three tests' worth: not low yet
  await expect(portal.getByText('Your testing bank is running low', { exact: false })).toHaveCount(0);
  await kit.getByRole('link', { name: 'Open the printable poster' }).click();
  await expect(portal.getByRole('heading', { level: 1, name: 'Your lab test is on us' })).toBeVisible();
  await expect(portal.getByText(employeeLink, { exact: true })).toBeVisible();

  // an employee opens the link the lead shared, proves their code and places the covered order
  const employeeContext = await browser.newContext();
  const employee = await employeeContext.newPage();
  await employee.goto(new URL(employeeLink).pathname);
  await employee.getByRole('link', { name: 'Choose Fatigue' }).click();
  await employee.waitForLoadState('networkidle');
  const proof = employee.getByRole('form', { name: 'Confirm your cover' });
  const employeeEmail = uniqueEmail('employee');
  await proof.getByLabel('E-mail', { exact: true }).fill(employeeEmail);
  await proof.getByLabel('Password').fill(password);
  await proof.getByLabel('Eligibility code').fill(code);
  await proof.getByRole('button', { name: 'Continue to your covered test' }).click();
  await expect(employee.getByRole('heading', { level: 1, name: `Checkout for ${groupName}` })).toBeVisible();
  await employee.waitForLoadState('networkidle');
  await expect(employee.getByText(/covers this order in full/)).toBeVisible();
  await chooseTestedState(employee);
  await authorizeResults(employee);
  await employee.getByRole('button', { name: 'Place covered order' }).click();
  await expect(employee.getByRole('heading', { level: 1, name: 'Your order is placed' })).toBeVisible();
  const orderNumber = /Order #(\d+)/.exec((await employee.getByText(/Order #\d+/).textContent()) ?? '')?.[1];
  await employeeContext.close();

  // the lead reads the low-balance e-mail: the group and the level, never the employee, order or test
  const lowMail = await mailTo(browser, hr, `${groupName}: your testing bank is running low`);
  expect(lowMail).toContain(`The prepaid testing bank of ${groupName} now holds less than the cover of 3 employees’ covered tests.`);
  expect(lowMail).not.toContain(employeeEmail);
  expect(lowMail).not.toContain(`#${orderNumber}`);
  expect(lowMail).not.toMatch(/Focus|Fatigue|\$\d/);
  await portal.goto('/business/portal');
  await expect(portal.getByText('Your testing bank is running low', { exact: false })).toBeVisible();

  // a co-admin invited from the portal, then removed by the lead: their very next page says they have no access
  const coAdmin = uniqueEmail('finance');
  const inviteForm = portal.getByRole('form', { name: 'Invite an admin' });
  await inviteForm.getByLabel('E-mail of the admin').fill(coAdmin);
  await inviteForm.getByRole('button', { name: 'Invite admin' }).click();
  await expect(inviteForm.getByText(`Invitation e-mailed to ${coAdmin}.`, { exact: false })).toBeVisible();
  const coInvitation = await mailTo(browser, coAdmin, `You are invited to the ${groupName} employer portal`);
  const coLink = new URL(/https?:\/\/\S+\/business\/portal\/accept\?token=\S+/.exec(coInvitation)![0]);
  const coContext = await browser.newContext();
  const coPage = await coContext.newPage();
  await coPage.goto(coLink.pathname + coLink.search);
  await coPage.waitForLoadState('networkidle');
  const coAccept = coPage.getByRole('form', { name: 'Create your account' });
  await coAccept.getByLabel('Password', { exact: true }).fill(password);
  await coAccept.getByLabel('Repeat password').fill(password);
  await coAccept.getByRole('button', { name: 'Accept the invitation' }).click();
  await expect(coPage.getByRole('heading', { level: 1, name: groupName })).toBeVisible();

  await portal.reload();
  const adminsTable = portal.getByRole('table', { name: 'Admin invitations, newest first' });
  // the lead's own row offers no removal
  await expect(adminsTable.getByRole('row', { name: new RegExp(hr.replace(/\./g, '\\.')) }).getByRole('button')).toHaveCount(0);
  await adminsTable.getByRole('button', { name: `Remove admin ${coAdmin}` }).click();
  await expect(portal.getByText(`${coAdmin} is no longer an admin: their access to the portal ended at once.`)).toBeVisible();
  await coPage.reload();
  await expect(coPage.getByText('an admin removed by another admin of their group has no access any more', { exact: false })).toBeVisible();
  await expect(coPage.getByRole('region', { name: 'Launch kit' })).toHaveCount(0);
  await coContext.close();
  await adminContext.close();
});
