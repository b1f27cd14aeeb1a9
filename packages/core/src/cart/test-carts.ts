import { priceCart, type CartLineInput, type PricedLine } from './pricing.ts';

/** Cart lines priced from the real catalog, for the tests of discounts. */
export function linesOf(...items: Array<CartLineInput['productCode'] | CartLineInput>): PricedLine[] {
  return priceCart(items.map((item) => (typeof item === 'string' ? { productCode: item, quantity: 1 } : item))).lines;
}
