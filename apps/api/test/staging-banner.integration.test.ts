import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '@shop/db';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { parseEnv } from '../src/env.ts';
import { mountWeb } from '../src/web/mount.ts';
import { STAGING_BANNER } from '../src/web/staging-banner.ts';

// The web mount on a small build of its own (the integration tier runs before the web app is
// built): one prerendered page, as the build writes it, and a React Router server build whose
// document streams a page in small chunks, as a rendered page arrives.

const SCRIPT = 'window.__page=1';
const PRERENDERED = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"></head><body class="flex"><a href="#main">Skip to content</a><main id="main">About</main><script>${SCRIPT}</script></body></html>`;
const SERVER_BUILD = `
const page = ['<!DOCTYPE html><html lang="en"><head></head><bo', 'dy class="flex"><a href="#main">Skip to content</a><main id="main">Acc', 'ount café</main></body></html>'];
export const entry = { module: { default: (request, status, headers) => {
  headers.set('content-type', 'text/html; charset=utf-8');
  const bytes = new TextEncoder().encode(page.join(''));
  // the body's tag and the é each split across two chunks
  const split = [page[0].length, bytes.indexOf(0xc3) + 1];
  const body = new ReadableStream({ start(controller) {
    controller.enqueue(bytes.slice(0, split[0]));
    controller.enqueue(bytes.slice(split[0], split[1]));
    controller.enqueue(bytes.slice(split[1]));
    controller.close();
  } });
  return new Response(body, { status, headers });
}, shopLoadContext: { defaultValue: {} } } };
export const routes = {
  root: { id: 'root', path: '', module: { default: () => null } },
  page: { id: 'page', parentId: 'root', path: '*', module: { default: () => null } },
};
export const assets = { entry: { module: '/assets/entry.js', imports: [] }, routes: {}, url: '/assets/manifest.js', version: '1' };
export const publicPath = '/';
export const assetsBuildDirectory = 'client/assets';
export const future = {};
export const ssr = true;
export const isSpaMode = false;
export const prerender = ['/about'];
export const basename = '/';
export const routeDiscovery = { mode: 'initial' };
`;

function fakeWebBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'shop-web-build-'));
  mkdirSync(join(dir, 'server'));
  mkdirSync(join(dir, 'client/about'), { recursive: true });
  writeFileSync(join(dir, 'server/index.js'), SERVER_BUILD);
  writeFileSync(join(dir, 'client/about/index.html'), PRERENDERED);
  return dir;
}

async function pagesOf(variables: Record<string, string>) {
  const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: mkdtempSync(join(tmpdir(), 'shop-staging-')), ...variables });
  const database = await openDatabase({ kind: 'pglite-memory' });
  const buildDir = fakeWebBuild();
  const app = await buildApp({
    env,
    db: database.db,
    pingDatabase: database.ping,
    authSecret: 'x'.repeat(32),
    logger: false,
    web: (web) => mountWeb(web, buildDir),
  });
  try {
    const prerendered = await app.inject({ method: 'GET', url: '/about' });
    const rendered = await app.inject({ method: 'GET', url: '/account' });
    expect([prerendered.statusCode, rendered.statusCode]).toEqual([200, 200]);
    return { prerendered, rendered };
  } finally {
    await app.close();
    await database.close();
  }
}

describe('a staging shop', () => {
  it('says so first in the body of every page, prerendered or rendered, with the page otherwise whole', async () => {
    const { prerendered, rendered } = await pagesOf({ SHOP_STAGING: '1' });
    expect(prerendered.body).toContain(`<body class="flex">${STAGING_BANNER}<a href="#main">Skip to content</a>`);
    expect(prerendered.body.replace(STAGING_BANNER, '')).toBe(PRERENDERED);
    expect(rendered.body).toBe(
      `<!DOCTYPE html><html lang="en"><head></head><body class="flex">${STAGING_BANNER}<a href="#main">Skip to content</a><main id="main">Account café</main></body></html>`,
    );
    expect(STAGING_BANNER).toContain('Staging shop: payments use test cards, nothing is charged.');
    // the notice brings no style or script: the prerendered page's policy still names its one script
    const hash = createHash('sha256').update(SCRIPT).digest('base64');
    expect(prerendered.headers['content-security-policy']).toContain(`'sha256-${hash}'`);
    expect(STAGING_BANNER).not.toMatch(/style|script|on\w+=/i);
  });
});

describe('a shop that is not a staging one', () => {
  it.each([
    ['in development', {}],
    ['in production', { NODE_ENV: 'production', SHOP_STAGING: '0' }],
  ])('sends its pages without the notice %s', async (_name, variables) => {
    const production = {
      PUBLIC_URL: 'https://shop.example.com',
      AUTH_SECRET: 'x'.repeat(32),
      RESULTS_ENCRYPTION_KEY: Buffer.alloc(32, 3).toString('base64'),
      SMTP_URL: 'smtp://127.0.0.1:9',
      EMAIL_FROM: 'Base <hello@shop.example.com>',
      STRIPE_SECRET_KEY: 'sk_test_banner',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_banner',
      STRIPE_WEBHOOK_SECRET: 'whsec_banner',
      STRIPE_API_URL: 'http://127.0.0.1:9',
      // an embedded invoice's seller and how a transfer pays it
      SELLER_LEGAL_NAME: 'Base Health, Inc.',
      SELLER_ADDRESS: '500 Market Street, San Francisco, CA 94105',
      INVOICE_REMITTANCE: 'Lockbox 1, Dallas, TX 75201',
    };
    const { prerendered, rendered } = await pagesOf({ ...('NODE_ENV' in variables ? production : {}), ...variables });
    expect(prerendered.body).toBe(PRERENDERED);
    expect(rendered.body).not.toContain('staging-banner');
    expect(rendered.body).toContain('<body class="flex"><a href="#main">');
  });
});
