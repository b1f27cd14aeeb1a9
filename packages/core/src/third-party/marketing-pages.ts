/**
 * The pages a third-party script may run on: the storefront's marketing pages, by exact path, and
 * no other. A page is left out when its address or what it shows can say something about a
 * person's health: the quiz and its results, a goal's, a biomarker's or a test's own page, the
 * account, results, orders, checkout, sample collection, the medical profile and the console. The
 * server adds the integrations' hosts to a page's Content-Security-Policy only here, and the
 * browser's loader starts them only here (docs/experiments-and-analytics.md).
 */
export const marketingPages: ReadonlySet<string> = new Set([
  '/',
  '/quiz-landing',
  '/all-goals',
  '/complete-testing-plan',
  '/base-daily',
  '/how-it-works',
  '/science',
  '/how-testing-works',
  '/health-data',
  '/reviews',
  '/base-testing-reviews',
  '/giveaway',
  '/about',
  '/blog',
  '/marketplace',
  '/tiktok',
  '/gifts',
  '/gifts-base',
  '/business',
  '/affiliate-program',
  '/whitepaper',
  '/terms',
  '/privacy-policy',
]);

/**
 * The marketing page an address names, as its path alone (no query, no fragment, no trailing
 * slash), or null when it names any other page. Anything but a plain path is no marketing page.
 */
export function marketingPagePath(address: string): string | null {
  if (!address.startsWith('/') || address.startsWith('//')) return null;
  const path = address.split(/[?#]/, 1)[0]!;
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const page = trimmed === '' ? '/' : trimmed;
  return marketingPages.has(page) ? page : null;
}

export function isMarketingPage(address: string): boolean {
  return marketingPagePath(address) !== null;
}
