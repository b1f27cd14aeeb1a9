import type { Cart } from '@shop/client';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import AccountPassword from './account/password';
import CheckoutPayment from './checkout/payment';
import NewPassword from './auth/new-password';
import ResetPassword from './auth/reset-password';
import SignIn from './auth/sign-in';

/** The page as the server sends it, before any script: what a browser submits by itself. */
function render(Page: ComponentType<never>, loaderData: unknown = null): string {
  // each route's props are typed for its own loader; these pages read nothing else
  const Shown = Page as ComponentType<{ loaderData: unknown; params: object; matches: unknown[] }>;
  const Stub = createRoutesStub([{ path: '/', Component: () => <Shown loaderData={loaderData} params={{}} matches={[]} /> }]);
  return renderToString(<Stub initialEntries={['/']} />);
}

/** Each form of the page that holds a password, a card field or an e-mail: its opening tag. */
function privateForms(html: string): string[] {
  return [...html.matchAll(/(<form\b[^>]*>)([\s\S]*?)<\/form>/g)]
    .filter(([, , body]) => /type="password"|type="email"|autoComplete="cc-/i.test(body!))
    .map(([, tag]) => tag!);
}

const cart: Cart = {
  id: 'cart',
  items: [
    {
      id: 'line',
      productCode: 'base-quiz',
      testId: null,
      kind: 'starter',
      title: 'Cortisol Test (Starter test)',
      unitPriceCents: 7995,
      quantity: 1,
      maxQuantity: 1,
      lineTotalCents: 7995,
      charge: 'now',
      frequency: null,
      unitPrice: '$79.95',
      lineTotal: '$79.95',
      compareAtPrice: null,
      covered: null,
      note: null,
    },
  ],
  itemCount: 1,
  giftType: null,
  subtotalCents: 7995,
  discountCents: 0,
  taxCents: 0,
  shippingCents: 0,
  totalCents: 7995,
  deferredCents: 0,
  storeCreditCents: 0,
  cover: null,
  coverRefusal: null,
  memberDiscountCents: 0,
  display: {
    subtotal: '$79.95',
    discount: '$0.00',
    memberDiscount: '$0.00',
    codeDiscount: '$0.00',
    codeDiscountLabel: null,
    tax: '$0.00',
    shipping: 'Free',
    total: '$79.95',
    deferred: '$0.00',
    storeCredit: '$0.00',
    couponCode: null,
    firstTest: 'Cortisol Test',
    baseCompleteTests: 0,
    area: 'Stress',
    goal: 'Anxiety & Depression',
    date: null,
    dateIso: null,
    membershipTerms: null,
  },
};

const checkout = {
  cart,
  payments: { gateway: 'test', testMode: true, publishableKey: null, account: null },
  user: null,
  google: false,
  googleFailed: false,
  variant: { path: '/checkout-payment', heading: 'Checkout', intro: null, summaryFirst: false },
  gift: null,
  returnTo: '/checkout-payment',
  testedState: null,
  query: [],
  recurring: [],
};

describe('forms with a password, a card or an e-mail', () => {
  it.each([
    ['sign-in', () => render(SignIn, { next: null, google: false, googleFailed: false })],
    ['reset-password', () => render(ResetPassword)],
    ['new-password', () => render(NewPassword, { token: 'token' })],
    ['account/password', () => render(AccountPassword)],
    ['checkout-payment', () => render(CheckoutPayment, checkout)],
  ])('are sent by POST on /%s, never in the address', (_page, html) => {
    const forms = privateForms(html());
    expect(forms.length).toBeGreaterThan(0);
    for (const form of forms) expect(form).toContain('method="post"');
  });

  it('leave the card fields without a name, so a form sent without the script carries no card', () => {
    const inputs = [...render(CheckoutPayment, checkout).matchAll(/<input\b[^>]*>/g)].map(([tag]) => tag);
    const cardFields = inputs.filter((tag) => /autoComplete="cc-/i.test(tag));
    expect(cardFields).toHaveLength(3);
    for (const field of cardFields) expect(field).not.toMatch(/\sname=/);
  });
});
