import { expect, test } from './fixtures';
import { expectAccessible } from './journey';
import { signUpClinic } from './provider-journey';

// A clinic's admin saves the clinic's card with the test gateway's form (nothing charged), sees a
// declined card refused, a card that asks for the bank's check saved once approved, and removes it.
test('a clinic admin saves, replaces and removes the clinic card', async ({ page }) => {
  test.slow();
  const tag = Date.now().toString(36);
  const clinic = `Card Clinic ${tag}`;
  await signUpClinic(page, clinic, `ana@card-${tag}.example`);

  const panel = page.getByRole('region', { name: 'Clinic card' });
  await expect(panel.getByText('Your clinic has no saved card.')).toBeVisible();
  const form = panel.getByRole('form', { name: 'Add a clinic card' });
  const typeCard = async (number: string) => {
    await panel.getByLabel('Card number').fill(number);
    await panel.getByLabel('Expiry (MM/YY)').fill('12/34');
    await panel.getByLabel('Security code').fill('123');
  };

  await typeCard('4000 0000 0000 0002');
  await form.getByRole('button', { name: 'Save card' }).click();
  await expect(panel.getByText('Your bank declined this card. Please use another card.')).toBeVisible();

  await typeCard('4242 4242 4242 4242');
  await form.getByRole('button', { name: 'Save card' }).click();
  await expect(panel.getByText('Visa ending 4242, expires 12/34')).toBeVisible();
  await expect(panel.getByText('Your clinic’s card is saved.', { exact: false })).toBeVisible();
  await expectAccessible(page);

  // a card the bank checks first: the test gateway's stand-in asks, the admin approves
  await typeCard('4000 0025 0000 3155');
  await panel.getByRole('form', { name: 'Replace the clinic card' }).getByRole('button', { name: 'Replace card' }).click();
  const bank = page.getByRole('dialog', { name: 'Confirm your payment' });
  await bank.getByRole('button', { name: 'Approve payment' }).click();
  await expect(panel.getByText('Visa ending 3155, expires 12/34')).toBeVisible();

  await page.reload();
  await expect(panel.getByText('Visa ending 3155, expires 12/34')).toBeVisible();
  await panel.getByRole('button', { name: 'Remove card' }).click();
  await expect(panel.getByText('Your clinic’s card is removed.', { exact: false })).toBeVisible();
  await expect(panel.getByText('Your clinic has no saved card.')).toBeVisible();
});
