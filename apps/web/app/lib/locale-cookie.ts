/** The specification's locale cookie (§2, §9): English is the only locale, remembered for 365 days. */
export const LOCALE_COOKIE = 'i18n_redirected';
export const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

export function localeCookie(locale = 'en'): string {
  return `${LOCALE_COOKIE}=${locale}; Max-Age=${LOCALE_COOKIE_MAX_AGE_S}; Path=/; SameSite=Lax`;
}

/** Whether a Cookie header (or document.cookie) already carries the locale. */
export function hasLocaleCookie(cookies: string, locale = 'en'): boolean {
  return cookies.split(/;\s*/).includes(`${LOCALE_COOKIE}=${locale}`);
}

/**
 * Sets the cookie in the browser: prerendered pages are the same file for everybody and cannot
 * send a Set-Cookie of their own.
 */
export function rememberLocale(doc: Pick<Document, 'cookie'> = document): void {
  if (!hasLocaleCookie(doc.cookie)) doc.cookie = localeCookie();
}

/**
 * The same, without holding up the page as it comes alive. Reading `document.cookie` is a
 * synchronous round trip to the browser's cookie store: in Chromium traces of the storefront with
 * the CPU slowed 4×, that one read was among the longest calls of hydration's last task (27 ms on
 * /goal/fatigue, up to 164 ms on /checkout-payment while the machine was busy). The Cookie Store
 * API asks asynchronously; a browser without it does it the old way a moment after the page is alive.
 */
export function rememberLocaleSoon(win: Pick<Window, 'document' | 'setTimeout'> & { cookieStore?: CookieStore } = window): void {
  const store = win.cookieStore;
  const theOldWay = () => rememberLocale(win.document);
  if (!store) return void win.setTimeout(theOldWay, 200);
  store
    .get(LOCALE_COOKIE)
    .then((found) => {
      if (found?.value !== 'en')
        return store.set({
          name: LOCALE_COOKIE,
          value: 'en',
          expires: Date.now() + LOCALE_COOKIE_MAX_AGE_S * 1000,
          path: '/',
          sameSite: 'lax',
        });
    })
    .catch(theOldWay);
}
