import { expect, test } from './fixtures';
import { staff, staffPage } from './console-journey';
import { addStarterTestToCart, expectAccessible, fillAccount, ok, pay, takeQuiz, uniqueEmail } from './journey';

let consoleErrors: string[] = [];
test.beforeEach(({ page }) => {
  consoleErrors = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) consoleErrors.push(message.text());
  });
});
test.afterEach(() => {
  expect(consoleErrors).toEqual([]);
});

test('a customer finds the partner labs nearest to their zip code, with miles, and picks one', async ({ page }) => {
  await takeQuiz(page);
  await addStarterTestToCart(page);
  await fillAccount(page, uniqueEmail('lab'));
  await pay(page, '4242 4242 4242 4242');
  await page.getByRole('link', { name: 'Choose home kit or lab' }).click();

  await page.getByRole('radio', { name: /Lab Pick-Up/ }).check();
  await page.getByLabel('Your zip code').fill('10001');
  await page.getByRole('button', { name: 'Find labs' }).click();
  await expect(page.getByText('Lab Pick-Up is not available in New York. Please choose At-home Delivery.')).toBeVisible();

  await page.getByLabel('Your zip code').fill('78702');
  await page.getByRole('button', { name: 'Find labs' }).click();
  const labs = page.getByRole('group', { name: 'Choose a lab' });
  await expect(labs.getByRole('radio')).toHaveCount(5);
  // what was found is read out, and the focus is still on the search's button, not thrown to the page's start
  await expect(page.getByRole('status').filter({ hasText: 'partner labs' })).toHaveText('5 partner labs near 78702, nearest first.');
  await expect(page.getByRole('button', { name: 'Find labs' })).toBeFocused();
  const nearest = labs.locator('label').first();
  await expect(nearest).toContainText('Partner Lab – Downtown Austin');
  await expect(nearest).toContainText(/TX 78701, \d\.\d mi$/);
  await expect(labs.locator('label').nth(2)).toContainText(/San Antonio, TX 78205, [6-8]\d\.\d mi$/);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Confirm Lab Pick-Up' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  await expect(page.getByText(/Lab Pick-Up/).first()).toBeVisible();
});

test('once a clinician approves a lab order, the member has the lab’s address, hours and requisition, on the page and by e-mail', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('lab-approved');
  await takeQuiz(page);
  await addStarterTestToCart(page);
  await fillAccount(page, email);
  await pay(page, '4242 4242 4242 4242');
  await page.getByRole('link', { name: 'Choose home kit or lab' }).click();
  await page.getByRole('radio', { name: /Lab Pick-Up/ }).check();
  await page.getByLabel('Your zip code').fill('78701');
  await page.getByRole('button', { name: 'Find labs' }).click();
  await page.getByRole('group', { name: 'Choose a lab' }).getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Confirm Lab Pick-Up' }).click();
  await page.getByRole('link', { name: 'See my orders' }).click();
  await page.getByRole('link', { name: 'Fill in your medical profile' }).first().click();
  await page.getByLabel('Full name').fill('Nguyễn Thị Zoë');
  await page.getByLabel('Date of birth').fill('1990-04-12');
  await page.getByLabel('Sex at birth').selectOption('female');
  await page.getByLabel('State').selectOption('TX');
  await page.getByRole('button', { name: 'Save my profile' }).click();
  await expect(page.getByText('Saved. Your order now goes to a clinician for approval.')).toBeVisible();
  await page.getByRole('link', { name: 'Back to my account' }).click();
  await page
    .getByRole('link', { name: /^Order #\d+/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/account\/orders\/[0-9a-f-]{36}$/);
  const orderId = new URL(page.url()).pathname.split('/').pop()!;
  // before approval the page names the lab, but there is no requisition yet
  await expect(page.getByRole('heading', { name: 'Your lab' })).toBeVisible();
  await expect(page.getByText('Partner Lab – Downtown Austin')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download your lab requisition (PDF)' })).toHaveCount(0);
  const early = await page.request.get(`/api/orders/${orderId}/requisition.pdf`);
  expect(early.status(), `${early.url()}: ${await early.text()}`).toBe(409);

  const clinician = await staffPage(browser, staff.clinician, `/admin/orders/${orderId}`);
  await clinician.page.getByRole('button', { name: 'Approve' }).click();
  await expect(clinician.page.getByText('Approve: done.')).toBeVisible();

  await page.reload();
  const lab = page.getByRole('region', { name: 'Your lab' });
  await expect(lab).toContainText('410 Congress Ave, Austin, TX 78701');
  await expect(lab).toContainText('Open Mon–Fri 6:30 am – 6:00 pm, Sat 8:00 am – 1:00 pm');
  await expectAccessible(page);
  const requisition = await page.request.get(
    (await lab.getByRole('link', { name: 'Download your lab requisition (PDF)' }).getAttribute('href'))!,
  );
  expect(requisition.headers()['content-type']).toBe('application/pdf');
  expect((await requisition.body()).subarray(0, 5).toString()).toBe('%PDF-');
  // the requisition is the member's own: another account does not find it
  expect((await clinician.page.request.get(`/api/orders/${orderId}/requisition.pdf`)).status()).toBe(404);

  await clinician.context.close();

  const operator = await staffPage(browser, staff.operator, '/admin');
  const outbox = await ok(await operator.page.request.get(`/api/admin/outbox?to=${encodeURIComponent(email)}`));
  const approved = (outbox.emails as { subject: string; text: string }[]).find((message) => message.subject.endsWith('is approved'));
  expect(approved?.text).toContain('Partner Lab – Downtown Austin, 410 Congress Ave, Austin, TX 78701.');
  expect(approved?.text).toContain('Its opening hours: Mon–Fri 6:30 am – 6:00 pm, Sat 8:00 am – 1:00 pm.');
  expect(approved?.text).toContain('your lab requisition: download it (PDF) from your order page');
  await operator.context.close();
});
