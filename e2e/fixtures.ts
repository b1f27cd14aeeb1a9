import { test as base, type BrowserContext } from '@playwright/test';

export { expect } from '@playwright/test';
export type { APIRequestContext, Browser, BrowserContext, Locator, Page } from '@playwright/test';

// Chromium's console words for a refusal ("… violates the following Content Security Policy
// directive …", formerly "Refused to …"), and the event the page itself gets
const VIOLATION = /Content Security Policy|Refused to /;
const EVENT_PREFIX = 'Content Security Policy violation:';

/**
 * The browser tests' `test`. Every context it opens has answered the consent banner of the
 * third-party scripts with "Decline" (`cookieConsent`), as the test servers configure a stand-in for
 * them: a page then behaves as it does without them. e2e/analytics.spec.ts meets the banner
 * unanswered (`test.use({ cookieConsent: null })`).
 *
 * Any Content-Security-Policy violation in any page of the test, in the
 * default context or one the test opens, fails it at its end with what was refused and where
 * (docs/decisions/0018-content-security-policy.md).
 */
export const test = base.extend<{ contentSecurityPolicy: void; cookieConsent: 'denied' | null }>({
  cookieConsent: ['denied', { option: true }],
  contentSecurityPolicy: [
    async ({ browser, baseURL, cookieConsent }, use) => {
      const violations: string[] = [];
      const watch = async (context: BrowserContext) => {
        context.on('console', (message) => {
          if (VIOLATION.test(message.text()))
            violations.push(`${message.location().url || message.page()?.url() || 'a page'}: ${message.text()}`);
        });
        // both asked for at once, before the test's first page is
        const consent =
          cookieConsent && baseURL ? context.addCookies([{ name: 'cookie_consent', value: cookieConsent, url: baseURL }]) : null;
        // also the refusals Chromium reports only to the page, such as a style attribute's
        await context.addInitScript((prefix) => {
          document.addEventListener('securitypolicyviolation', (event) => {
            console.error(
              `${prefix} ${event.effectiveDirective} refused ${event.blockedURI || 'inline'} at ${event.sourceFile || event.documentURI}:${event.lineNumber}`,
            );
          });
        }, EVENT_PREFIX);
        await consent;
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
