import { readFileSync } from 'node:fs';
import { readStoredZip } from '../apps/api/src/my-data/zip.ts';
import { mailTo, orderAwaitingApproval, orderWithResults } from './console-journey';
import { expect, test } from './fixtures';
import { uniqueEmail } from './journey';

// docs/decisions/0075-what-deleting-an-account-keeps.md: from /account a member downloads their
// data as one ZIP, then deletes the account with their password.

test('a member downloads their data with the results PDF and quiz answers, then deletes the account', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const email = uniqueEmail('mydata');
  const order = await orderAwaitingApproval(page.request, email);

  const { operator } = await orderWithResults(page, browser, order.id);

  await page.goto('/account');
  await page.getByRole('link', { name: 'Download or delete my data' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Download or delete your data' })).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^base-my-data-\d{4}-\d\d-\d\d\.zip$/);
  await expect(page.getByRole('status')).toHaveText('Your archive is downloaded.');
  const entries = readStoredZip(readFileSync(await download.path()));
  const names = entries.map((entry) => entry.name);
  expect(names).toContain(`results/order-${order.number}.pdf`);
  const pdf = entries.find((entry) => entry.name === `results/order-${order.number}.pdf`)!;
  expect(Buffer.from(pdf.data).subarray(0, 5).toString()).toBe('%PDF-');
  const quiz = JSON.parse(Buffer.from(entries.find((entry) => entry.name === 'quiz-answers.json')!.data).toString());
  expect(quiz[0].answers).toMatchObject({ goal: 'anxiety-depression', dateOfBirth: '1990-04-12' });

  // a wrong password deletes nothing
  const form = page.getByRole('form', { name: 'Delete my account' });
  await form.getByLabel('Your password').fill('not-my-password');
  await form.getByRole('button', { name: 'Delete my account' }).click();
  await expect(form.getByText('Your password is not correct.')).toBeVisible();
  await form.getByLabel('Your password').fill('Sup3r-secret!');
  await form.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByRole('heading', { name: 'Your account is deleted' })).toBeVisible();

  // signing in again fails
  await page.context().clearCookies();
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('Sup3r-secret!');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await expect(page.getByRole('alert')).toBeVisible();

  // the confirmation went to the address the account had
  const mail = operator.page.getByRole('article', { name: `Your Base account is deleted to ${email}` });
  await expect(async () => {
    await operator.page.goto(`/admin/outbox?to=${encodeURIComponent(email)}`);
    await expect(mail).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await operator.context.close();
});

test('a member who signs in with Google deletes the account through a link e-mailed to them', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('google-delete');
  // the stand-in for Google signs this browser in as a person of its own (e2e/oidc-server.mjs)
  await page.context().addCookies([{ name: 'oidc-person', value: encodeURIComponent(email), domain: 'localhost', path: '/' }]);
  await page.goto('/sign-in');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page.getByRole('heading', { name: 'My account' })).toBeVisible();

  await page.getByRole('link', { name: 'Download or delete my data' }).click();
  const form = page.getByRole('form', { name: 'Delete my account' });
  await expect(form.getByLabel('Your password')).toHaveCount(0);
  await form.getByRole('button', { name: 'E-mail me a link to delete my account' }).click();
  await expect(form.getByText('Your account has no password: we e-mailed you a link to confirm the deletion.')).toBeVisible();

  const mail = await mailTo(browser, email, 'Confirm deleting your Base account');
  const link = new URL(/https?:\/\/\S+\/account\/delete-confirm\?token=\S+/.exec(mail)![0]);
  // opening the link deletes nothing until the member confirms
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('heading', { name: 'Confirm deleting your account' })).toBeVisible();
  await page.goto('/account');
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();

  await page.goto(link.pathname + link.search);
  await page.getByRole('form', { name: 'Confirm deleting my account' }).getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByRole('heading', { name: 'Your account is deleted' })).toBeVisible();
  await expect(page.getByText('Your account is deleted. We sent a confirmation to your e-mail address.')).toBeVisible();
  expect(await mailTo(browser, email, 'Your Base account is deleted')).toContain('deleted, as you asked');

  // the account is gone with its session: its page asks to sign in
  await page.goto('/account');
  await expect(page).toHaveURL(/\/sign-in/);
});
