import { expect, test } from './fixtures';
import { starterTestInCart } from './journey';

// The checkout for a person on a small screen, with a keyboard or a screen reader (WCAG 2.2 AA).

test('the checkout sent empty reads its errors out and takes the focus to the first field to fix', async ({ page }) => {
  await starterTestInCart(page.request);
  await page.goto('/checkout-payment');
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: /^Pay / }).click();

  const email = page.getByLabel('Email');
  await expect(email).toBeFocused();
  // the error the e-mail field names is in a live region, and so is the card number's
  const emailError = await email.getAttribute('aria-describedby');
  await expect(page.locator(`[aria-live="polite"] > [id="${emailError}"]`)).not.toBeEmpty();
  await expect(page.locator('[aria-live="polite"] > #card-number-error')).toHaveText('Please enter a valid card number');
});
