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
