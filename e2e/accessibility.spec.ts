import { expect, test, type Locator, type Page } from './fixtures';
import { orderAwaitingApproval, staff, staffPage } from './console-journey';
import { expectFocusIndicators } from './focus-indicators';
import { fillAccount, pay, starterTestInCart, takeQuiz, uniqueEmail } from './journey';
import { signUpClinicByRequest } from './provider-journey';

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

/** Fails unless the page at `path` fits a 320 px wide screen: nothing scrolls sideways (WCAG 1.4.10). */
async function expectReflowAt320(page: Page, path: string) {
  // the pages are rendered on the server with their data: loaded, they have their width
  await page.goto(path);
  await expect(page.locator('h1').first()).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${path} is ${width} px wide at 320 px`).toBeLessThanOrEqual(320);
  // and each of its controls, given the focus, shows it and is not covered (WCAG 2.4.7, 1.4.11, 2.4.11)
  await expectFocusIndicators(page);
}

/** An address with no hyphen to break at, longer than a 320 px line: it must wrap all the same. */
const longEmail = () => `christopher.washington.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@example.com`;

test('the pages after payment and every console page reflow at 320 px, with a long e-mail address (WCAG 1.4.10)', async ({
  page,
  browser,
}) => {
  // a long journey of several people: more time than a page test on a busy machine
  test.slow();
  const email = longEmail();
  const order = await orderAwaitingApproval(page.request, email);
  await page.setViewportSize({ width: 320, height: 640 });
  for (const path of [
    `/successful-payment?order=${order.id}`,
    `/collection?order=${order.id}`,
    `/checkout-improvement-program?order=${order.id}`,
    `/account/orders/${order.id}`,
    '/account',
  ]) {
    await expectReflowAt320(page, path);
  }

  const operator = await staffPage(browser, staff.operator, '/admin');
  await operator.page.setViewportSize({ width: 320, height: 640 });
  for (const path of [
    '/admin',
    `/admin/orders/${order.id}`,
    '/admin/customers',
    '/admin/subscriptions',
    '/admin/leads',
    '/admin/coupons',
    '/admin/employers',
    '/admin/affiliates',
    '/admin/payouts',
    '/admin/coaching',
    '/admin/lab-reviews',
    '/admin/outside-reports',
    '/admin/messages',
    '/admin/experiments',
    '/admin/client-errors',
    // the outbox holds the customer's receipt, whose long links must wrap
    '/admin/outbox',
    '/admin/team',
  ]) {
    await expectReflowAt320(operator.page, path);
  }
  // the address is there to wrap: the account says who is signed in, the order names its customer
  await operator.page.goto(`/admin/orders/${order.id}`);
  await expect(operator.page.getByRole('link', { name: email })).toBeVisible();
  await operator.context.close();
  await page.goto('/account');
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
});

test('the medical profile tells the browser which of its fields are the member’s birthday, sex and state (WCAG 1.3.5)', async ({
  page,
}) => {
  await orderAwaitingApproval(page.request);
  await page.goto('/account/profile');
  const profile = page.getByRole('form', { name: 'Medical profile' });
  await expect(profile.getByLabel('Date of birth')).toHaveAttribute('autocomplete', 'bday');
  await expect(profile.getByLabel('Sex at birth')).toHaveAttribute('autocomplete', 'sex');
  await expect(profile.getByLabel('State')).toHaveAttribute('autocomplete', 'address-level1');
});

test('after Resend receipt the focus is on its answer, read out once as it takes it (WCAG 2.4.3, 4.1.3)', async ({ page, browser }) => {
  const order = await orderAwaitingApproval(page.request);
  const operator = await staffPage(browser, staff.operator, `/admin/orders/${order.id}`);
  await operator.page.waitForLoadState('networkidle');
  await operator.page.getByRole('button', { name: 'Resend receipt' }).focus();
  await operator.page.keyboard.press('Enter');
  const answer = operator.page.getByRole('status').filter({ hasText: 'Resend receipt: done.' });
  await expect(answer).toBeFocused();
  // no live region around it reads it a second time
  const around = await answer.evaluate(
    (element) => element.parentElement!.closest('[aria-live], [role="status"], [role="alert"]')?.outerHTML ?? null,
  );
  expect(around).toBeNull();
  await operator.context.close();
});

test('a clinic that already has a dashboard: the message that replaces the sign-up form takes the focus and is read out (WCAG 2.4.3, 4.1.3)', async ({
  page,
  request,
}) => {
  const clinic = `Focus Clinic ${Date.now().toString(36)}`;
  await signUpClinicByRequest(request, clinic, uniqueEmail('first-admin'));
  await page.goto('/providers/sign-up');
  await page.waitForLoadState('networkidle');
  await page.getByLabel('Clinic name').fill(clinic);
  await page.getByLabel('Type of clinic').selectOption('functional_medicine');
  await page.getByLabel('Street address').fill('12 Main Street');
  await page.getByLabel('City').fill('Austin');
  await page.getByLabel('State', { exact: true }).selectOption('TX');
  await page.getByLabel('ZIP code').fill('73301');
  await page.getByLabel('Full name').fill('Sam Reed');
  await page.getByLabel('Work e-mail address').fill(uniqueEmail('second-admin'));
  await page.getByLabel('Password').fill('Clinic-passw0rd!');
  await page.getByRole('button', { name: 'Create my free dashboard' }).press('Enter');
  const message = page.getByRole('status').filter({ has: page.getByRole('heading', { name: `${clinic} already has a dashboard` }) });
  await expect(message).toBeFocused();
});

test('under reduced motion the payment’s spinner and the busy bar stand still (WCAG 2.3.3)', async ({ page }) => {
  await starterTestInCart(page.request);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/checkout-payment');
  await page.waitForLoadState('networkidle');
  // the card's answer never comes: the page goes on waiting, with its spinner and its bar
  await page.route('**/api/payments/test-gateway/payment-methods', () => undefined);
  await fillAccount(page, uniqueEmail('still'));
  await pay(page, '4242 4242 4242 4242');
  const button = page.getByRole('button', { name: 'Processing payment…' });
  await expect(button).toBeVisible();
  await expect(page.locator('#page-busy')).toBeVisible();
  await expect(button.locator('.animate-spin')).toHaveCSS('animation-iteration-count', '1');
  await expect
    .poll(() => page.evaluate(() => document.getAnimations().filter((animation) => animation.playState === 'running').length))
    .toBe(0);
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

/** Presses Tab until `target` has the focus, as a keyboard user does; fails after `limit` presses. */
async function tabTo(page: Page, target: Locator, limit = 80) {
  for (let presses = 0; presses < limit; presses++) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test('a purchase from the home page to its confirmation with the keyboard alone', async ({ page }) => {
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await tabTo(page, page.getByRole('link', { name: 'Take the quiz' }).first());
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/quiz$/);

  const counter = page.getByText(/^Question \d+ of \d+$/);
  await expect(counter).toBeVisible();
  const total = Number((await counter.textContent())!.split(' of ')[1]);
  // the first screen asks consent to collect health data: Space ticks it
  const collect = page.getByRole('checkbox', { name: /I agree that Base collects and keeps the health data I give it/ });
  await tabTo(page, collect);
  await page.keyboard.press('Space');
  await expect(collect).toBeChecked();
  for (let index = 1; index <= total; index++) {
    await expect(counter).toHaveText(`Question ${index} of ${total}`);
    const date = page.locator('input[type="date"]');
    if (await date.count()) {
      // the visitor's own birthday, which the browser may fill in (WCAG 1.3.5)
      await expect(date).toHaveAttribute('autocomplete', 'bday');
      await tabTo(page, date);
      await page.keyboard.type('04121990');
    } else {
      // Tab reaches a group's first option; the arrows move the choice within the group
      await tabTo(page, page.locator('input[type="radio"], input[type="checkbox"]:not([name="healthDataConsent"])').first());
      const anxiety = page.getByRole('radio', { name: /anxiety/i });
      if (await anxiety.count()) {
        for (let step = 0; step < 12 && !(await anxiety.isChecked()); step++) await page.keyboard.press('ArrowDown');
      } else {
        await page.keyboard.press('Space');
      }
    }
    await page.keyboard.press('Enter');
  }
  await expect(page).toHaveURL(/\/quiz-results\?id=/);
  await page.waitForLoadState('networkidle');

  await tabTo(page, page.getByRole('button', { name: 'Add to cart' }));
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('button', { name: 'No thanks' }));
  await page.keyboard.press('Enter');
  const cart = page.getByRole('dialog', { name: 'Your cart' });
  await expect(cart.getByRole('list', { name: 'Items in your cart' })).toContainText(/Starter test/);
  await tabTo(page, cart.getByRole('link', { name: 'Checkout' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/checkout-payment$/);
  await page.waitForLoadState('networkidle');

  // where the person tested lives is asked between the account and the card: a closed select
  // takes the typed name of the state
  const fields: [Locator, string][] = [
    [page.getByLabel('Email'), `keyboard.${Date.now().toString(36)}@example.com`],
    [page.getByLabel('Password'), 'Sup3r-secret!'],
    [page.getByRole('group', { name: 'Where the person tested lives' }).getByLabel('State'), 'Texas'],
    [page.getByLabel('Card number'), '4242424242424242'],
    [page.getByLabel('Expiry (MM/YY)'), '12/34'],
    [page.getByLabel('Security code'), '123'],
  ];
  for (const [field, text] of fields) {
    await tabTo(page, field);
    await page.keyboard.type(text);
  }
  await expect(page.getByRole('group', { name: 'Where the person tested lives' }).getByLabel('State')).toHaveValue('TX');
  const consent = page.getByRole('checkbox', { name: /charges it .* when my starter test results arrive/ });
  if (await consent.count()) {
    await tabTo(page, consent);
    await page.keyboard.press('Space');
    await expect(consent).toBeChecked();
  }
  // the lab's release of the results, which every test asks for
  const authorization = page.getByRole('checkbox', { name: /I authorize the partner laboratory that tests my sample/ });
  await tabTo(page, authorization);
  await page.keyboard.press('Space');
  await expect(authorization).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: /^Pay / }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Payment successful', level: 1 })).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/(successful-payment|thanks)/);
});

test('Escape on the fast-track offer adds the starter test as it is, as No thanks does, and the offer says so', async ({ page }) => {
  await takeQuiz(page);
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  const offer = page.getByRole('dialog', { name: 'Expand your starter test?' });
  await expect(offer).toContainText('No thanks, or closing this, adds your starter test as it is.');
  await page.keyboard.press('Escape');
  await expect(offer).toBeHidden();
  const cart = page.getByRole('dialog', { name: 'Your cart' });
  const items = cart.getByRole('list', { name: 'Items in your cart' });
  // the plan as the quiz recommended it, the starter test first, without the offer's fast-track
  await expect(items.getByRole('listitem').first()).toContainText(/Starter test/);
  await expect(items).not.toContainText(/Fast-track/);
});

test('the cart at 400% zoom (a 320 × 180 window): its items keep their room, and each Tab stop is a control in view, never the panel (WCAG 1.4.10, 2.4.7)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 180 });
  await page.goto('/add-ons-page');
  await page
    .getByRole('button', { name: /^Add .* to cart$/ })
    .first()
    .click();
  const items = page.getByRole('dialog', { name: 'Your cart' }).getByRole('list', { name: 'Items in your cart' });
  await expect(items.getByRole('listitem')).toHaveCount(1);
  // the item's name, price, quantity and Remove fit in the list: it is not squeezed to a sliver
  expect((await items.boundingBox())!.height).toBeGreaterThanOrEqual(80);
  // the focus starts on Close, then Tab goes to the quantity, Remove and Checkout
  for (let stop = 0; stop < 4; stop++) {
    if (stop > 0) await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement!;
      const box = element.getBoundingClientRect();
      return { tag: element.tagName, name: element.getAttribute('aria-label') ?? element.textContent, top: box.top, bottom: box.bottom };
    });
    if (stop === 0) expect(focused.name, 'the focus starts on Close').toBe('Close cart');
    expect(['BUTTON', 'SELECT', 'A'], `Tab stop ${stop + 1} is a control`).toContain(focused.tag);
    expect(focused.top, `Tab stop ${stop + 1} is in view`).toBeGreaterThanOrEqual(0);
    expect(focused.bottom, `Tab stop ${stop + 1} is in view`).toBeLessThanOrEqual(180);
  }
});
