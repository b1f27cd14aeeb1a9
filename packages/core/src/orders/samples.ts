import { productCodes, type ProductCode } from '../catalog/products.ts';

/**
 * What a paid product asks of its buyer. A test asks for a sample, given with a home kit or at a
 * partner lab, so an order holding one goes on to the collection choice. The rest ask for none:
 * - gift: its recipient gives the sample, on the order that redeems it
 * - membership: Base Daily starts at once
 * - lab_report: the nutritional plan reads labs the member already has
 * - coach_session: the health coach consultation is a conversation
 * - program_later: the program follows the results of a starter test bought before (a gift's, or
 *   the buyer's own starter test bought without it)
 */
export type AfterPayment = 'sample' | 'gift' | 'membership' | 'lab_report' | 'coach_session' | 'program_later';

// Keyed by every product code, so a new product does not compile until it is classified here.
const afterPayment: Record<ProductCode, AfterPayment> = {
  'base-quiz': 'sample',
  // the program billed on results, and the Complete bundle's, start from this order's own samples
  'base-improvement-plan': 'sample',
  'base-improvement-plan-pay-upfront': 'sample',
  'improvement-program-later': 'program_later',
  'improvement-program-after-results': 'program_later',
  'base-complete': 'sample',
  'base-complete-improvement-plan': 'sample',
  'base-complete-improvement-plan-pay-upfront': 'sample',
  'base-monitor': 'sample',
  'fast-track': 'sample',
  'food-allergy': 'sample',
  'food-sensitivity': 'sample',
  'nutritional-plan': 'lab_report',
  'health-coach': 'coach_session',
  'base-daily': 'membership',
  'gift-one-off': 'gift',
  'gift-improvement-program': 'gift',
};

/** What a product asks of its buyer once paid. A code the catalog no longer knows was sold as a test, so it asks for a sample. */
export function afterPaymentOf(productCode: string): AfterPayment {
  return Object.hasOwn(afterPayment, productCode) ? afterPayment[productCode as ProductCode] : 'sample';
}

export function needsSample(productCode: string): boolean {
  return afterPaymentOf(productCode) === 'sample';
}

/** The products that never ask for a sample: an order holding only these skips the collection choice. */
export const sampleFreeProductCodes: readonly ProductCode[] = productCodes.filter((code) => !needsSample(code));

/** Whether an order holding these products goes on to the collection choice: one of them needs a sample. */
export function orderNeedsSample(productCodes: Iterable<string>): boolean {
  for (const code of productCodes) if (needsSample(code)) return true;
  return false;
}
