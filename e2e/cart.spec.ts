import { expect, test, type Page } from './fixtures';
import { mailTo } from './console-journey';
import { expectAccessible, ok, starterTestInCart, takeQuiz, uniqueEmail } from './journey';

// An unexpected console error fails the test; a refused request (the 409 that asks for a
// confirmation) is logged by the browser itself and is expected.
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

const sidebar = (page: Page) => page.getByRole('dialog', { name: 'Your cart' });
const lines = (page: Page) => sidebar(page).getByRole('list', { name: 'Items in your cart' });

test('the cart: add from quiz results, replace the starter test with the Complete bundle, remove, empty', async ({ page }) => {
  await takeQuiz(page);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByRole('button', { name: 'No thanks' }).click();

  await expect(sidebar(page)).toBeVisible();
  await expect(lines(page)).toContainText('Cortisol Test (Starter test)');
  await expect(lines(page)).toContainText('Improvement Program');
  await expect(sidebar(page).getByRole('region', { name: 'Cart totals' })).toContainText('Total due today$79.95');
  await expect(sidebar(page).getByRole('region', { name: 'Cart totals' })).toContainText('Billed when results arrive$140.05');
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(sidebar(page)).toBeHidden();
  await expect(page.getByRole('button', { name: 'Cart, 2 items' })).toBeVisible();

  // the Complete bundle would replace the starter test: asked first, and cancelling keeps it
  await page.getByRole('button', { name: 'Get the Complete plan instead' }).click();
  const confirmation = page.getByRole('dialog', { name: 'Replace your starter test?' });
  await expect(confirmation).toContainText('Adding Complete bundle replaces the starter test from your quiz, Cortisol Test (Starter test)');
  await expect(confirmation).toContainText('It stays available by email once you are signed in.');
  await expect(confirmation).toContainText('Cancelling keeps your starter test in your cart.');
  await expectAccessible(page);
  await confirmation.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirmation).toBeHidden();
  await page.getByRole('button', { name: 'Cart, 2 items' }).click();
  await expect(lines(page)).toContainText('Cortisol Test (Starter test)');
  await sidebar(page).getByRole('button', { name: 'Close cart' }).click();
  // closed, the cart gives the focus back to the button that opened it
  await expect(page.getByRole('button', { name: 'Cart, 2 items' })).toBeFocused();

  await page.getByRole('button', { name: 'Get the Complete plan instead' }).click();
  await confirmation.getByRole('button', { name: 'Confirm' }).click();
  await expect(lines(page)).toContainText('Complete bundle');
  await expect(lines(page)).not.toContainText('Cortisol Test');
  await expect(sidebar(page).getByRole('region', { name: 'Cart totals' })).toContainText('Total due today$449.00');

  await sidebar(page).getByRole('button', { name: 'Remove Complete bundle' }).click();
  await expect(sidebar(page)).toContainText('Your cart is empty');
  // the line and its Remove button are gone: the focus is on what the empty cart offers
  await expect(sidebar(page).getByRole('button', { name: 'Continue shopping' })).toBeFocused();
  await expectAccessible(page);
  await sidebar(page).getByRole('button', { name: 'Continue shopping' }).click();
  await expect(sidebar(page)).toBeHidden();
  await expect(page.getByRole('button', { name: 'Cart, 0 items' })).toBeVisible();
});

test('fast-track: added with its processing state, removed, and skipped', async ({ page }) => {
  await page.goto('/quiz-results/sleep');
  await page.getByRole('radio', { name: /Starter test only/ }).check();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByRole('button', { name: 'No thanks' }).click();
  await expect(lines(page)).toContainText('Melatonin Test');
  await page.keyboard.press('Escape');

  await page.goto('/upgrade-fast-track');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fast-track your Melatonin Test');
  await expect(page.getByText('74% better chance of finding issues')).toBeVisible();
  await expectAccessible(page);

  // hold the request so the processing state can be seen
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/cart/items', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Add fast-track' }).click();
  await expect(page.getByRole('heading', { name: 'Order Processing' })).toBeVisible();
  release();
  await expect(page.getByRole('heading', { name: 'Thank you' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Order summary' })).toContainText('Fast-track: expanded starter test');
  await page.unroute('**/api/cart/items');

  await page.getByRole('button', { name: 'Remove fast-track' }).click();
  await expect(page.getByRole('button', { name: 'Add fast-track' })).toBeVisible();

  await page.getByRole('button', { name: 'Skip' }).click();
  await expect(page).toHaveURL(/\/checkout-payment$/);
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(summary).toContainText('Melatonin Test');
  await expect(summary).not.toContainText('Fast-track');
});

test('an add-on test goes in beside the starter test, and its button says so', async ({ page }) => {
  await page.goto('/add-test');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Add a test');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Add Focus Test to cart' }).click();
  await expect(lines(page)).toContainText('Focus Test');
  await expect(sidebar(page).getByRole('region', { name: 'Cart totals' })).toContainText('Total due today$79.95');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Focus Test: added to cart' })).toHaveText(/Added to cart/);

  await page.goto('/add-ons-page');
  // the prerendered page's buttons work once its script has taken the page over
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: 'Add Food allergy test to cart' }).click();
  await expect(lines(page)).toContainText('Food allergy test');
  await expect(sidebar(page).getByRole('region', { name: 'Cart totals' })).toContainText('Total due today$254.95');
});

test('a changed quantity shows at once, the totals follow the server, and a refusal puts the old one back', async ({ page }) => {
  await page.goto('/add-test');
  await page.getByRole('button', { name: 'Add Focus Test to cart' }).click();
  await expect(sidebar(page).getByRole('region', { name: 'Cart totals' })).toContainText('Total due today$79.95');
  const quantity = sidebar(page).getByRole('combobox', { name: 'Quantity of Focus Test' });

  // the server takes its time: the new quantity is shown meanwhile, the line marked as busy
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/cart/items/*', async (route) => {
    if (route.request().method() === 'PATCH') await released;
    await route.continue();
  });
  await quantity.selectOption('2');
  await expect(quantity).toHaveValue('2');
  await expect(lines(page).locator('li[aria-busy="true"]')).toHaveCount(1);
  await expect(sidebar(page).getByRole('region', { name: 'Cart totals' })).toHaveText('Updating your totals…');
  release();
  await expect(sidebar(page).getByRole('region', { name: 'Cart totals' })).toContainText('Total due today$159.90');
  await expect(lines(page).locator('li[aria-busy="true"]')).toHaveCount(0);
  await page.unroute('**/api/cart/items/*');

  // refused: the line shows its quantity from before, with the reason
  await page.route('**/api/cart/items/*', (route) =>
    route.request().method() === 'PATCH'
      ? route.fulfill({
          status: 404,
          contentType: 'application/json',
          body: JSON.stringify({ code: 'CART_ITEM_NOT_FOUND', message: 'This item is no longer in your cart.' }),
        })
      : route.continue(),
  );
  await quantity.selectOption('3');
  await expect(sidebar(page).getByRole('alert')).toHaveText('This item is no longer in your cart.');
  await expect(quantity).toHaveValue('2');
  await expect(sidebar(page).getByRole('region', { name: 'Cart totals' })).toContainText('Total due today$159.90');
});

test('an area test asks before it replaces the quiz starter test: cancel keeps it, confirm replaces it and e-mails the way back', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('kept');
  await ok(await page.request.post('/api/checkout/account', { data: { email, password: 'Sup3r-secret!' } }));
  await starterTestInCart(page.request);
  await page.goto('/goal/stress');
  // the area page is prerendered: its buttons work once its script has taken it over
  await page.waitForLoadState('networkidle');

  const add = page.getByRole('button', { name: 'Add the Cortisol Test', exact: true });
  await add.click();
  const confirmation = page.getByRole('dialog', { name: 'Replace your starter test?' });
  await expect(confirmation).toContainText('Adding Cortisol Test replaces the starter test from your quiz, Cortisol Test (Starter test).');
  await expect(confirmation).toContainText('It stays available by email: we send you a link back to your quiz results.');
  await expectAccessible(page);
  await confirmation.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirmation).toBeHidden();
  // nothing changed, and the keyboard is back where it was
  await expect(add).toBeFocused();
  await expect(page).toHaveURL(/\/goal\/stress$/);
  await page.getByRole('button', { name: 'Cart, 1 item' }).click();
  await expect(lines(page)).toContainText('Cortisol Test (Starter test)');
  await sidebar(page).getByRole('button', { name: 'Close cart' }).click();

  await add.click();
  await confirmation.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/checkout-payment$/);
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(summary).toContainText('Cortisol Test');
  await expect(summary).not.toContainText('Starter test');

  const mail = await mailTo(browser, email, 'Your Cortisol Test is saved for you');
  expect(mail).toContain('You replaced the Cortisol Test your quiz recommended in your cart.');
  expect(mail).toMatch(/See my quiz results.*\/quiz-results\?id=[\w-]+/s);
});
