import { test as base, type BrowserContext } from '@playwright/test';

export { expect } from '@playwright/test';
export type { APIRequestContext, APIResponse, Browser, BrowserContext, Locator, Page } from '@playwright/test';

// Chromium's console words for a refusal ("… violates the following Content Security Policy
// directive …", formerly "Refused to …"), and the event the page itself gets
const VIOLATION = /Content Security Policy|Refused to /;
const EVENT_PREFIX = 'Content Security Policy violation:';

/**
 * The browser tests' `test`. The test servers configure a stand-in for the third-party scripts
 * (e2e/analytics-server.mjs); in every context a test opens, their loader is answered with an
 * empty script (`thirdPartyScripts: 'off'`), so a page behaves as it does without them: no consent
 * banner, and no cookie that a browser would not have. e2e/analytics.spec.ts lets the loader run
 * (`test.use({ thirdPartyScripts: 'on' })`).
 *
 * Any Content-Security-Policy violation in any page of the test, in the
 * default context or one the test opens, fails it at its end with what was refused and where
 * (docs/decisions/0018-content-security-policy.md).
 */
export const test = base.extend<{ contentSecurityPolicy: void; thirdPartyScripts: 'on' | 'off' }>({
  thirdPartyScripts: ['off', { option: true }],
  contentSecurityPolicy: [
    async ({ browser, thirdPartyScripts }, use) => {
      const violations: string[] = [];
      const watch = async (context: BrowserContext) => {
        context.on('console', (message) => {
          if (VIOLATION.test(message.text()))
            violations.push(`${message.location().url || message.page()?.url() || 'a page'}: ${message.text()}`);
        });
        // both set up at once, before the test's first page is asked for
        const loader =
          thirdPartyScripts === 'off'
            ? context.route('**/assets/third-party-*.js', (route) => route.fulfill({ contentType: 'text/javascript', body: '' }))
            : null;
        // also the refusals Chromium reports only to the page, such as a style attribute's
        await context.addInitScript((prefix) => {
          document.addEventListener('securitypolicyviolation', (event) => {
            console.error(
              `${prefix} ${event.effectiveDirective} refused ${event.blockedURI || 'inline'} at ${event.sourceFile || event.documentURI}:${event.lineNumber}`,
            );
          });
        }, EVENT_PREFIX);
        await loader;
      };
      const pending: Promise<void>[] = [];
      const onContext = (context: BrowserContext) => pending.push(watch(context));
      browser.on('context', onContext);
      await use();
      browser.off('context', onContext);
      await Promise.allSettled(pending);
      base.expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});
