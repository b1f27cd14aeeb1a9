import { reportPdf } from '../apps/api/test/handmade-pdf';
import { pdfText } from '../apps/api/test/pdf-text';
import { expect, test } from './fixtures';
import { staff, staffPage } from './console-journey';
import { expectAccessible, fillAccount, pay, uniqueEmail } from './journey';

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

const labReport = reportPdf('Ferritin 12 ng/mL (30-400)  Vitamin D 41 ng/mL (30-100)', { objectStream: true });

test('a member buys the nutritional plan, uploads their labs; a coach reads them and writes the plan; the member reads it', async ({
  page,
  browser,
}) => {
  // the journey ends on the account's order pages as well: longer than a page test's 90 s on a busy host
  test.setTimeout(150_000);
  await page.goto('/nutritional-plan');
  await page.getByRole('main').getByRole('button', { name: 'Add to cart' }).click();
  // the offer page's button goes straight to the checkout
  await expect(page).toHaveURL(/\/checkout-payment$/);
  await expect(page.getByRole('button', { name: 'Pay $49.95' })).toBeVisible();
  const email = uniqueEmail('labs');
  await fillAccount(page, email);
  await pay(page, '4242 4242 4242 4242');
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  const orderNumber = (await page.getByText(/^Order #\d+/).textContent())!.match(/#(\d+)/)![1]!;
  await expect(page.getByText(/once you upload it, a nutritionist reviews it within 48 hours/)).toBeVisible();

  // the next step is the upload
  await page.getByRole('link', { name: 'Upload your lab report' }).click();
  await expect(page).toHaveURL(/\/account\/nutritional-plan$/);
  await expect(page.getByRole('heading', { name: 'Upload your lab report' })).toBeVisible();
  await expectAccessible(page);

  // an executable renamed report.pdf is refused by its content, under the field
  const file = page.getByLabel('Your lab report');
  await file.setInputFiles({
    name: 'report.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(4000, 0x90)]),
  });
  await page.getByRole('button', { name: 'Upload my lab report' }).click();
  await expect(page.getByText('This file is not a PDF, JPEG or PNG. Please upload your lab report as a PDF or a photo.')).toBeVisible();
  await expect(file).toHaveAttribute('aria-invalid', 'true');

  // the real report goes in, and the member lands on the confirmation
  await file.setInputFiles({ name: 'my-labs.pdf', mimeType: 'application/pdf', buffer: labReport });
  await page.getByRole('button', { name: 'Upload my lab report' }).click();
  await expect(page).toHaveURL(/\/nutritional-plan-confirm$/);
  await expect(page.getByRole('heading', { name: 'Thank you: your lab report is with our nutritionists' })).toBeVisible();
  await page.getByRole('link', { name: 'See your nutritional plan' }).click();
  await expect(page.getByRole('heading', { name: 'Your lab report is with our nutritionists' })).toBeVisible();
  await expect(page.getByText(/Your plan is due by/)).toContainText('ET');
  await expect(page.getByRole('listitem').filter({ hasText: /^Report 1 \(PDF, \d+ KB\)$/ })).toBeVisible();
  await expect(page.getByLabel('Add another page')).toBeVisible();

  // the coach finds it in the console's queue, on its clock
  const coach = await staffPage(browser, staff.coach, '/admin/lab-reviews');
  const console = coach.page;
  await expect(console.getByRole('heading', { name: 'Lab reviews' })).toBeVisible();
  await expect(console.getByRole('navigation', { name: 'Console' }).getByRole('link')).toHaveText(['Coaching', 'Lab reviews']);
  const row = console.getByRole('row').filter({ hasText: `#${orderNumber}` });
  await expect(row).toContainText('Due in 47 h');
  await expectAccessible(console);
  await row.getByRole('link', { name: `#${orderNumber}` }).click();
  await expect(console.getByRole('heading', { name: new RegExp(`^Lab review: order #${orderNumber}`) })).toBeVisible();

  // the file opens for the reviewer, decrypted, as the PDF that was sent
  const fileLink = console.getByRole('link', { name: /^Report 1 \(PDF/ });
  const opened = await console.request.get((await fileLink.getAttribute('href'))!);
  expect(opened.status()).toBe(200);
  expect(opened.headers()['content-type']).toBe('application/pdf');
  expect((await opened.body()).equals(labReport)).toBe(true);

  // the plan is checked before it goes
  await console.getByRole('button', { name: 'Send the plan to the member' }).click();
  await expect(console.getByText('Please say what the results mean in a few sentences.')).toBeVisible();
  await console
    .getByLabel('What the results say')
    .fill('Your ferritin is below its range, so your iron stores are low. Your vitamin D is in range.');
  await console.getByLabel('Foods to eat more of').fill('Lentils\nSpinach with lemon\nSardines');
  await console.getByLabel('Foods to eat less of').fill('Tea with meals');
  await console.getByLabel('Meal ideas').fill('Lentil and spinach soup');
  await console.getByLabel('Shopping list').fill('Red lentils\nBaby spinach\nLemons');
  await console.getByRole('button', { name: 'Send the plan to the member' }).click();
  await expect(console.getByRole('status')).toHaveText('The plan is sent: the member is e-mailed that it is ready.');
  await expect(console.getByRole('heading', { name: /^The plan sent by/ })).toBeVisible();
  await coach.context.close();

  // the member reads it, and downloads it
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Your plan is ready' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Foods to eat more of' }).getByRole('listitem')).toHaveText([
    'Lentils',
    'Spinach with lemon',
    'Sardines',
  ]);
  await expect(page.getByRole('button', { name: /Upload/ })).toHaveCount(0);
  await expectAccessible(page);
  const pdf = await page.request.get((await page.getByRole('link', { name: 'Download the PDF' }).getAttribute('href'))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const printed = (await pdfText(await pdf.body())).replace(/\s+/g, ' ');
  expect(printed).toContain('Your ferritin is below its range, so your iron stores are low.');
  for (const item of ['Sardines', 'Tea with meals', 'Lentil and spinach soup', 'Baby spinach']) expect(printed).toContain(item);

  // the order follows the plan: delivered, not "Paid" with "Upload your lab report" any more
  await page.goto('/account');
  const listed = page.getByRole('listitem').filter({ hasText: `Order #${orderNumber}` });
  await expect(listed).toContainText('Plan delivered');
  await expect(listed).not.toContainText('Paid');
  await listed.getByRole('link', { name: `Order #${orderNumber}` }).click();
  await expect(page.getByText('Plan delivered', { exact: true })).toBeVisible();
  const next = page.getByRole('region', { name: 'What happens next' });
  await expect(next).toContainText('Your nutritional plan is ready: read it in your account or download it as a PDF.');
  await expect(next.getByRole('link', { name: 'Upload your lab report' })).toHaveCount(0);
  await next.getByRole('link', { name: 'Read your plan' }).click();
  await expect(page.getByRole('heading', { name: 'Your plan is ready' })).toBeVisible();

  // and has been told by e-mail, which carries none of the plan
  const operator = await staffPage(browser, staff.operator, `/admin/outbox?to=${encodeURIComponent(email)}`);
  const mail = operator.page.getByRole('article', { name: `Your nutritional plan is ready to ${email}` });
  await expect(async () => {
    await operator.page.reload();
    await expect(mail).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(mail).toContainText('/account/nutritional-plan');
  await expect(mail).not.toContainText('Lentils');
  await operator.context.close();
});
