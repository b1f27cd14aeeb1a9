import { afterEach, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from './helpers.ts';

// The Content-Security-Policy on the API's answers, and the page policy the shop's configuration
// gives the web mount (docs/decisions/0018-content-security-policy.md). The pages themselves are
// checked in a browser (e2e/csp.spec.ts).

const STRICT = "default-src 'none';frame-ancestors 'none';base-uri 'none'";
// keys in Stripe's shapes: the gateway is made, and nothing here reaches Stripe
const stripeEnv = {
  STRIPE_SECRET_KEY: 'sk_test_shop',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_shop',
  STRIPE_WEBHOOK_SECRET: 'whsec_shop',
  STRIPE_API_URL: 'http://127.0.0.1:9',
};

let shop: TestShop | undefined;

afterEach(async () => {
  await shop?.close();
  shop = undefined;
});

describe.each([
  ['with the built-in test gateway', {}, false],
  ['with Stripe', stripeEnv, true],
] as const)('%s', (_name, env, stripe) => {
  it('an API answer loads nothing and may be framed by no one, whatever takes the cards', async () => {
    shop = await createTestShop({ env });
    for (const url of ['/api/health', '/api/catalog/products', '/api/payments/config']) {
      const response = await shop.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-security-policy'], url).toBe(STRICT);
    }
    expect((await shop.app.inject({ method: 'GET', url: '/api/payments/config' })).json().gateway).toBe(stripe ? 'stripe' : 'test');
  });

  it('so does the 404 of an unknown API route, and a refused request', async () => {
    shop = await createTestShop({ env });
    const missing = await shop.app.inject({ method: 'GET', url: '/api/no-such-route' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/^application\/json/);
    expect(missing.headers['content-security-policy']).toBe(STRICT);
    const crossSite = await shop.app.inject({
      method: 'POST',
      url: '/api/cart/items',
      headers: { origin: 'https://evil.example' },
      payload: {},
    });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.headers['content-security-policy']).toBe(STRICT);
    // frame-ancestors says it for every browser the shop supports
    expect(missing.headers['x-frame-options']).toBeUndefined();
  });

  it(`the page policy ${stripe ? 'names' : 'names nothing of'} Stripe.js's host`, async () => {
    shop = await createTestShop({ env });
    const policy = shop.app.pagePolicy(["'nonce-abc'"]);
    expect(policy.split(';')[0]).toBe(`script-src 'strict-dynamic' 'self'${stripe ? ' https://js.stripe.com' : ''} 'nonce-abc'`);
    for (const word of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) expect(policy).toContain(word);
    if (!stripe) expect(policy).not.toContain('stripe');
  });
});

it('the API documentation has a policy of its own that lets Swagger UI run', async () => {
  shop = await createTestShop();
  const response = await shop.app.inject({ method: 'GET', url: '/api/docs' });
  expect(response.statusCode).toBe(200);
  const policy = response.headers['content-security-policy'];
  expect(policy).toContain("default-src 'self'");
  expect(policy).toContain("frame-ancestors 'none'");
  // and no API answer outside it gets that one
  const health = await shop.app.inject({ method: 'GET', url: '/api/health' });
  expect(health.headers['content-security-policy']).toBe(STRICT);
});

describe('third-party scripts', () => {
  const vendor = 'https://tags.example.com/gtm.js?id=GTM-TEST';

  it('add their hosts to the marketing pages only, and only when configured', async () => {
    shop = await createTestShop({ env: { TAG_MANAGER_SCRIPT_URL: vendor, MONITORING_SCRIPT_URL: 'http://127.0.0.1:3191/vendor.js' } });
    for (const path of ['/', '/how-it-works', '/gifts']) {
      expect(shop.app.pagePolicy(["'nonce-abc'"], path).split(';')[0], path).toBe(
        "script-src 'strict-dynamic' 'self' 'nonce-abc' https://tags.example.com http://127.0.0.1:3191",
      );
    }
    for (const path of [
      '/account',
      '/account/results',
      '/quiz',
      '/quiz-results',
      '/checkout-payment',
      '/collection',
      '/console',
      '/goal/fatigue',
    ]) {
      expect(shop.app.pagePolicy(["'nonce-abc'"], path), path).not.toMatch(/example\.com|127\.0\.0\.1/);
    }
  });

  it('leave every page policy as it was when none is configured', async () => {
    shop = await createTestShop();
    expect(shop.app.pagePolicy(["'nonce-abc'"], '/')).toBe(shop.app.pagePolicy(["'nonce-abc'"]));
    expect(shop.app.pagePolicy(["'nonce-abc'"], '/').split(';')[0]).toBe("script-src 'strict-dynamic' 'self' 'nonce-abc'");
  });
});
