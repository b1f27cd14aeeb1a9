import { route, type RouteConfigEntry } from '@react-router/dev/routes';

// The pages without an explicit id before they moved here keep the one React Router derived
// from their old file name (`routes/checkout-gift-receiver`): the built pages name them.
const page = (path: string, file: string, id: string) => route(path, `routes/checkout/${file}.tsx`, { id });

/** Paying, in the layout with the logo alone, so nothing leads away from it. */
export const checkoutRoutes: RouteConfigEntry[] = [
  // one checkout, in the variants of the specification: the module reads which from the path
  ...['checkout-payment', 'checkout-payment-b', 'checkout-payment-c', 'checkout-payment-b2b', 'checkout-payment-gift'].map((path) =>
    page(path, 'payment', path),
  ),
  // a clinic's order, paid by its client through the link in their e-mail
  page('checkout-practitioners', 'practitioner-pay', 'checkout-practitioners'),
  page('checkout-improvement-program', 'improvement-program', 'routes/checkout-improvement-program'),
  page('checkout-gift-receiver', 'gift-receiver', 'routes/checkout-gift-receiver'),
  page('checkout-gift-purchaser', 'gift-purchaser', 'routes/checkout-gift-purchaser'),
  page('checkout-subscription-delivery', 'subscription-delivery', 'routes/checkout-subscription-delivery'),
  // no page: where the gift pages' choices are sent (they sit on several pages, some built once)
  route('checkout-gift-choice', 'routes/checkout/gift-choice.ts', { id: 'routes/checkout-gift-choice' }),
];

/** After the payment, in the layout with the legal footer. */
export const afterPaymentRoutes: RouteConfigEntry[] = [
  page('successful-payment', 'successful-payment', 'successful-payment'),
  // the same page, at the address the synthetic monitors of the payment flow check
  page('successful-payment-datadog', 'successful-payment', 'successful-payment-datadog'),
  page('collection', 'collection', 'routes/collection'),
];
