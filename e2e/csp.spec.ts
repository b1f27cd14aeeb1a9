import { createHash } from 'node:crypto';
import { test as plainTest } from '@playwright/test';
import { expect, test, type Page } from './fixtures';
import { agreeToCollectHealthData } from './journey';

// The Content-Security-Policy of pages and API answers (docs/decisions/0018-content-security-policy.md).
// Every test of the suite also fails on any violation (fixtures.ts); these check the policy itself.

/** The text of each inline script a browser runs (no src, not a data block such as JSON-LD, not empty). */
function inlineScripts(html: string): { attributes: string; text: string }[] {
  return [...html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/g)]
    .map(([, attributes = '', text = '']) => ({ attributes, text }))
    .filter(({ attributes, text }) => text !== '' && !/\ssrc=/.test(attributes) && !/type="application\/ld\+json"/.test(attributes));
}

const directive = (policy: string, name: string) =>
  policy
    .split(';')
    .find((part) => part.trim().startsWith(`${name} `))
    ?.trim();
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

// the stand-in for the third-party scripts' vendors, which the test servers configure (playwright.config.ts)
const vendor = `http://localhost:${3191 + Number(process.env.TEST_PORT_OFFSET ?? 0)}`;

test('a prerendered page allows exactly its inline scripts, by their hashes, and comes alive', async ({ page, request }) => {
  // a page that is not a marketing page: what the build made, and no third party's host
  const testPage = await request.get('/test/cortisol');
  const testPageScripts = inlineScripts(await testPage.text());
  // the classic scripts that end the page are one, beside React Router's module script
  expect(testPageScripts).toHaveLength(2);
  expect(directive(testPage.headers()['content-security-policy'] ?? '', 'script-src')).toBe(
    `script-src 'strict-dynamic' 'self' ${testPageScripts.map((script) => sha256(script.text)).join(' ')}`,
  );

  // a marketing page also ends with the third-party scripts' loader, and names their host
  const response = await request.get('/');
  const policy = response.headers()['content-security-policy'] ?? '';
  const scripts = inlineScripts(await response.text());
  expect(scripts).toHaveLength(3);
  expect(scripts[2]?.text).toContain('thirdPartyScripts');
  expect(directive(policy, 'script-src')).toBe(
    `script-src 'strict-dynamic' 'self' ${scripts.map((script) => sha256(script.text)).join(' ')} ${vendor}`,
  );
  for (const word of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) expect(policy).toContain(word);
  // the built-in test gateway takes the cards: nothing of Stripe's is allowed
  expect(policy).not.toContain('stripe');
  expect(response.headers()['x-frame-options']).toBeUndefined();

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await page.getByRole('button', { name: /^Cart, \d+ items?$/ }).click();
  await expect(page.getByRole('dialog', { name: 'Your cart' })).toBeVisible();
});

test('a server-rendered page allows its scripts by a nonce made for each response, and comes alive', async ({ page, request }) => {
  const nonces: string[] = [];
  for (let visit = 0; visit < 2; visit++) {
    const response = await request.get('/quiz');
    const policy = response.headers()['content-security-policy'] ?? '';
    const nonce = /'nonce-([A-Za-z0-9+/]+={0,2})'/.exec(directive(policy, 'script-src') ?? '')?.[1];
    if (nonce === undefined) throw new Error(`no nonce in the page's policy: ${policy}`);
    nonces.push(nonce);
    expect(directive(policy, 'script-src')).toBe(`script-src 'strict-dynamic' 'self' 'nonce-${nonce}'`);
    const html = await response.text();
    const scripts = inlineScripts(html);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(script.attributes).toContain(` nonce="${nonce}"`);
    // emptied scripts keep the nonce too: every script element of the page carries it
    expect(html.match(/<script[\s>]/g)?.length).toBe(
      html.match(new RegExp(`<script[^>]* nonce="${nonce.replace(/[+/]/g, '\\$&')}"`, 'g'))?.length,
    );
    for (const word of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) expect(policy).toContain(word);
  }
  expect(nonces[0]).not.toBe(nonces[1]);

  await page.goto('/quiz');

  await agreeToCollectHealthData(page);
  const counter = page.getByText(/^Question \d+ of \d+$/);
  await expect(counter).toHaveText(/^Question 1 of/);
  await page.locator('input[type="radio"], input[type="checkbox"]:not([name="healthDataConsent"])').first().check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(counter).toHaveText(/^Question 2 of/);
});

test('API answers load nothing and may be framed by no one, the 404 too', async ({ request }) => {
  const strict = "default-src 'none';frame-ancestors 'none';base-uri 'none'";
  expect((await request.get('/api/health')).headers()['content-security-policy']).toBe(strict);
  const missing = await request.get('/api/no-such-route');
  expect(missing.status()).toBe(404);
  expect(missing.headers()['content-security-policy']).toBe(strict);
});

test('the API documentation works under a policy of its own', async ({ page }) => {
  const response = await page.goto('/api/docs');
  expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  // the whole API's description is parsed and drawn in the browser before the title shows
  await expect(page.getByRole('heading', { name: /Base shop API/ })).toBeVisible({ timeout: 30_000 });
  // the page draws only the operations on screen: the filter box brings the health tag's up
  await page.getByPlaceholder('Filter by tag').fill('health');
  await page.getByText('/api/health', { exact: true }).first().click();
  await page.getByRole('button', { name: 'Try it out' }).click();
  await page.getByRole('button', { name: 'Execute' }).click();
  await expect(page.locator('.response .response-col_status').first()).toHaveText('200');
});

/**
 * Markup slipped into a page brings its script as an inline handler, which no policy of the shop
 * allows. (A script element added from the test's side is no such proof: under 'strict-dynamic'
 * Chromium 156 runs it.) The page answers what ran and what it was told was refused.
 */
async function slipInAHandler(page: Page) {
  await page.goto('/');
  return page.evaluate(
    () =>
      new Promise<{ injected: boolean | undefined; refused: string[] }>((resolve) => {
        const refused: string[] = [];
        document.addEventListener('securitypolicyviolation', (event) => refused.push(event.effectiveDirective));
        const image = document.createElement('img');
        image.setAttribute('onerror', 'window.injected = true');
        image.addEventListener('error', () =>
          setTimeout(() => resolve({ injected: (window as { injected?: boolean }).injected, refused }), 200),
        );
        image.src = 'data:,';
        document.body.append(image);
      }),
  );
}

// outside the suite's fixture, which would fail it for the refusal it proves
plainTest('a handler slipped into a page is refused, and the page is told so', async ({ page }) => {
  const outcome = await slipInAHandler(page);
  expect(outcome.injected).toBeUndefined();
  expect(outcome.refused).toContain('script-src-attr');
});

test('a refusal anywhere fails the test it happens in', async ({ page }) => {
  // the fixture must fail this test (the test above proves the refusal itself)
  test.fail();
  await slipInAHandler(page);
});
