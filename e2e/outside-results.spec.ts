import { outsideResultWords } from '@shop/core';
import { reportPdf } from '../apps/api/test/handmade-pdf';
import { mailTo, staff, staffPage } from './console-journey';
import { expect, test } from './fixtures';
import { expectAccessible, fillAccount, pay, uniqueEmail } from './journey';

// Results from another lab in the health record (issue 45; docs/decisions/0087-outside-lab-results.md):
// a member uploads a report from another lab on /account/health, an operator opens it in the
// console and enters its values, and the member, told by e-mail, reads them on the record marked
// "Outside result" with the lab's name.

const outsideReport = reportPdf('Vitamin D, 25-hydroxy 31 ng/mL (30-100)', { objectStream: true });

test('a member uploads a report from another lab; staff enter its values; the member reads them as outside results', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  // a member with an account: the nutritional plan is the shortest purchase that makes one
  await page.goto('/nutritional-plan');
  await page.getByRole('main').getByRole('button', { name: 'Add to cart' }).click();
  await expect(page).toHaveURL(/\/checkout-payment$/);
  const email = uniqueEmail('outside');
  await fillAccount(page, email);
  await pay(page, '4242 4242 4242 4242');
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();

  await page.goto('/account/health');
  const add = page.getByRole('region', { name: outsideResultWords.addTitle });
  await add.getByLabel('The lab’s name').fill('Quest Diagnostics');
  await add.getByLabel('The day your sample was collected').fill('2026-11-02');
  await add.getByLabel('The lab’s report').setInputFiles({ name: 'quest.pdf', mimeType: 'application/pdf', buffer: outsideReport });
  // the consent to collect health data is asked here only when none is in force
  const consent = add.getByRole('checkbox');
  if (await consent.count()) await consent.check();
  await add.getByRole('button', { name: 'Upload the report' }).click();
  // the PDF is inspected in a worker thread before it is kept: on a busy host that takes a while
  await expect(add.getByText(outsideResultWords.uploaded)).toBeVisible({ timeout: 30_000 });
  const listed = add.getByRole('listitem').filter({ hasText: 'Quest Diagnostics' });
  await expect(listed).toContainText('collected Nov 2, 2026');
  await expect(listed).toContainText(outsideResultWords.waiting);
  await expect(listed.getByRole('button', { name: 'Delete the report from Quest Diagnostics' })).toBeVisible();
  await expectAccessible(page);
  const reportId = (await listed.locator('input[name="reportId"]').getAttribute('value'))!;

  // an operator finds it in the console's queue, opens its file and enters its values
  const operator = await staffPage(browser, staff.operator, '/admin/outside-reports');
  await expect(operator.page.getByRole('heading', { name: 'Outside results' })).toBeVisible();
  await operator.page.locator(`a[href="/admin/outside-reports/${reportId}"]`).click();
  await expect(operator.page.getByRole('heading', { name: 'Outside results: Quest Diagnostics' })).toBeVisible();
  const file = await operator.page.request.get((await operator.page.getByRole('link', { name: /^Open the report/ }).getAttribute('href'))!);
  expect(file.headers()['content-type']).toBe('application/pdf');
  expect(Buffer.from(await file.body()).equals(outsideReport)).toBe(true);
  const vitaminD = operator.page.getByRole('group', { name: 'Vitamin D' });
  await vitaminD.getByLabel('Value').fill('31');
  await vitaminD.getByLabel('Unit').selectOption('ng/mL');
  await operator.page.getByRole('button', { name: 'Save the results' }).click();
  // saved, the page reads the report again: it is entered, and takes no second entry
  await expect(operator.page.getByRole('status')).toContainText('are in the member’s health record');
  await expect(operator.page.getByRole('button', { name: 'Save the results' })).toHaveCount(0);
  await operator.context.close();

  // the member is e-mailed, and reads the value on the record, marked as an outside result
  const mail = await mailTo(browser, email, outsideResultWords.emailSubject);
  expect(mail).toContain('/account/health');
  expect(mail).not.toContain('Quest');
  await page.goto('/account/health');
  const trend = page.getByRole('region', { name: 'Vitamin D' });
  await expect(trend.getByRole('img', { name: /31 ng\/mL \(normal, outside result from Quest Diagnostics\)/ })).toBeVisible();
  const row = trend.getByRole('table', { name: 'Vitamin D: every result' }).getByRole('row').nth(1);
  await expect(row).toContainText('Nov 2, 2026');
  await expect(row).toContainText(`${outsideResultWords.marker} · Quest Diagnostics`);
  await expect(row).toContainText('31 ng/mL');
  await expect(
    page.getByRole('heading', { level: 3, name: `Nov 2, 2026 · ${outsideResultWords.marker} · Quest Diagnostics` }),
  ).toBeVisible();
  const entered = page
    .getByRole('region', { name: outsideResultWords.addTitle })
    .getByRole('listitem')
    .filter({ hasText: 'Quest Diagnostics' });
  await expect(entered).toContainText('In your health record');
  await expect(entered.getByRole('button')).toHaveCount(0);
  await expectAccessible(page);

  // without the page's script the forms work as well: a second report goes in, and is deleted while it waits
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const plain = await noScript.newPage();
  await plain.goto('/sign-in?next=/account/health');
  await plain.getByLabel('Email').fill(email);
  await plain.getByLabel('Password').fill('Sup3r-secret!');
  await plain.getByRole('button', { name: 'Sign in' }).click();
  await expect(plain).toHaveURL(/\/account\/health$/);
  const form = plain.getByRole('region', { name: outsideResultWords.addTitle });
  await form.getByLabel('The lab’s name').fill('Labcorp');
  await form.getByLabel('The day your sample was collected').fill('2026-10-01');
  await form.getByLabel('The lab’s report').setInputFiles({ name: 'labcorp.pdf', mimeType: 'application/pdf', buffer: outsideReport });
  // the consent ticked with the first report is in force: it is not asked again
  await expect(form.getByRole('checkbox')).toHaveCount(0);
  await form.getByRole('button', { name: 'Upload the report' }).click();
  await expect(form.getByText(outsideResultWords.uploaded)).toBeVisible({ timeout: 30_000 });
  const second = form.getByRole('listitem').filter({ hasText: 'Labcorp' });
  await expect(second).toContainText(outsideResultWords.waiting);
  await second.getByRole('button', { name: 'Delete the report from Labcorp' }).click();
  await expect(form.getByRole('listitem').filter({ hasText: 'Labcorp' })).toHaveCount(0);
  await expect(form.getByRole('listitem').filter({ hasText: 'Quest Diagnostics' })).toContainText('In your health record');
  await noScript.close();
});
