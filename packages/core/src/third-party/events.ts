import type { ProductCode } from '../catalog/products.ts';
import { marketingPagePath } from './marketing-pages.ts';

/**
 * The only events a third party is told, and the only fields they carry. A page view names a
 * marketing page by its path; an addition to the cart names the kind of product, never which test,
 * goal or biomarker; a purchase its value in cents. Whatever else a page hands in is dropped by
 * `sanitiseEvent`, so no goal, biomarker, result, test name or e-mail can reach a tag manager or an
 * advertising script (the FTC's Health Breach Notification Rule counts that as a breach).
 */
export type ThirdPartyEvent =
  | { event: 'page_view'; path: string }
  | { event: 'add_to_cart'; productType: ProductKind }
  | { event: 'purchase'; valueCents: number; currency: 'USD' };

export const productKinds = ['test', 'bundle', 'program', 'service', 'membership', 'gift'] as const;
export type ProductKind = (typeof productKinds)[number];

/** Each product by the kind a third party may learn of it. */
const kindOfProduct: Record<ProductCode, ProductKind> = {
  'base-quiz': 'test',
  'base-monitor': 'test',
  'fast-track': 'test',
  'food-allergy': 'test',
  'food-sensitivity': 'test',
  'base-complete': 'bundle',
  'base-improvement-plan': 'program',
  'base-improvement-plan-pay-upfront': 'program',
  'improvement-program-later': 'program',
  'improvement-program-after-results': 'program',
  'base-complete-improvement-plan': 'program',
  'base-complete-improvement-plan-pay-upfront': 'program',
  'nutritional-plan': 'service',
  'health-coach': 'service',
  'base-daily': 'membership',
  'gift-one-off': 'gift',
  'gift-improvement-program': 'gift',
};

/** The kind of the product with this code, or null for a code the shop does not sell. */
export function productKindOf(code: unknown): ProductKind | null {
  return typeof code === 'string' && Object.hasOwn(kindOfProduct, code) ? kindOfProduct[code as ProductCode] : null;
}

/** The most a purchase a third party hears of can be worth: $100,000. */
const MAX_PURCHASE_CENTS = 10_000_000;

/**
 * The event as a third party may receive it, rebuilt from the allowed fields alone, or null when
 * it is not one of the allowed shapes: a page view of a page other than a marketing page, a product
 * that is not a known kind, a value that is not a whole number of cents. A page view keeps the path
 * and drops the query string and fragment, which can carry an e-mail or a quiz's answers.
 */
export function sanitiseEvent(input: unknown): ThirdPartyEvent | null {
  if (typeof input !== 'object' || input === null) return null;
  const candidate = input as Record<string, unknown>;
  switch (candidate.event) {
    case 'page_view': {
      const path = typeof candidate.path === 'string' ? marketingPagePath(candidate.path) : null;
      return path === null ? null : { event: 'page_view', path };
    }
    case 'add_to_cart': {
      const kind = candidate.productType;
      return typeof kind === 'string' && (productKinds as readonly string[]).includes(kind)
        ? { event: 'add_to_cart', productType: kind as ProductKind }
        : null;
    }
    case 'purchase': {
      const value = candidate.valueCents;
      return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value <= MAX_PURCHASE_CENTS
        ? { event: 'purchase', valueCents: value, currency: 'USD' }
        : null;
    }
    default:
      return null;
  }
}
