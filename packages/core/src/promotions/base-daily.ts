import { BASE_DAILY_TEST_DISCOUNT_PERCENT, getProduct, type ProductCode } from '../catalog/index.ts';
import type { Cents } from '../money/money.ts';
import { divideHalfUp } from './allocation.ts';
import { isPaidNow, type DiscountableLine } from './lines.ts';

/**
 * The tests a Base Daily member gets 5% off (specification §1, DESIGN.md §3): the starter test,
 * the fast-track second test, the Complete bundle and the food allergy and sensitivity tests.
 * Not the Improvement Program (a programme, not a test, and partly billed later), not the
 * nutritional plan (a review of labs the customer already has), not the coach, not subscriptions
 * (a test subscription is already priced under a one-off test; Base Daily is the membership
 * itself), and not gifts (the member benefit is for the member's own tests).
 */
export const baseDailyTestProducts: ReadonlySet<ProductCode> = new Set<ProductCode>([
  'base-quiz',
  'fast-track',
  'base-complete',
  'food-allergy',
  'food-sensitivity',
]);

/**
 * The part of a line that is tests. A line that stands for a test and a programme paid together
 * (starter or Complete + program paid upfront) counts its test at the test's own price.
 */
export function testPortionCents(line: DiscountableLine): Cents {
  if (!isPaidNow(line)) return 0;
  if (baseDailyTestProducts.has(line.productCode)) return line.lineTotalCents;
  const product = getProduct(line.productCode);
  if (product.type === 'gift' || !product.includes) return 0;
  const unitTests = product.includes
    .filter((code) => baseDailyTestProducts.has(code))
    .reduce((sum, code) => sum + getProduct(code).priceCents, 0);
  return unitTests * line.quantity;
}

/**
 * 5% of each line's test portion, taken from what is left of the line after a code's discount:
 * the test portion shrinks in the same proportion as the line. Rounded half-up per line.
 */
export function baseDailyDiscounts(lines: readonly DiscountableLine[], alreadyOff: readonly Cents[]): Cents[] {
  return lines.map((line, index) => {
    const tests = testPortionCents(line);
    if (tests === 0 || line.lineTotalCents === 0) return 0;
    const remaining = line.lineTotalCents - (alreadyOff[index] ?? 0);
    return divideHalfUp(tests * remaining * BASE_DAILY_TEST_DISCOUNT_PERCENT, line.lineTotalCents * 100);
  });
}
