import { statSync } from 'node:fs';
import { expect, test } from './fixtures';
import { expectFocusIndicators, expectVisibleIndicator, readFocus, type FocusStop } from './focus-indicators';

// The storefront's frame: menus, caching and compression, the locale cookie, scrolling, SEO files.

test('the navbar menus open on hover, Enter and Space, not on focus, and close after their delay and on Escape', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const areas = nav.getByRole('button', { name: 'Areas' });
  await expect(areas).toHaveAttribute('aria-expanded', 'false');

  await areas.hover();
  await expect(areas).toHaveAttribute('aria-expanded', 'true');
  await expect(nav.getByRole('link', { name: 'Sleep' })).toBeVisible();
  // leaving it, the menu stays for 300 ms so a diagonal move to a link does not lose it
  await page.mouse.move(640, 600);
  await expect(areas).toHaveAttribute('aria-expanded', 'true');
  await expect(areas).toHaveAttribute('aria-expanded', 'false', { timeout: 2000 });

  // Tab passes over a closed menu to the next one's button (WCAG 2.4.3: the header is a few stops)
  await areas.focus();
  await expect(areas).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('Tab');
  await expect(nav.getByRole('button', { name: 'Goals' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(areas).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Tab');
  await expect(nav.getByRole('link', { name: 'Diet' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(areas).toHaveAttribute('aria-expanded', 'false');
  await expect(areas).toBeFocused();
  await page.keyboard.press('Space');
  await expect(areas).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Space');
  await expect(areas).toHaveAttribute('aria-expanded', 'false');

  await nav.getByRole('button', { name: 'Tests' }).click();
  await nav.getByRole('link', { name: 'Cortisol test' }).click();
  await expect(page).toHaveURL(/\/test\/cortisol$/);
  await expect(nav.getByRole('button', { name: 'Tests' })).toHaveAttribute('aria-expanded', 'false');
});

test('a page brings to life only what it shows: closed menus and the cart sidebar come when opened', async ({ page, request }) => {
  const html = await (await request.get('/goal/diet')).text();
  const header = html.slice(html.indexOf('<header'), html.indexOf('</header>'));
  const footer = html.slice(html.indexOf('<footer'), html.indexOf('</footer>'));
  // the Tests menu is closed: its links are not in the page, and the footer carries them instead
  expect(header).not.toContain('href="/test/cortisol"');
  expect(footer).toContain('href="/test/cortisol"');

  const scripts: string[] = [];
  page.on('request', (sent) => {
    if (sent.resourceType() === 'script') scripts.push(new URL(sent.url()).pathname);
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/goal/diet');
  await page.waitForLoadState('networkidle');
  expect(scripts.some((path) => path.includes('/cart-sidebar-'))).toBe(false);
  await page.getByRole('button', { name: /^Cart, \d+ items?$/ }).click();
  await expect(page.getByRole('dialog', { name: 'Your cart' })).toBeVisible();
  expect(scripts.some((path) => path.includes('/cart-sidebar-'))).toBe(true);
});

test('a page prefetches its modules from the head at the lowest priority and is alive once loaded', async ({ page, request }) => {
  for (const path of ['/goal/diet', '/quiz']) {
    const html = await (await request.get(path)).text();
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head, path).toMatch(/<link rel="prefetch" href="\/assets\/entry\.client-[\w-]+\.js"\/>/);
    expect(html, path).not.toContain('<link rel="modulepreload"');
    // the module script runs where React Router put it, after the preloads are asked for again
    expect(html, path).toMatch(
      /document\.querySelectorAll\("link\[rel=prefetch\]"\)[^<]*<\/script><script(?: nonce="[^"]+")? type="module" async="">/,
    );
  }

  const prefetched: string[] = [];
  page.on('request', (sent) => {
    if (sent.headers()['sec-purpose'] === 'prefetch') prefetched.push(new URL(sent.url()).pathname);
  });
  await page.goto('/goal/diet');
  await page.getByRole('button', { name: /^Cart, \d+ items?$/ }).click();
  await expect(page.getByRole('dialog', { name: 'Your cart' })).toBeVisible();
  expect(prefetched.some((path) => /^\/assets\/entry\.client-[\w-]+\.js$/.test(path))).toBe(true);
});

test('below 768 px one menu button opens every group', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  const menu = page.getByRole('button', { name: 'Menu' });
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await menu.click();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Goals' }).click();
  await nav.getByRole('link', { name: 'All goals' }).click();
  await expect(page).toHaveURL(/\/all-goals$/);
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
});

test('prerendered pages are files: compressed, revalidated, with immutable hashed assets', async ({ request }) => {
  for (const path of ['/', '/goal/diet', '/goal/diet/', '/goal/diet.html']) {
    const response = await request.get(path, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.status(), path).toBe(200);
    expect(response.headers()['cache-control'], path).toBe('no-cache');
    expect(response.headers()['content-encoding'], path).toMatch(/^(br|gzip)$/);
    expect(response.headers()['vary'], path).toMatch(/accept-encoding/i);
  }
  // the page goes out as the brotli copy the build wrote, not compressed again on the way
  const page = await request.get('/goal/diet', { headers: { 'accept-encoding': 'br' } });
  expect(page.headers()['content-encoding']).toBe('br');
  expect(Number(page.headers()['content-length'])).toBe(statSync('apps/web/build/client/goal/diet/index.html.br').size);
  // the build's brotli copy of a data payload keeps React Router's content type
  const data = await request.get('/goal/diet.data', { headers: { 'accept-encoding': 'br' } });
  expect(data.headers()['content-encoding']).toBe('br');
  expect(data.headers()['content-type']).toBe('text/x-script');
  expect(await data.text()).toContain('routes/content/goal');
  // and a browser that takes no compression gets the file as it is
  const plain = await request.get('/goal/diet', { headers: { 'accept-encoding': 'identity' } });
  expect(plain.headers()['content-encoding']).toBeUndefined();
  expect(await plain.text()).toContain('<h1');
  const html = await (await request.get('/')).text();
  const script = /<script type="module" src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1] ?? /href="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(script).toBeTruthy();
  const asset = await request.get(script!, { headers: { 'accept-encoding': 'gzip' } });
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(asset.headers()['content-encoding']).toBe('gzip');

  const rendered = await request.get('/quiz');
  expect(rendered.headers()['cache-control']).toBe('private, no-cache');
});

test('a prerendered page is finished HTML under its security headers, without the opener policy a page rendered for one visitor has', async ({
  request,
}) => {
  const shared = await request.get('/goal/diet', { headers: { 'accept-encoding': 'br' } });
  const own = await request.get('/quiz');
  for (const response of [shared, own]) {
    expect(response.headers()['x-content-type-options']).toBe('nosniff');
    expect(response.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers()['referrer-policy']).toBe('same-origin');
    expect(response.headers()['cross-origin-resource-policy']).toBe('same-origin');
    // legacy headers no current browser reads are not sent
    expect(response.headers()['x-xss-protection']).toBeUndefined();
  }
  expect(shared.headers()['cross-origin-opener-policy']).toBeUndefined();
  expect(own.headers()['cross-origin-opener-policy']).toBe('same-origin');
  // rendered whole: React wrote no script that reveals a late part of the page
  const html = await shared.text();
  expect(html).toContain('<h1');
  expect(html).not.toMatch(/\$R[CBV]\b|<template id="B:/);
});

test('the page a visitor sees is the same for everybody: no session in the HTML', async ({ request }) => {
  const html = await (await request.get('/')).text();
  expect(html).toContain('Sign in');
  expect(html).not.toContain('"user"');
});

test('the locale cookie says English for 365 days', async ({ page, context }) => {
  await page.goto('/');
  // the page sets it once it has come alive, which a loaded machine may finish after the network is idle
  const localeCookie = async () => (await context.cookies()).find((candidate) => candidate.name === 'i18n_redirected');
  await expect.poll(async () => (await localeCookie())?.value).toBe('en');
  const cookie = await localeCookie();
  expect(cookie?.path).toBe('/');
  const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(364);
  expect(days).toBeLessThanOrEqual(365);
});

test('navigation scrolls to the top, or to the target of a hash', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 700 });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await page.mouse.wheel(0, 2000);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await page.getByRole('contentinfo').getByRole('link', { name: 'How it works' }).click();
  await expect(page).toHaveURL(/\/how-it-works$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  // a client-side navigation to a path with a hash lands on its target, here the footer
  await page.evaluate(() =>
    (window as unknown as { __reactRouterDataRouter: { navigate(to: string): void } }).__reactRouterDataRouter.navigate(
      '/about#site-footer',
    ),
  );
  await expect(page).toHaveURL(/\/about#site-footer$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
});

test('sitemap and robots name the public pages and keep robots out of private ones', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  // absolute URLs on the PUBLIC_URL the build was made for
  const paths = [...sitemap.matchAll(/<loc>(https?:\/\/[^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
  for (const path of ['/', '/goal/diet', '/test/cortisol', '/providers/home', '/quiz', '/contact', '/accessibility'])
    expect(paths).toContain(path);
  for (const path of ['/checkout-payment', '/account', '/admin', '/reset-password']) expect(paths).not.toContain(path);
  const robots = await (await request.get('/robots.txt')).text();
  for (const prefix of ['/admin', '/account', '/checkout', '/api']) expect(robots).toContain(`Disallow: ${prefix}`);
});

test('a member sees the Account menu with Sign out, fetched after the page loads', async ({ page }) => {
  const email = `shell.${Date.now().toString(36)}@example.com`;
  await page.goto('/sign-in');
  await page.waitForLoadState('networkidle');
  // a sign-up signs no one in: the member then signs in
  const statuses = await page.evaluate(async (address) => {
    const post = (path: string, body: object) =>
      fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(
        (response) => response.status,
      );
    return [
      await post('/api/auth/sign-up/email', { email: address, password: 'Sup3r-secret!', name: 'Shell' }),
      await post('/api/auth/sign-in/email', { email: address, password: 'Sup3r-secret!' }),
    ];
  }, email);
  expect(statuses).toEqual([200, 200]);
  await page.goto('/about');
  const account = page.getByRole('banner').getByRole('button', { name: 'Account' });
  await expect(account).toBeVisible();
  await account.click();
  // the panel closes while the sign-out is sent (the pressed button, disabled, loses the focus, and
  // the pointer leaves): a slow answer must still sign the member out. It was dropped with the
  // panel's content whenever the panel closed first.
  await page.route('**/sign-out*', async (route) => {
    await expect(account).toHaveAttribute('aria-expanded', 'false');
    await route.continue();
  });
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.mouse.move(0, 0);
  // signing out loads the whole home page again, which a busy machine may take more than 10 s to do
  await expect(page).toHaveURL(/\/$/, { timeout: 30_000 });
  await expect(page.getByRole('link', { name: 'Sign in' }).first()).toBeVisible();
});

test('every Tab stop of the home page shows a focus indicator with 3:1 against what is behind it (WCAG 2.4.7, 1.4.11)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  const stops: FocusStop[] = [];
  const seen = new Set<string>();
  for (let presses = 0; presses < 200; presses++) {
    await page.keyboard.press('Tab');
    const stop = await readFocus(page);
    // the focus has gone round the page and left it
    if (!stop || seen.has(stop.key)) break;
    seen.add(stop.key);
    stops.push(stop);
  }
  // the header, the page's links and buttons, the footer: the issue counted 66
  expect(stops.length).toBeGreaterThan(40);
  for (const stop of stops) expectVisibleIndicator(stop, '/');
  // the dark green of the goals is among the backgrounds met, where the accent alone had 1.5:1
  expect(stops.map((stop) => stop.background)).toContain('rgb(15, 94, 79)');
});

test('under reduced motion nothing moves on and on: the busy bar and a spinner stop (WCAG 2.3.3)', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  await expect(page.locator('html[data-online="true"]')).toBeAttached();
  let answer: () => void = () => undefined;
  await page.route('**/api/health', async (route) => {
    await new Promise<void>((resolve) => (answer = resolve));
    await route.fulfill({ json: { ok: true } });
  });
  const request = page.evaluate(() => fetch('/api/health').then((response) => response.status));
  const bar = page.locator('#page-busy');
  await expect(bar).toBeVisible();
  // a spinner as the shop's buttons draw one while they wait
  await page.evaluate(() => {
    const spinner = document.createElement('span');
    spinner.className = 'inline-block h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent';
    spinner.id = 'spinner';
    document.body.append(spinner);
  });
  for (const element of [bar, page.locator('#spinner')]) {
    await expect(element).toHaveCSS('animation-iteration-count', '1');
  }
  // every animation has played out at once: none is still running
  await expect
    .poll(() => page.evaluate(() => document.getAnimations().filter((animation) => animation.playState === 'running').length))
    .toBe(0);
  answer();
  expect(await request).toBe(200);

  // without the preference, the bar pulses as before
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await expect(bar).toHaveCSS('animation-iteration-count', 'infinite');
});

test('a page says when the connection is lost and shows a bar while a request takes a while', async ({ page, context }) => {
  await page.goto('/');
  // the status comes once the page is alive
  await expect(page.locator('html[data-online="true"]')).toBeAttached();
  const banner = page.locator('#page-connection');
  await expect(banner).toBeHidden();

  await context.setOffline(true);
  await expect(
    page.getByRole('status').filter({ hasText: 'You are offline. The page will carry on once your connection is back.' }),
  ).toBeVisible();
  await context.setOffline(false);
  await expect(banner).toBeHidden();

  // a slow answer: counted at once, the bar after its delay, both gone with the answer
  let answer: () => void = () => undefined;
  await page.route('**/api/health', async (route) => {
    await new Promise<void>((resolve) => (answer = resolve));
    await route.fulfill({ json: { ok: true } });
  });
  const request = page.evaluate(() => fetch('/api/health').then((response) => response.status));
  await expect(page.locator('html[data-fetching="1"]')).toBeAttached();
  await expect(page.locator('#page-busy')).toBeVisible();
  answer();
  expect(await request).toBe(200);
  await expect(page.locator('html[data-fetching]')).not.toBeAttached();
  await expect(page.locator('#page-busy')).toBeHidden();
});

test('the offline banner pushes the page down and never covers the focused element (WCAG 2.4.11)', async ({ page, context }) => {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/');
    await expect(page.locator('html[data-online="true"]')).toBeAttached();
    await context.setOffline(true);
    const banner = page.locator('#page-connection');
    await expect(banner).toBeVisible();
    const header = await page.getByRole('banner').boundingBox();
    expect(header!.y, `at ${width} px the header starts below the banner`).toBeGreaterThanOrEqual((await banner.boundingBox())!.height);
    const targets = [page.getByRole('link', { name: 'Skip to content' })];
    if (width < 768) targets.push(page.getByRole('button', { name: 'Menu' }));
    for (const target of targets) {
      for (let presses = 0; presses < 10 && !(await target.evaluate((element) => element === document.activeElement)); presses++) {
        await page.keyboard.press('Tab');
      }
      await expect(target).toBeFocused();
      const [focused, covering] = [(await target.boundingBox())!, (await banner.boundingBox())!];
      const overlaps =
        focused.x < covering.x + covering.width &&
        covering.x < focused.x + focused.width &&
        focused.y < covering.y + covering.height &&
        covering.y < focused.y + focused.height;
      expect(overlaps, `at ${width} px the banner (${JSON.stringify(covering)}) covers ${JSON.stringify(focused)}`).toBe(false);
    }
    // and no other control of the page either, each scrolled into view as it takes the focus
    expect((await expectFocusIndicators(page)).length).toBeGreaterThan(20);
    // back to the top, where the next width starts (the router keeps a page's scroll position)
    await page.evaluate(() => window.scrollTo(0, 0));
    await context.setOffline(false);
    await expect(banner).toBeHidden();
  }
});

test('help is in the same place on every page: its last line links to the contact page, in checkout and the quiz too (WCAG 3.2.6)', async ({
  page,
}) => {
  for (const path of ['/', '/about', '/providers/home', '/quiz', '/checkout-payment']) {
    await page.goto(path);
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Contact us' }), path).toHaveAttribute('href', '/contact');
    // the footer is the page's end, after its content
    const below = await footer.evaluate((element) =>
      Boolean(document.getElementById('main')!.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING),
    );
    expect(below, path).toBe(true);
  }
});

test('the accessibility statement, linked from the footer, says what is tested and how to report a barrier', async ({ page }) => {
  await page.goto('/terms');
  await page.waitForLoadState('networkidle');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Accessibility' }).click();
  await expect(page).toHaveURL(/\/accessibility$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Accessibility' })).toBeVisible();
  await expect(page.getByText(/WCAG\) 2\.2, level AA/)).toBeVisible();
  const tested = page.getByRole('region', { name: 'What we test, and how' });
  for (const name of [
    'Automatic checks on every page we visit',
    'A purchase with the keyboard alone',
    'A visible focus',
    'Small screens',
    'Reduced motion',
  ]) {
    await expect(tested.getByRole('heading', { level: 3, name })).toBeVisible();
  }
  await page
    .getByRole('region', { name: 'Tell us about a barrier' })
    .getByRole('link', { name: /contact page/ })
    .click();
  await expect(page).toHaveURL(/\/contact$/);
});
