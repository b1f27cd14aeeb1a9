import { flagExplanations, homeKitLaboratory } from '@shop/core';
import { pdfText } from '../apps/api/test/pdf-text';
import { staff, staffPage } from './console-journey';
import { expect, test } from './fixtures';
import { addStarterTestToCart, expectAccessible, fillAccount, pay, takeQuiz, uniqueEmail } from './journey';

// The lifetime health record (issue 45, item 9; docs/decisions/0079-a-lifetime-health-record.md):
// a member buys the quiz's starter test through the pages, the team takes it to its results in
// the console, and the member reads them on /account/health with their range and what the flag
// means, then downloads the PDF a doctor can file: their name, the lab, the physician of record.

const memberName = 'Zoë Nguyễn';

test('a member buys a test, and reads its results on their health record and in the PDF for their doctor', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await takeQuiz(page);
  await addStarterTestToCart(page);
  await fillAccount(page, uniqueEmail('health-record'));
  await pay(page, '4242 4242 4242 4242');
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  // the program is listed at its price with when it is billed: not in the $79.95 paid today
  await expect(page.getByRole('region', { name: 'Your order' })).toContainText(
    'Improvement ProgramBilled when your starter test results arrive, apart from the total$140.05',
  );
  const collection = await page.getByRole('link', { name: 'Choose home kit or lab' }).getAttribute('href');
  const orderId = new URL(collection!, page.url()).searchParams.get('order')!;

  // the home kit and the medical profile, through their pages
  await page.getByRole('link', { name: 'Choose home kit or lab' }).click();
  await page.getByRole('radio', { name: /^At-home Delivery/ }).check();
  await page.getByLabel('Full name').fill(memberName);
  await page.getByLabel('Shipping address').fill('410 Congress Ave');
  await page.getByLabel('City').fill('Austin');
  await page.getByLabel('Zip code', { exact: true }).fill('78701');
  await page.getByRole('button', { name: 'Confirm At-home Delivery' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  await page.goto('/account/profile');
  await expect(page.getByLabel('Full name')).toHaveValue(memberName);
  await page.getByRole('button', { name: 'Save my profile' }).click();
  await expect(page.getByText('Saved. Your order now goes to a clinician for approval.')).toBeVisible();

  // a clinician approves the order in the console, and becomes its physician of record
  const clinician = await staffPage(browser, staff.clinician, `/admin/orders/${orderId}`);
  await clinician.page.getByRole('button', { name: 'Approve' }).click();
  await expect(clinician.page.getByText('Approve: done.')).toBeVisible();
  await clinician.context.close();

  // an operator ships the kit, the member registers it, the sample arrives and its results are entered
  const operator = await staffPage(browser, staff.operator, `/admin/orders/${orderId}`);
  await operator.page.getByLabel('Tracking number for the Daily rhythm saliva kit').fill('1Z999AA10123456784');
  await operator.page.getByRole('button', { name: 'Ship the Daily rhythm saliva kit' }).click();
  await expect(operator.page.getByText('Daily rhythm saliva kit shipped.')).toBeVisible();
  const code = (await operator.page.locator('td.font-mono').first().textContent())!.trim();
  await page.goto(`/account/orders/${orderId}`);
  await page.getByLabel('Kit code').fill(code);
  await page.getByRole('button', { name: 'Register my kit' }).click();
  await expect(page.getByText('Your kit is registered.')).toBeVisible();
  await operator.page.reload();
  await operator.page.getByRole('button', { name: 'Sample received: Daily rhythm saliva kit' }).click();
  await expect(operator.page.getByText('Sample of the Daily rhythm saliva kit recorded.')).toBeVisible();
  await operator.page.reload();
  await operator.page.getByRole('link', { name: 'Enter results for the Daily rhythm saliva kit' }).click();
  await operator.page.getByRole('group', { name: 'Cortisol' }).getByLabel('Value').fill('1.4');
  await operator.page.getByRole('button', { name: 'Save the results' }).click();
  await expect(operator.page.getByRole('status')).toContainText('program billing');
  await operator.context.close();

  // the member opens the health record from their account
  await page.goto('/account');
  await page.getByRole('link', { name: 'Health record' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your health record' })).toBeVisible();
  const cortisol = page.getByRole('region', { name: 'Cortisol' });
  await expect(
    cortisol.getByRole('img', { name: /^Cortisol over time: .* 1\.4 ng\/mL \(high\)\. Reference range 0\.4 – 1\.0 ng\/mL\.$/ }),
  ).toBeVisible();
  const row = cortisol.getByRole('table', { name: 'Cortisol: every result' }).getByRole('row').nth(1);
  await expect(row).toContainText('1.4 ng/mL');
  await expect(row).toContainText('0.4 – 1.0 ng/mL');
  await expect(row).toContainText('High');
  await expect(cortisol).toContainText(flagExplanations.cortisol.high);
  // no guideline names an optimal cortisol: none is drawn
  await expect(cortisol).not.toContainText('Optimal');
  await expectAccessible(page);

  // the PDF for their doctor names them, the lab and the physician of record
  const download = page.getByRole('link', { name: /^Download the results of order #\d+ \(PDF\)$/ });
  const pdf = await page.request.get((await download.getAttribute('href'))!);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const text = await pdfText(await pdf.body());
  expect(text).toContain(`Patient: ${memberName}`);
  expect(text).toContain('Date of birth: April 12, 1990');
  expect(text).toContain(`Lab: ${homeKitLaboratory}`);
  expect(text).toMatch(/Physician of record: .+, Texas licence \S+/);
  expect(text).toMatch(/Collected: \w+ \d+, \d{4} · Reported: \w+ \d+, \d{4}/);
  expect(text).toContain('0.4 – 1.0 ng/mL');
  expect(text).toContain('HIGH');
});
