import { b2bGoalNames, type B2bGoalName } from '@shop/core';

/**
 * The checkout's variants (specification §2). They share the one checkout — account, payment,
 * the same order and the same charge — and differ in what they say and in what comes first.
 */
export interface CheckoutVariant {
  path: string;
  heading: string;
  /** one line under the heading, or none */
  intro: string | null;
  /** the order summary above the form on small screens */
  summaryFirst: boolean;
  /** the gift checkout: after the gift delivery form, with the gift's summary */
  gift?: boolean;
}

const base: CheckoutVariant = { path: '/checkout-payment', heading: 'Checkout', intro: null, summaryFirst: false };

const variants: Record<string, CheckoutVariant> = {
  '/checkout-payment': base,
  '/checkout-payment-b': { ...base, path: '/checkout-payment-b', heading: 'Review and pay', summaryFirst: true },
  '/checkout-payment-c': {
    ...base,
    path: '/checkout-payment-c',
    heading: 'Secure checkout',
    intro: 'Free shipping, HSA/FSA accepted, and results reviewed by a clinician.',
  },
  '/checkout-payment-gift': {
    ...base,
    path: '/checkout-payment-gift',
    heading: 'Pay for your gift',
    intro: 'Everything is paid today: nothing is ever charged to them.',
    gift: true,
  },
};

const goalLabels: Record<B2bGoalName, string> = {
  'preventative-health': 'preventative health',
  fatigue: 'fatigue',
  'mental-health': 'mental health',
};

/** The employer group of the employer checkout, as the API gives it (null when there is none by that slug). */
export interface CheckoutEmployer {
  name: string;
  /** the employer covers the Improvement Program with the test */
  includesProgram?: boolean;
  goals: readonly { slug: string }[];
}

/**
 * The variant of a checkout path; undefined for a path that is not a checkout. The employer
 * checkout needs a known group (and, when given, one of its goals): anything else is not found.
 */
export function checkoutVariant(path: string, query: URLSearchParams, employer?: CheckoutEmployer | null): CheckoutVariant | undefined {
  if (path !== '/checkout-payment-b2b') return variants[path];
  if (!employer) return undefined;
  const goal = query.get('goal');
  if (goal !== null && !(b2bGoalNames as readonly string[]).includes(goal)) return undefined;
  if (goal !== null && !employer.goals.some((offered) => offered.slug === goal)) return undefined;
  return {
    ...base,
    path: '/checkout-payment-b2b',
    heading: `Checkout for ${employer.name}`,
    // nothing of HSA or FSA cards here: a test the employer covers in full asks for no card, and a
    // part left to the employee is paid by the card form, which says so itself
    intro: goal
      ? `Your ${goalLabels[goal as B2bGoalName]} starter test${employer.includesProgram ? ' and the Improvement Program' : ''}, offered through ${employer.name}.`
      : `Offered through ${employer.name}.`,
  };
}

/** The employer group slug an employer checkout names in its query string, if this is one. */
export function employerOfCheckout(path: string, query: URLSearchParams): string | null {
  return path === '/checkout-payment-b2b' ? query.get('group') : null;
}
