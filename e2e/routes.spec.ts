import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type APIResponse, type BrowserContext, type Page } from './fixtures';
import { areaSlugs, biomarkerSlugs, canonicalBiomarkerSlug, goalSlugs, isCanonicalBiomarkerSlug } from '@shop/core';
import { parameterPaths } from '../apps/web/app/prerender/paths';
import { addStarterTestToCart, fillAccount, pay, takeQuiz, uniqueEmail } from './journey';
import { expectFocusIndicators, expectReflowAt320, expectStillUnderReducedMotion } from './focus-indicators';

// Every route of the specification §2, visited as a browser does, then at its .html alias.

/** Plain pages of §2 that stand alone (no order or quiz result needed). */
const plainPages = [
  '/',
  '/affiliate-program',
  '/all-goals',
  '/base-daily',
  '/base-testing-reviews',
  '/business',
  '/checkout-payment',
  '/checkout-payment-b',
  '/checkout-payment-c',
  '/checkout-payment-b2b?group=bolton&goal=fatigue',
  '/checkout-practitioners',
  '/checkout-gift-receiver',
  '/checkout-gift-purchaser',
  '/checkout-payment-gift',
  '/upgrade-fast-track',
  '/add-test',
  '/add-ons-page',
  '/complete-testing-plan',
  '/digital-subs-upsell',
  '/food-allergy',
  '/providers/sign-up',
  '/providers/invitation',
  '/food-sensitivity',
  '/gifts',
  '/gifts-base',
  '/giveaway',
  '/goal-gift',
  '/how-it-works',
  '/marketplace',
  '/new-password',
  '/nutritional-plan',
  '/nutritional-plan-confirm',
  '/practitioners-referral',
  '/privacy-policy',
  '/accessibility',
  '/quiz',
  '/quiz-b',
  '/quiz-base',
  '/quiz-base-b',
  '/quiz-base-c',
  '/quiz-base-diet',
  '/quiz-base-diet-b',
  '/quiz-base-diet-c',
  '/quiz-base-partners?partner=bolton',
  '/quiz-base-partners-b?partner=bolton',
  '/quiz-c',
  '/quiz-gift',
  '/quiz-gifting',
  '/quiz-landing',
  '/reset-password',
  '/reviews',
  '/science',
  '/terms',
  '/tiktok',
  '/whitepaper',
  '/about',
  '/blog/',
  '/providers/home',
  '/providers/terms',
  '/providers/test-catalog',
  '/providers/videos-and-faqs',
  '/quiz-results/anxiety-depression',
  '/quiz-results/fatigue',
];

/** Unknown routes and unknown parameter values: the 404 page with status 404. */
const missingPages = [
  '/not-found',
  '/no-such-page',
  '/goal/no-such-goal',
  '/test/no-such-biomarker',
  '/b2b/no-such-group',
  '/app/no-such-feature',
  '/providers/videos/no-such-video',
  '/quiz-results/no-such-goal',
  '/blog/no-such-article',
];

// One visitor's browser for all the page tests a worker runs, as a person clicking through the site
// keeps one. A worker-scoped fixture, not beforeAll hooks: with those, Playwright would deal the
// file's tests out in two fixed halves, one to each worker, where now they spread one by one.
const test = base.extend<object, { visitor: BrowserContext }>({
  visitor: [
    async ({ browser }, use) => {
      const context = await browser.newContext();
      await use(context);
      await context.close();
    },
    { scope: 'worker' },
  ],
});

/** Loads `path` in the page and checks what every page owes the visitor. */
async function load(page: Page, path: string, status: number) {
  const errors: string[] = [];
  const onConsole = (message: { type(): string; text(): string }) => {
    // the browser logs a document's own 404 itself; that one is expected
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text());
  };
  const onPageError = (error: Error) => errors.push(error.message);
  page.on('console', onConsole);
  page.on('pageerror', onPageError);
  try {
    const response = await page.goto(path);
    expect(response?.status(), `${path} answers ${status}`).toBe(status);
    await page.waitForLoadState('networkidle');
    expect((await page.title()).trim(), `${path} has a title`).not.toBe('');
    expect(errors, `${path} logs no error`).toEqual([]);
  } finally {
    page.off('console', onConsole);
    page.off('pageerror', onPageError);
  }
}

/** Opens a page in a new tab and checks what every page owes the visitor; returns it for more checks. */
async function visit(context: BrowserContext, path: string, status = 200): Promise<Page> {
  const page = await context.newPage();
  await load(page, path, status);
  return page;
}

async function expectNoAxeViolation(page: Page) {
  // legacy mode runs axe in the page itself and leaves out frames of other origins: these pages have no frame
  expect(page.frames(), `${page.url()} has no frame`).toHaveLength(1);
  // the check reads only the violations, so axe describes one node of every other result, not each
  const results = await new AxeBuilder({ page })
    .setLegacyMode()
    .options({ resultTypes: ['violations'] })
    .analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes[0]?.target.join(' ')})`)).toEqual([]);
}

function htmlAlias(path: string): string {
  const [pathname = '/', query] = path.split('?');
  const alias = pathname === '/' ? '/index.html' : `${pathname.replace(/\/$/, '')}.html`;
  return query ? `${alias}?${query}` : alias;
}

/**
 * Every prerendered parameter page, and the first of each kind of them (a goal, an area, a test, a
 * feature, an article, a video): the pages of one kind are one component with other words, so the
 * browser, hydration and axe check one of each, and a request checks every one of them.
 */
const parameterPages = parameterPaths();
const parameterPagesInBrowser = [goalSlugs[0], areaSlugs[0]]
  .map((slug) => `/goal/${slug}`)
  .concat(['/test/', '/app/', '/blog/', '/providers/videos/'].map((prefix) => parameterPages.find((path) => path.startsWith(prefix))!));

/**
 * The .html alias is one mechanism for every page (the server answers the page of /x, and an inline
 * script in root.tsx shows the router /x before it hydrates): a browser loads the alias of a page
 * of each kind, and a request every alias.
 */
const aliasesInBrowser = new Set([
  '/',
  '/quiz',
  '/checkout-payment',
  '/quiz-base-partners?partner=bolton',
  '/blog/',
  parameterPagesInBrowser[0]!,
]);

for (const path of new Set([...plainPages, ...parameterPagesInBrowser])) {
  test(`${path} in the browser${aliasesInBrowser.has(path) ? ', and its .html alias' : ''}`, async ({ visitor }) => {
    const page = await visit(visitor, path);
    await expectNoAxeViolation(page);
    await expectFocusIndicators(page);
    await expectReflowAt320(page);
    await expectStillUnderReducedMotion(page);
    // the alias in the same tab: a new document all the same, which the client router must accept
    if (aliasesInBrowser.has(path)) await load(page, htmlAlias(path), 200);
    await page.close();
  });
}

/** The page's title as the server sends it (what the browser shows before any script runs). */
async function titleOf(response: APIResponse): Promise<string> {
  return (/<title>([^<]*)<\/title>/.exec(await response.text())?.[1] ?? '').trim();
}

test('every parameter page answers with its title, and every page at its .html alias with the same page', async ({ request }) => {
  for (const path of new Set([...plainPages, ...parameterPages])) {
    const response = await request.get(path);
    expect(response.status(), `${path} answers 200`).toBe(200);
    const title = await titleOf(response);
    expect(title, `${path} has a title`).not.toBe('');
    const alias = await request.get(htmlAlias(path));
    expect(alias.status(), `${htmlAlias(path)} answers 200`).toBe(200);
    expect(await titleOf(alias), `${htmlAlias(path)} is the page of ${path}`).toBe(title);
  }
});

test('non-canonical biomarker slugs redirect permanently to their page', async ({ request }) => {
  const others = biomarkerSlugs.filter((slug) => !isCanonicalBiomarkerSlug(slug));
  expect(others.length).toBeGreaterThan(0);
  for (const slug of others) {
    for (const path of [`/test/${slug}`, `/test/${slug}.html`]) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(301);
      expect(new URL(response.headers().location ?? '', 'http://x').pathname, path).toBe(`/test/${canonicalBiomarkerSlug(slug)}`);
    }
  }
});

for (const path of missingPages) {
  test(`${path} is the 404 page`, async ({ visitor, request }) => {
    const page = await visit(visitor, path, 404);
    await expect(page.getByRole('heading', { name: "Whoops - we couldn't find what you're looking for." })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Take the quiz' }).last()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to homepage' })).toBeVisible();
    await expectNoAxeViolation(page);
    // the alias of a missing page is missing too: in the browser once, by request for the others
    if (path === '/goal/no-such-goal') await load(page, htmlAlias(path), 404);
    else if (path !== '/not-found') expect((await request.get(htmlAlias(path))).status(), htmlAlias(path)).toBe(404);
    await page.close();
  });
}

/** The .html alias of a member's page: in the browser's `page` when given, else by the browser's request with its cookies. */
async function expectAlias(context: BrowserContext, path: string, page: Page | null) {
  const alias = htmlAlias(path);
  if (page) return load(page, alias, 200);
  const [canonical, aliased] = [await context.request.get(path), await context.request.get(alias)];
  expect(aliased.status(), `${alias} answers 200`).toBe(200);
  expect(await titleOf(aliased), `${alias} is the page of ${path}`).toBe(await titleOf(canonical));
}

test('pages that need a quiz result or an order, reached through a purchase', async ({ browser }) => {
  test.setTimeout(120_000);
  const buyer = await browser.newContext();
  const page = await buyer.newPage();
  await takeQuiz(page);
  const resultId = new URL(page.url()).searchParams.get('id');
  expect(resultId).toBeTruthy();
  for (const results of ['/quiz-results', '/quiz-results-b', '/quiz-results-c', '/quiz-results-d']) {
    const shown = await visit(buyer, `${results}?id=${resultId}`);
    await expectNoAxeViolation(shown);
    await expectAlias(buyer, `${results}?id=${resultId}`, results === '/quiz-results' ? shown : null);
    await shown.close();
  }
  await addStarterTestToCart(page);
  await fillAccount(page, uniqueEmail('routes'));
  await pay(page, '4242 4242 4242 4242');
  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  const order = new URL(page.url()).searchParams.get('order');
  expect(order).toBeTruthy();
  for (const path of ['/successful-payment', '/successful-payment-datadog', '/checkout-improvement-program', '/collection', '/thanks']) {
    const shown = await visit(buyer, `${path}?order=${order}`);
    await expectNoAxeViolation(shown);
    await expectAlias(buyer, `${path}?order=${order}`, path === '/collection' ? shown : null);
    await shown.close();
  }
  // without an order (a lost link, a bookmark) a member is taken to the page of their latest order
  for (const path of ['/collection', '/successful-payment', '/thanks']) {
    const shown = await buyer.newPage();
    await shown.goto(path);
    await expect(shown, path).toHaveURL(`${path}?order=${order}`);
    await shown.close();
  }
  // a result named that this browser cannot read, or none: its latest result
  const latest = await buyer.newPage();
  await latest.goto('/quiz-results-b');
  await expect(latest).toHaveURL(`/quiz-results-b?id=${resultId}`);
  await latest.goto(`/quiz-results?id=${crypto.randomUUID()}`);
  await expect(latest).toHaveURL(`/quiz-results?id=${resultId}`);
  await latest.close();
  await buyer.close();

  // a stranger is asked to sign in and comes back; with no quiz taken, the results pages lead to the quiz
  const stranger = await browser.newContext();
  const away = await stranger.newPage();
  await away.goto('/successful-payment');
  await expect(away).toHaveURL(`/sign-in?next=${encodeURIComponent('/successful-payment')}`);
  await away.goto('/quiz-results-c');
  await expect(away).toHaveURL('/quiz');
  await stranger.close();
});
