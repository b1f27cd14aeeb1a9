import { appFeatureSlugs, areaSlugs, articles, canonicalBiomarkerSlugs, goalSlugs, providerVideos, quizVariants } from '@shop/core';

/**
 * Areas whose every page is the signed-in person's own (the console, a member's account, a
 * clinic's dashboard with its sections' routes and its webhooks): they stay server-rendered, and
 * a page added to one needs no line here.
 */
const serverRenderedAreas = ['/admin', '/account', '/providers/dashboard'];

/**
 * Other pages whose HTML depends on the visitor (session, cart, order, query string or experiment
 * cookie): they stay server-rendered. Every other page without a parameter is prerendered.
 */
const serverRendered = new Set([
  '/quiz', // the quiz experiment assigns a variant per visitor
  ...Object.values(quizVariants)
    .filter((variant) => variant.requiresPartner)
    .map((variant) => `/${variant.slug}`), // the partner comes from the query string
  '/quiz-landing',
  '/quiz-results',
  '/quiz-results-b',
  '/quiz-results-c',
  '/quiz-results-d',
  '/checkout-payment',
  '/checkout-payment-b',
  '/checkout-payment-c',
  '/checkout-payment-b2b', // the employer group comes from the query string
  '/checkout-practitioners',
  '/checkout-improvement-program', // the order comes from the query string
  '/checkout-gift-receiver', // the gift code comes from the query string, the account from the session
  '/checkout-gift-purchaser',
  '/checkout-payment-gift',
  '/checkout-subscription-delivery', // the delivery comes from the query string
  '/upgrade-fast-track',
  '/successful-payment',
  '/successful-payment-datadog',
  '/collection',
  '/thanks',
  '/contact', // a member writes as their account; the form carries the time it was shown
  '/practitioners-referral', // a signed-in clinic member refers as their account
  '/staff-invitation', // reads the invitation's token from the query string
  '/sign-in',
  '/sign-out', // a form's action; a GET only goes home
  '/checkout-gift-choice', // a form's action, no page: nothing to prerender
  '/new-password', // reads the reset token from the query string
  '/business/portal', // the employer admin's own group
  '/business/portal/accept', // the invitation's token comes from the query string
  '/business/portal/billing', // the employer admin's own group's billing details and invoices
  '/business/portal/billing/add-funds', // the employer admin's own group's testing bank
  '/business/portal/poster', // the employer admin's own group, printed
  '/affiliate/dashboard', // the signed-in affiliate's own figures
  '/providers/invitation', // the invitation's token comes from the query string
  '/not-found', // answers with status 404, which a prerendered file cannot carry
]);

/** Prerendered, but kept out of search engines. */
const notIndexed = new Set(['/reset-password', '/nutritional-plan-confirm']);

/** Pages whose canonical address ends with a slash, as the specification writes them (/blog/). */
const slashCanonical = new Set(['/blog']);

/** Public pages that are server-rendered but belong in the sitemap. */
const indexedServerRendered = ['/quiz', '/contact', '/practitioners-referral'];

/** Every value of every parameter route, from core's lists. */
export function parameterPaths(): string[] {
  return [
    ...goalSlugs.map((slug) => `/goal/${slug}`),
    ...areaSlugs.map((slug) => `/goal/${slug}`),
    ...canonicalBiomarkerSlugs.map((slug) => `/test/${slug}`),
    ...appFeatureSlugs.map((slug) => `/app/${slug}`),
    ...articles.map((article) => `/blog/${article.slug}`),
    ...providerVideos.map((video) => `/providers/videos/${video.slug}`),
  ];
}

/** The fixed part of each parameter route, e.g. `/goal/` for `goal/:goal`. */
export function parameterPrefixes(routePaths: readonly string[]): string[] {
  return routePaths.filter((path) => path.includes(':')).map((path) => `/${path.replace(/^\//, '').split(':')[0]}`);
}

/** The paths to prerender: the static ones that do not depend on the visitor, then every parameter value. */
export function prerenderPaths(staticPaths: readonly string[], parameterPrefixes: readonly string[]): string[] {
  // a parameter route another change has not added yet would prerender the 404 page: skip it
  const routed = (path: string) => parameterPrefixes.some((prefix) => path.startsWith(prefix));
  const inArea = (path: string) => serverRenderedAreas.some((area) => path === area || path.startsWith(`${area}/`));
  const paths = [...staticPaths.filter((path) => !serverRendered.has(path) && !inArea(path)), ...parameterPaths().filter(routed)];
  return [...new Set(paths)].sort();
}

/** The pages a search engine should list: prerendered ones that are not hidden, the quiz and the contact form. */
export function indexablePaths(prerendered: readonly string[]): string[] {
  const listed = [...prerendered.filter((path) => !notIndexed.has(path)), ...indexedServerRendered];
  return [...new Set(listed.map((path) => (slashCanonical.has(path) ? `${path}/` : path)))].sort();
}
