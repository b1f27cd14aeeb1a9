import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { thirdPartyScriptsFrom, thirdPartySources } from './third-party-sources.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The policy of a page whose inline scripts run by these sources (a nonce, or their hashes); at a
     * marketing page's path it also names the hosts of the configured third-party scripts.
     */
    pagePolicy(scriptSources: readonly string[], path?: string): string;
  }
}

/**
 * Every response carries a Content-Security-Policy (docs/decisions/0018-content-security-policy.md).
 * What is not a page (JSON, files, errors) gets one that loads nothing and may be framed by no one;
 * pages are given theirs where they are sent (web/mount.ts) and the API's documentation where it is
 * mounted (app.ts).
 */
export const API_POLICY = "default-src 'none';frame-ancestors 'none';base-uri 'none'";

/** Swagger UI's page loads its files from its own folder, shows data: images and adds a style element. */
export const DOCS_POLICY =
  "default-src 'self';img-src 'self' data:;style-src 'self' 'unsafe-inline';object-src 'none';frame-ancestors 'none';base-uri 'none'";

/**
 * One policy for every page, prerendered or not, and a strict one: an inline script runs only when
 * the policy names it, by the nonce made for the response or by its hash; what those scripts load
 * (the modules, and Stripe.js at the checkout) is trusted through them (`'strict-dynamic'`), so no
 * host is listed. A client-side navigation keeps the policy of the page the visit began on, and a
 * page's response head shares a phone's first round trip with its body (decision record 0015):
 * hence no allowlist of hosts, and directives parted by a bare `;`.
 *
 * A browser that knows `'strict-dynamic'` ignores the sources listed beside it; `'self'`, and
 * Stripe.js's host when Stripe takes the cards, are for one that does not (Safari before 15.4),
 * which then still runs the modules and the checkout.
 */
export function pagePolicy(scriptSources: readonly string[], options: { stripe: boolean }): string {
  return [
    ['script-src', "'strict-dynamic'", "'self'", ...(options.stripe ? ['https://js.stripe.com'] : []), ...scriptSources].join(' '),
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join(';');
}

/** A fresh nonce for one rendered page: 128 random bits. */
export function createNonce(): string {
  return randomBytes(16).toString('base64');
}

// an inline script element: its attributes, then its text (which cannot hold `</script`)
const INLINE_SCRIPT = /<script(\s[^>]*)?>([\s\S]*?)<\/script\s*>/gi;
const TYPE_ATTRIBUTE = /(?:^|\s)type\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i;
// the types a browser runs, and so checks against script-src; any other type is a data block (JSON-LD)
const RUN_TYPES = /^(?:|module|importmap|(?:text|application)\/(?:x-)?(?:javascript|ecmascript)|text\/jscript)$/i;

/**
 * The hash sources of the inline scripts a page runs, each once, in page order. A script with a
 * `src`, an empty one (a browser runs nothing, so checks nothing) and a data block need none.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = '', text = ''] of html.matchAll(INLINE_SCRIPT)) {
    if (/(?:^|\s)src\s*=/i.test(attributes) || text === '') continue;
    const type = TYPE_ATTRIBUTE.exec(attributes);
    if (type && !RUN_TYPES.test((type[1] ?? type[2] ?? type[3] ?? '').trim())) continue;
    // the browser hashes the text as parsed, and parsing turns CR LF and CR into LF
    const parsed = text.replace(/\r\n?/g, '\n');
    hashes.add(`'sha256-${createHash('sha256').update(parsed, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/**
 * Sends API_POLICY with every response, before anything can fail, and decorates the app with the
 * page policy of its configuration. The gateway is asked when a page is: this plugin sits among the
 * external ones, before the application's services exist.
 */
export const contentSecurityPolicy = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('content-security-policy', API_POLICY);
  });
  app.decorate('pagePolicy', (scriptSources: readonly string[], path?: string) =>
    pagePolicy([...scriptSources, ...(path === undefined ? [] : thirdPartySources(thirdPartyScriptsFrom(app.config), path))], {
      stripe: app.payments.browserConfig().gateway === 'stripe',
    }),
  );
});
