import type { ProductCode } from '../catalog/products.ts';
import type { Cents } from '../money/money.ts';

/** When a line is paid: 'now' at checkout, 'on_results' when the starter test's results arrive, 'recurring' now and on each delivery. */
export type LineCharge = 'now' | 'on_results' | 'recurring';

/** The cart lines a discount may touch, and nothing else (a priced cart line is one). */
export interface DiscountableLine {
  productCode: ProductCode;
  title: string;
  lineTotalCents: Cents;
  charge: LineCharge;
  quantity: number;
}

/**
 * A discount only ever lowers what is paid at checkout. The Improvement Program billed when the
 * starter test's results arrive is charged later, off-session, at the price the customer agreed
 * to: no code reaches it. A subscription line is paid now for its first period, so a discount
 * lowers that first charge and never a renewal.
 */
export function isPaidNow(line: { charge: LineCharge }): boolean {
  return line.charge !== 'on_results';
}

/** The subtotal the customer sees: what is paid now, before any discount. */
export function paidNowSubtotal(lines: readonly DiscountableLine[]): Cents {
  return lines.filter(isPaidNow).reduce((sum, line) => sum + line.lineTotalCents, 0);
}
