import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';
import { quizVariantSlugs } from '@shop/core';
import { contentRoutes } from './routes/content.routes';
import { partnerRoutes, providerRoutes } from './routes/partners.routes';

// Each page sits in one of the specification's six layouts. Checkout shows the logo alone so
// nothing leads away from paying; the quiz keeps a way home; after payment the visitor gets the
// legal footer; the operator console brings its own frame.
export default [
  layout('layouts/default.tsx', [
    index('routes/home.tsx'),
    route('quiz-landing', 'routes/quiz-landing.tsx'),
    route('quiz-results', 'routes/quiz-results.tsx', { id: 'quiz-results' }),
    ...(['b', 'c', 'd'] as const).map((variant) =>
      route(`quiz-results-${variant}`, 'routes/quiz-results.tsx', { id: `quiz-results-${variant}` }),
    ),
    route('quiz-results/:goal', 'routes/quiz-results.tsx', { id: 'quiz-results-goal' }),
    route('thanks', 'routes/thanks.tsx'),
    route('account', 'routes/account.tsx'),
    route('account/profile', 'routes/account-profile.tsx'),
    route('account/orders/:id', 'routes/account-order.tsx'),
    route('account/password', 'routes/account-password.tsx'),
    route('account/orders/:id/results', 'routes/account-order-results.tsx'),
    route('sign-in', 'routes/sign-in.tsx'),
    route('reset-password', 'routes/reset-password.tsx'),
    route('new-password', 'routes/new-password.tsx'),
    route('upgrade-fast-track', 'routes/upgrade-fast-track.tsx'),
    route('add-test', 'routes/add-test.tsx'),
    route('add-ons-page', 'routes/add-ons-page.tsx'),
    ...contentRoutes,
    ...partnerRoutes,
    route('not-found', 'routes/not-found.tsx'),
    route('*', 'routes/catch-all.tsx'),
  ]),
  layout('layouts/logo-clickable.tsx', [
    // one module for every quiz: the variant is read from the path
    ...quizVariantSlugs.map((slug) => route(slug, 'routes/quiz.tsx', { id: `quiz-variant-${slug}` })),
  ]),
  layout('layouts/logo.tsx', [
    // one checkout, in the variants of the specification: the module reads which from the path
    ...['checkout-payment', 'checkout-payment-b', 'checkout-payment-c', 'checkout-payment-b2b', 'checkout-practitioners', 'checkout-payment-gift'].map((path) =>
      route(path, 'routes/checkout-payment.tsx', { id: path }),
    ),
    route('checkout-improvement-program', 'routes/checkout-improvement-program.tsx'),
    route('checkout-gift-receiver', 'routes/checkout-gift-receiver.tsx'),
    route('checkout-gift-purchaser', 'routes/checkout-gift-purchaser.tsx'),
    route('checkout-subscription-delivery', 'routes/checkout-subscription-delivery.tsx'),
  ]),
  layout('layouts/logo-legal-footer.tsx', [
    route('successful-payment', 'routes/successful-payment.tsx', { id: 'successful-payment' }),
    // the same page, at the address the synthetic monitors of the payment flow check
    route('successful-payment-datadog', 'routes/successful-payment.tsx', { id: 'successful-payment-datadog' }),
    route('collection', 'routes/collection.tsx'),
  ]),
  layout('layouts/providers.tsx', providerRoutes),
  layout('layouts/empty.tsx', [
    route('admin', 'routes/admin.tsx'),
    route('admin/orders/:id', 'routes/admin-order.tsx'),
    route('admin/customers', 'routes/admin-customers.tsx'),
    route('admin/leads', 'routes/admin-leads.tsx'),
    route('admin/coupons', 'routes/admin-coupons.tsx'),
    route('admin/orders/:id/results/:kitSlug', 'routes/admin-order-results.tsx'),
    route('admin/outbox', 'routes/admin-outbox.tsx'),
    route('admin/subscriptions', 'routes/admin-subscriptions.tsx'),
  ]),
] satisfies RouteConfig;
