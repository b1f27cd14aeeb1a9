import { index, route, type RouteConfig } from '@react-router/dev/routes';
import { quizVariantSlugs } from '@shop/core';

export default [
  index('routes/home.tsx'),
  // one module for every quiz: the variant is read from the path
  ...quizVariantSlugs.map((slug) => route(slug, 'routes/quiz.tsx', { id: `quiz-variant-${slug}` })),
  route('quiz-landing', 'routes/quiz-landing.tsx'),
  route('quiz-results', 'routes/quiz-results.tsx', { id: 'quiz-results' }),
  ...(['b', 'c', 'd'] as const).map((variant) =>
    route(`quiz-results-${variant}`, 'routes/quiz-results.tsx', { id: `quiz-results-${variant}` }),
  ),
  route('quiz-results/:goal', 'routes/quiz-results.tsx', { id: 'quiz-results-goal' }),
  // one checkout, in the variants of the specification: the module reads which from the path
  ...['checkout-payment', 'checkout-payment-b', 'checkout-payment-c', 'checkout-payment-b2b', 'checkout-practitioners'].map((path) =>
    route(path, 'routes/checkout-payment.tsx', { id: path }),
  ),
  route('checkout-improvement-program', 'routes/checkout-improvement-program.tsx'),
  route('successful-payment', 'routes/successful-payment.tsx', { id: 'successful-payment' }),
  // the same page, at the address the synthetic monitors of the payment flow check
  route('successful-payment-datadog', 'routes/successful-payment.tsx', { id: 'successful-payment-datadog' }),
  route('collection', 'routes/collection.tsx'),
  route('thanks', 'routes/thanks.tsx'),
  route('account', 'routes/account.tsx'),
  route('account/profile', 'routes/account-profile.tsx'),
  route('account/password', 'routes/account-password.tsx'),
  route('sign-in', 'routes/sign-in.tsx'),
  route('admin', 'routes/admin.tsx'),
  route('admin/outbox', 'routes/admin-outbox.tsx'),
  route('reset-password', 'routes/reset-password.tsx'),
  route('new-password', 'routes/new-password.tsx'),
  route('not-found', 'routes/not-found.tsx'),
  route('upgrade-fast-track', 'routes/upgrade-fast-track.tsx'),
  route('add-test', 'routes/add-test.tsx'),
  route('add-ons-page', 'routes/add-ons-page.tsx'),
  route('*', 'routes/catch-all.tsx'),
] satisfies RouteConfig;
