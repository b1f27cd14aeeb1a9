import { getProduct, getTest, type ProductCode } from '../catalog/index.ts';
import type { Cents } from '../money/money.ts';
import {
  applyDiscounts,
  type AppliedDiscount,
  type DiscountCandidate,
  type DiscountContext,
  type RejectedDiscount,
} from '../promotions/apply.ts';
import type { LineCharge } from '../promotions/lines.ts';

export interface CartLineInput {
  productCode: ProductCode;
  /** the lab test of a starter-test line */
  testId?: number | null;
  quantity: number;
}

export interface PricedLine {
  productCode: ProductCode;
  testId: number | null;
  title: string;
  unitPriceCents: Cents;
  quantity: number;
  lineTotalCents: Cents;
  /** 'now' is paid at checkout; 'on_results' when the starter test's results arrive */
  charge: LineCharge;
  /** this line's share of the order's discount: present when the cart is priced with discounts */
  discountCents?: Cents;
}

export interface CartTotals {
  lines: PricedLine[];
  subtotalCents: Cents;
  discountCents: Cents;
  taxCents: Cents;
  shippingCents: Cents;
  /** what is charged at checkout */
  totalCents: Cents;
  /** what is charged later, without the customer present, with their consent */
  deferredCents: Cents;
  /** present when the cart is priced with discounts: what was applied, and what was not and why */
  applied?: AppliedDiscount[];
  rejected?: RejectedDiscount[];
}

export interface PriceCartOptions {
  /** the discounts the API found for this cart and customer (see promotions/apply.ts) */
  discounts?: { candidates: readonly DiscountCandidate[]; context: DiscountContext };
}

export const MAX_QUANTITY = 10;

/**
 * Prices a cart from the catalog alone: no price ever comes from the browser. Shipping is free;
 * tax is zero until a state rule says otherwise (DESIGN.md §3). With discounts, the combination
 * rule of promotions/apply.ts decides what comes off what is paid now.
 */
export function priceCart(input: readonly CartLineInput[], options: PriceCartOptions = {}): CartTotals {
  const priced = input.map(priceLine);
  const discounted = options.discounts
    ? applyDiscounts({ lines: priced }, options.discounts.candidates, options.discounts.context)
    : undefined;
  const lines: PricedLine[] = discounted?.lines ?? priced;
  const dueNow = lines.filter((line) => line.charge !== 'on_results');
  const subtotalCents = sum(dueNow.map((line) => line.lineTotalCents));
  const deferredCents = sum(lines.filter((line) => line.charge === 'on_results').map((line) => line.lineTotalCents));
  const discountCents = discounted?.discountCents ?? 0;
  const taxCents = 0;
  const shippingCents = 0;
  return {
    lines,
    subtotalCents,
    discountCents,
    taxCents,
    shippingCents,
    totalCents: subtotalCents - discountCents + taxCents + shippingCents,
    deferredCents,
    ...(discounted ? { applied: discounted.applied, rejected: discounted.rejected } : {}),
  };
}

function priceLine(line: CartLineInput): PricedLine {
  if (!Number.isInteger(line.quantity) || line.quantity < 1 || line.quantity > MAX_QUANTITY) {
    throw new RangeError(`Quantity must be a whole number from 1 to ${MAX_QUANTITY}`);
  }
  const product = getProduct(line.productCode);
  const test = line.testId == null ? undefined : getTest(line.testId);
  return {
    productCode: product.code,
    testId: test?.id ?? null,
    title: test ? `${test.title} (${product.title})` : product.title,
    unitPriceCents: product.priceCents,
    quantity: line.quantity,
    lineTotalCents: product.priceCents * line.quantity,
    charge: product.charge,
  };
}

function sum(values: Cents[]): Cents {
  return values.reduce((total, value) => total + value, 0);
}
