import { expect, test } from './fixtures';
import { starterTestInCart } from './journey';

// The checkout for a person on a small screen, with a keyboard or a screen reader (WCAG 2.2 AA).

test('the checkout reflows at 320 px: nothing scrolls sideways, Pay and Apply are in view (WCAG 1.4.10)', async ({ page }) => {
  await starterTestInCart(page.request);
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto('/checkout-payment');
  await expect(page.getByRole('button', { name: /^Pay / })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  for (const name of [/^Pay /, 'Apply']) {
    const box = await page.getByRole('button', { name }).boundingBox();
    expect(box!.x + box!.width, `${name} ends inside the screen`).toBeLessThanOrEqual(320);
  }
});

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

test('a page reached by one of the shop’s links takes the focus to its content and has its title read out', async ({ page }) => {
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  const announcer = page.locator('[aria-live="polite"][aria-atomic="true"]');
  await expect(announcer).toBeEmpty();
  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms', exact: true }).click();
  await expect(page).toHaveURL(/\/terms$/);
  await expect(page.locator('#main')).toBeFocused();
  await expect(announcer).toHaveText(/Terms of service/);
  // a Tab from there goes on from the page's content (into it, or past it to the footer), not back to the top
  await page.keyboard.press('Tab');
  const after = await page.evaluate(() => {
    const main = document.getElementById('main')!;
    const active = document.activeElement!;
    return main.contains(active) || Boolean(main.compareDocumentPosition(active) & Node.DOCUMENT_POSITION_FOLLOWING);
  });
  expect(after).toBe(true);
});
