import { staff, staffPage } from './console-journey';
import { expect, test } from './fixtures';
import { expectAccessible, uniqueEmail } from './journey';

test('a member writes to support, the answer from the console is read in the account', async ({ page, browser }) => {
  const email = uniqueEmail('asks');
  const created = await page.request.post('/api/checkout/account', { data: { email, password: 'Sup3r-secret!' } });
  expect(created.status()).toBe(200);

  await page.goto('/contact');
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('heading', { name: 'Contact us' })).toBeVisible();
  await expect(page.getByText(`Writing as`)).toContainText(email);
  await expectAccessible(page);
  await page.getByLabel('Subject').fill('Fasting before the test');
  await page.getByLabel('Your message').fill('Do I need to fast before taking the finger-prick sample?');
  // the shop takes a message sent within 3 seconds of the form appearing for a program's
  await page.waitForTimeout(3_100);
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page).toHaveURL(/\/account\/messages\/[\w-]+\?sent=1$/);
  await expect(page.getByRole('status')).toContainText('your message is with our support team');
  const threadPath = new URL(page.url()).pathname;

  const { context, page: console } = await staffPage(browser, staff.operator, '/admin/messages');
  await console.getByRole('link', { name: 'Fasting before the test' }).click();
  await console
    .getByRole('textbox', { name: /^Reply to / })
    .fill('No need to fast: take the sample in the morning, before breakfast if you can.');
  await console.getByRole('button', { name: 'Send reply' }).click();
  await expect(console.getByRole('status')).toHaveText('Reply sent. The customer gets it by e-mail.');
  await context.close();

  await page.goto(threadPath);
  await expect(page.getByRole('list', { name: 'Messages' }).getByRole('listitem')).toHaveCount(2);
  await expect(page.getByText('No need to fast: take the sample in the morning')).toBeVisible();
  await expectAccessible(page);
});

test('an operator invites a clinician, who accepts and signs in to the console', async ({ page, browser }) => {
  const email = uniqueEmail('clinician');
  const { context, page: console } = await staffPage(browser, staff.operator, '/admin/team');
  await console.getByLabel('Name').fill('Dr. Rosa Diaz');
  await console.getByLabel('E-mail address').fill(email);
  await console.getByLabel('Role').selectOption({ label: 'Clinician' });
  await console.getByRole('button', { name: 'Send invitation' }).click();
  await expect(console.getByRole('status')).toContainText(`Invitation sent to ${email}`);
  await expect(console.getByRole('row', { name: /Dr\. Rosa Diaz/ })).toContainText('Waiting');

  const mail = console.getByRole('article', { name: /You are invited to join the Base team/ });
  await expect(async () => {
    await console.goto(`/admin/outbox?to=${encodeURIComponent(email)}`);
    await expect(mail).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  const link = new URL((await mail.textContent())!.match(/https?:\/\/\S+\/staff-invitation\?token=[\w-]+/)![0]);
  await context.close();

  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('heading', { name: 'Join the Base team' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Clinic-passw0rd!');
  await page.getByRole('textbox', { name: 'Repeat password' }).fill('Clinic-passw0rd!');
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome to the team' })).toBeVisible();

  await page.getByRole('link', { name: 'Sign in' }).last().click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('Clinic-passw0rd!');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/admin');
  await expect(page.getByRole('navigation', { name: 'Console' })).toBeVisible();
});
