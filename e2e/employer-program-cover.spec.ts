import { expect, test } from './fixtures';
import { mailTo, staff, staffPage } from './console-journey';
import { authorizeResults, chooseTestedState, uniqueEmail } from './journey';

// A group made with "Also the Improvement Program" covers it (decision 0051): the employee's covered
// checkout holds the program at $0.00, asks for no card now or for later, and places the order.
test('an employee whose employer covers the Improvement Program gets it at $0.00 without a card', async ({ browser, page }) => {
  test.slow();
  const slug = `program-${Date.now().toString(36)}`;
  const { context, page: console } = await staffPage(browser, staff.operator, '/admin/employers');
  const group = console.getByRole('form', { name: 'Employer group' });
  await group.getByLabel('Address (/b2b/…)').fill(slug);
  await group.getByLabel('Name employees know').fill('Program Tools');
  await group.getByLabel('Logo text').fill('PROG');
  await group.getByLabel('Also the Improvement Program').check();
  await group.getByRole('button', { name: 'Create group' }).click();
  await expect(console.getByRole('heading', { level: 1, name: 'Program Tools' })).toBeVisible();
  const census = console.getByRole('form', { name: 'Census' });
  await census
    .getByLabel(/Census CSV/)
    .fill('first_name,last_name,email,employee_id,date_of_birth\nGrace,Hopper,grace@program.test,,1976-12-09');
  await census.getByRole('button', { name: 'Apply census' }).click();
  await expect(console.getByText(/Census version 1 applied: 1 added/)).toBeVisible();
  await context.close();

  await page.goto(`/b2b/${slug}`);
  await expect(page.getByText('Your employer covers one lab test and the Improvement Program')).toBeVisible();
  await page.getByRole('link', { name: 'Choose Fatigue' }).click();
  await expect(page.getByRole('heading', { name: 'Confirm your cover' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const proof = page.getByRole('form', { name: 'Confirm your cover' });
  const email = uniqueEmail('employee');
  await proof.getByLabel('E-mail', { exact: true }).fill(email);
  await proof.getByLabel('Password').fill('Sup3r-secret!');
  await proof.getByLabel('First name').fill('Grace');
  await proof.getByLabel('Last name').fill('Hopper');
  await proof.getByLabel('Date of birth').fill('1976-12-09');
  await proof.getByLabel('Work e-mail or employee ID').fill('grace@program.test');
  await proof.getByRole('button', { name: 'Continue to your covered test' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Checkout for Program Tools' })).toBeVisible();
  await expect(page.getByText('Your fatigue starter test and the Improvement Program, offered through Program Tools.')).toBeVisible();
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(summary).toContainText('Improvement Program');
  await expect(summary.getByRole('definition').filter({ hasText: '$0.00' }).first()).toBeVisible();
  await expect(summary.getByText('Improvement Program, Covered by Program Tools')).toBeVisible();
  // each line says what the employee pays of it, its list price struck through, never as if due
  await expect(summary.getByRole('listitem').filter({ hasText: 'Improvement Program' })).toContainText(
    'Covered by Program Tools$0.00instead of $140.05',
  );
  await expect(summary.getByRole('listitem').filter({ hasText: 'Starter test' })).toContainText(
    'Covered by Program Tools$0.00instead of $79.95',
  );
  await expect(summary).not.toContainText('Billed when results arrive');
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  await chooseTestedState(page);
  await authorizeResults(page);
  await page.getByRole('button', { name: 'Place covered order' }).click();
  // nothing was paid: the page says who covers it, never "payment successful · $0.00 paid"
  await expect(page.getByRole('heading', { level: 1, name: 'Your order is placed' })).toBeVisible();
  await expect(page.getByText('Covered by Program Tools: nothing for you to pay.', { exact: false })).toBeVisible();
  const items = page.getByRole('region', { name: 'Your order' });
  await expect(items).toContainText('Covered by Program Tools−$79.95');
  await expect(items).toContainText('Paid by Program Tools when your results arrive');
  await expect(items).toContainText('Total $0.00');
  const number = (await page.getByText(/Order #\d+/).textContent())?.match(/#(\d+)/)?.[1];

  // the receipt says who paid, and no HSA or FSA claim for what the employee did not pay
  const receipt = await mailTo(browser, email, `Your Base receipt for order ${number}`);
  expect(receipt).toContain('Covered by Program Tools: −$79.95');
  expect(receipt).toContain('Total paid: $0.00');
  expect(receipt).toContain('Program Tools covers it: there is nothing for you to pay.');
  expect(receipt).toContain('Program Tools pays for Improvement Program when your starter test results arrive');
  expect(receipt).not.toContain('HSA');
});
