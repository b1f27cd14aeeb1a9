import { readFileSync } from 'node:fs';
import { readStoredZip } from '../apps/api/src/my-data/zip.ts';
import { orderAwaitingApproval, orderWithResults } from './console-journey';
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
