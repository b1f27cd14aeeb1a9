import { biomarkers, goals, isMarketingPage, products, tests } from '@shop/core';
import { expect, test } from './fixtures';
import { addStarterTestToCart, answerQuiz, expectAccessible, fillAccount, pay, uniqueEmail } from './journey';

// The third-party scripts against the local stand-in for their vendors (e2e/analytics-server.mjs),
// which the test servers configure for all four integrations (playwright.config.ts). This visitor
// has not answered the consent banner yet.
test.use({ thirdPartyScripts: 'on' });

const vendor = `http://localhost:${3191 + Number(process.env.TEST_PORT_OFFSET ?? 0)}`;

interface Received {
  method: string;
  url: string;
  referer: string;
  body: string;
  at: number;
}

async function receivedSince(since: number): Promise<Received[]> {
  const response = await fetch(`${vendor}/requests`);
  return ((await response.json()) as Received[]).filter((request) => request.at >= since);
}

// every word that would tell a third party about someone's health: the goals, the tests, the
// biomarkers and the products by name and slug
const healthWords = [
  ...goals.flatMap((goal) => [goal.slug, goal.name]),
  ...tests.flatMap((labTest) => [labTest.slug, labTest.title]),
  ...Object.entries(biomarkers).flatMap(([slug, biomarker]) => [slug, biomarker.title]),
  ...products.flatMap((product) => [product.code, product.title]),
];
const asWord = (text: string) => new RegExp(`(^|[^a-z0-9])${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^a-z0-9])`, 'i');

test('third-party scripts wait for consent, stay off the sensitive pages and never hear of health', async ({ page }) => {
  const since = Date.now();
  // where the page was when each request to the vendor left it
  const sentFrom: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(vendor)) sentFrom.push(new URL(page.url()).pathname);
  });

  await page.goto('/');
  const banner = page.getByRole('region', { name: 'Cookies' });
  await expect(banner).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectAccessible(page);
  expect(await receivedSince(since), 'nothing reaches a vendor before consent').toEqual([]);
  // the banner is for the marketing pages: the quiz (as the checkout) has none
  await page.getByRole('link', { name: 'Take the quiz' }).first().click();
  await expect(page).toHaveURL(/\/quiz$/);
  await expect(page.getByText(/^Question 1 of \d+$/)).toBeVisible();
  await expect(banner).toHaveCount(0);
  await page.goto('/');

  // with the keyboard
  await banner.getByRole('button', { name: 'Accept' }).focus();
  await page.keyboard.press('Enter');
  await expect(banner).toBeHidden();
  const consent = (await page.context().cookies()).find((cookie) => cookie.name === 'cookie_consent');
  expect(consent?.value).toBe('granted');
  expect(((consent?.expires ?? 0) * 1000 - Date.now()) / 86_400_000).toBeGreaterThan(179);
  await expect
    .poll(async () => (await receivedSince(since)).filter((request) => request.url.startsWith('/collect')).map((request) => request.body))
    .toContain(JSON.stringify({ event: 'page_view', path: '/' }));

  // remembered; the choice is changed from the footer
  await page.reload();
  await expect(banner).toBeHidden();
  await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' }).click();
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('heading', { name: 'Cookies' })).toBeFocused();
  await banner.getByRole('button', { name: 'Accept' }).click();

  // the quiz, a test's page, the cart and the payment: none of them is a marketing page
  const email = uniqueEmail('analytics');
  // from the home page, the quiz is no marketing page: it is loaded from the server, then answered once it has come alive
  await page.goto('/');
  await page.getByRole('link', { name: 'Take the quiz' }).first().click();
  await expect(page).toHaveURL(/\/quiz$/);
  await page.waitForLoadState('networkidle');
  await answerQuiz(page, { choose: /anxiety/i });
  await expect(page).toHaveURL(/\/quiz-results\?id=/);
  const results = page.url();
  const resultId = new URL(results).searchParams.get('id')!;
  await page.goto('/test/cortisol');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto(results);
  await addStarterTestToCart(page);
  await fillAccount(page, email);
  await pay(page, '4242 4242 4242 4242');
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  // an addition to the cart on a marketing page is told by the kind of product alone
  await page.goto('/complete-testing-plan');
  await page.getByRole('button', { name: 'Add to cart' }).first().click();
  await expect
    .poll(async () => (await receivedSince(since)).map((request) => request.body))
    .toContain(JSON.stringify({ event: 'add_to_cart', productType: 'bundle' }));
  // the bundle's button goes on to the checkout, which is no marketing page: loaded from the server
  await expect(page).toHaveURL(/\/checkout-payment$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await page.goto('/how-it-works');
  await page.waitForLoadState('networkidle');

  const received = await receivedSince(since);
  const collected = received.filter((request) => request.url.startsWith('/collect')).map((request) => JSON.parse(request.body) as unknown);
  expect(collected).toContainEqual({ event: 'page_view', path: '/how-it-works' });
  // each of the four scripts came, and nothing but the allowed shapes was told
  for (const id of ['tag-manager', 'ad-analytics', 'monitoring', 'form-service'])
    expect(received.some((request) => request.url.startsWith(`/vendor.js?id=${id}&`))).toBe(true);
  const allowed = /^(page_view|add_to_cart|purchase)$/;
  expect(collected.filter((event) => !('hit' in (event as object)) && !allowed.test((event as { event?: string }).event ?? ''))).toEqual(
    [],
  );

  expect(sentFrom.length).toBeGreaterThan(0);
  expect(
    sentFrom.filter((path) => !isMarketingPage(path)),
    'requests to a vendor from a page that is not a marketing page',
  ).toEqual([]);
  for (const request of received) {
    const seen = `${decodeURIComponent(request.url)} ${request.referer} ${request.body}`;
    for (const word of [...healthWords, email, resultId, 'quiz-results', 'cortisol', 'checkout'])
      expect(asWord(word).test(seen), `${word} in ${seen}`).toBe(false);
  }
});
