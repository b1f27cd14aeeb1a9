import { expect, test } from './fixtures';
import { staff, staffPage } from './console-journey';
import { expectAccessible } from './journey';

// An operator sets where a payee's transfers go: a malformed account is refused beside its field
// and nothing is saved; a good one is saved, said, and kept when the page is opened again.
test('an operator sets an affiliate’s Stripe account for payouts in the console', async ({ browser }) => {
  const { context, page } = await staffPage(browser, staff.operator, '/admin/payouts');
  await expect(page.getByRole('heading', { level: 1, name: 'Payouts' })).toBeVisible();
  const payees = page.getByRole('table', { name: 'Affiliates and clinics, what they are owed and their payout account' });
  const ness = payees.getByRole('row').filter({ hasText: 'Ness' });
  await expect(ness).toContainText('Affiliate');
  const account = ness.getByLabel('Ness’s Stripe account');

  await account.fill('cus_12345678');
  await ness.getByRole('button', { name: 'Save' }).click();
  await expect(ness.getByText('Enter the payee’s Stripe account id, which starts with acct_.')).toBeVisible();
  await expect(account).toBeFocused();
  await expectAccessible(page);

  const saved = `acct_e2e${Date.now().toString(36)}`;
  await account.fill(saved);
  await ness.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Ness’s transfers now go to ${saved}.`)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: 'Ness' }).getByLabel('Ness’s Stripe account')).toHaveValue(saved);
  await context.close();
});
