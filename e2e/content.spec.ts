import { expect, test, type Page } from './fixtures';
import { expectAccessible } from './journey';

/** The page's structured data, parsed: script text is not visible text, so it is read directly. */
async function structuredData(page: Page): Promise<Array<Record<string, unknown>>> {
  const texts = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((elements) => elements.map((element) => element.textContent ?? ''));
  return texts.map((text) => JSON.parse(text) as Record<string, unknown>);
}

test('a non-canonical biomarker slug redirects permanently to its page', async ({ page, request }) => {
  const response = await request.get('/test/vitamind', { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(new URL(response.headers().location ?? '', 'http://shop.test').pathname).toBe('/test/vitamin-d');

  await page.goto('/test/tsh');
  await expect(page).toHaveURL(/\/test\/t3$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thyroid test (TSH, T4, T3)');
});

test('a biomarker page has its copy, its price and Product structured data', async ({ page }) => {
  await page.goto('/test/vitamin-d');
  await expect(page.getByRole('heading', { name: 'What a result means' })).toBeVisible();
  await expect(page.getByText('$79.95')).toBeVisible();
  const product = (await structuredData(page)).find((data) => data['@type'] === 'Product');
  expect(product?.offers).toMatchObject({ price: '79.95', priceCurrency: 'USD' });
  await expectAccessible(page);
});

for (const path of ['/test/not-a-marker', '/goal/not-a-goal', '/app/not-a-feature', '/blog/not-an-article']) {
  test(`${path} is the 404 page, not an error`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: "Whoops - we couldn't find what you're looking for." })).toBeVisible();
  });
}

test('an area page’s FAQ opens and is described for search engines', async ({ page }) => {
  await page.goto('/goal/sleep');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('A sleep testing plan that starts with melatonin');
  const answer = page.getByText('In the early evening, at bedtime and on waking');
  await expect(answer).toBeHidden();
  await page.getByText('When do I collect the samples?').click();
  await expect(answer).toBeVisible();
  const faq = (await structuredData(page)).filter((data) => data['@type'] === 'FAQPage');
  expect(faq).toHaveLength(1);
  expect(JSON.stringify(faq[0])).toContain('When do I collect the samples?');
  await expect(page.getByRole('heading', { name: 'Delivery frequency' })).toBeVisible();
  await expectAccessible(page);
});

test('the home page leads to the areas, the quiz and the sample plan', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: '2-month programs by area' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Get a sample nutritional plan' })).toBeVisible();
  await page.getByRole('link', { name: /^Stress/ }).click();
  await expect(page).toHaveURL(/\/goal\/stress$/);
  await expectAccessible(page);
});

test('offer pages show the catalog’s prices', async ({ page }) => {
  await page.goto('/complete-testing-plan');
  await expect(page.getByRole('heading', { name: '8 tests in 3 kits' })).toBeVisible();
  await expect(page.locator('s', { hasText: '$750.00' }).first()).toBeVisible();
  await expect(page.getByText('$449.00').first()).toBeVisible();
  await page.goto('/food-sensitivity');
  await expect(page.getByText('$184.00').first()).toBeVisible();
  await expect(page.getByRole('table')).toContainText('High reaction');
  await expectAccessible(page);
});

test('a standalone test goes into the cart from its page', async ({ page }) => {
  await page.goto('/food-allergy');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page).toHaveURL(/\/checkout-payment$/);
  await expect(page.getByText('Food allergy test').first()).toBeVisible();
});

test('the footer leads to how testing works and how health data is protected', async ({ page }) => {
  await page.goto('/');
  const footer = page.locator('footer');
  await footer.getByRole('link', { name: 'How testing works' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('How testing works');
  await expect(page.getByRole('heading', { name: 'A clinician reviews your order' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'A certified lab analyses it' })).toBeVisible();
  await expectAccessible(page);

  await page.locator('footer').getByRole('link', { name: 'Health data', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('How we protect your health data');
  for (const heading of [
    'Encrypted before they are stored',
    'Every read is logged',
    'Nothing for advertisers',
    'Minors’ data removed within 24 hours',
  ]) {
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  }
  await expectAccessible(page);
});

test('the consultation is in the menus, and the checkout offers a returning customer sign-in and a new password', async ({ page }) => {
  await page.goto('/');
  await page.locator('footer').getByRole('link', { name: 'Add-ons and coach consultation' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Add-ons');
  await page.getByRole('button', { name: 'Add Health coach consultation to cart' }).click();
  await expect(page.getByRole('button', { name: 'Health coach consultation: added to cart' })).toBeVisible();

  await page.goto('/checkout-payment');
  await expect(page.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/reset-password');
  await page.getByRole('link', { name: 'sign in first' }).click();
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fcheckout-payment$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
});

test('the app pages say how to keep the account on a phone, and the shop names itself as an app', async ({ page, request }) => {
  await page.goto('/app/meal-plans');
  await expect(page.getByText(/choose “Add to Home Screen”/)).toBeVisible();
  await expect(page.getByText(/App Store|Google Play/)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Base Daily members: today’s meals' })).toHaveAttribute('href', '/account/daily');
  const manifestPath = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = await request.get(manifestPath!);
  expect(manifest.ok()).toBe(true);
  expect(await manifest.json()).toMatchObject({ name: 'Base', start_url: '/account', display: 'standalone' });
});

test('every test of an area is drawn differently, and the checkout names the cards it takes and keeps the number safe', async ({
  page,
}) => {
  await page.goto('/goal/energy');
  const drawings = await page.locator('svg[data-test-art]').evaluateAll((elements) => elements.map((element) => element.innerHTML));
  expect(drawings.length).toBeGreaterThan(1);
  expect(new Set(drawings).size).toBe(drawings.length);

  await page.goto('/food-allergy');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page).toHaveURL(/\/checkout-payment$/);
  const payment = page.getByRole('group', { name: '2. Payment' });
  await expect(payment.getByText('We accept Visa, Mastercard, American Express and Discover.')).toBeAttached();
  await expect(payment.getByText(/^Secure payment: your card travels encrypted to our payment processor\./)).toBeVisible();
  await expectAccessible(page);
});

test('a server-rendered page links to the address it was asked on; a prerendered page to PUBLIC_URL', async ({ request, baseURL }) => {
  const port = new URL(baseURL!).port;
  for (const origin of [`http://127.0.0.1:${port}`, `http://localhost:${port}`]) {
    const html = await (await request.get(`${origin}/checkout-payment`)).text();
    expect(html).toContain(`<link rel="canonical" href="${origin}/checkout-payment"/>`);
  }
  // a prerendered page is one file, written with the PUBLIC_URL of its build, whoever asks
  const canonical = async (origin: string) =>
    /<link rel="canonical" href="([^"]+)"\/>/.exec(await (await request.get(`${origin}/science`)).text())?.[1];
  const built = await canonical(`http://127.0.0.1:${port}`);
  expect(built).toMatch(/^https?:\/\/[^/]+\/science$/);
  expect(await canonical(`http://localhost:${port}`)).toBe(built);
});
