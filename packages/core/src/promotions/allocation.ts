import { percentOf, type Cents } from '../money/money.ts';

/**
 * How a discount is spread over cart lines. Every line's share is whole cents, no line goes below
 * zero, and the order's discount is always the sum of the lines' shares, so a receipt itemised for
 * HSA/FSA adds up.
 */

/** A percent off each amount, rounded half-up per line: the order's discount is the sum. */
export function percentOfEach(amounts: readonly Cents[], percent: number): Cents[] {
  return amounts.map((amount) => Math.min(amount, percentOf(amount, percent)));
}

/**
 * A fixed amount split over the amounts in proportion to them, capped at their sum. The cents left
 * after rounding down go one each to the largest remainders (ties to the earlier line), so the
 * shares add up to exactly the amount taken.
 */
export function spreadFixed(amounts: readonly Cents[], fixed: Cents): Cents[] {
  const total = amounts.reduce((sum, amount) => sum + amount, 0);
  const taken = Math.min(fixed, total);
  if (taken <= 0) return amounts.map(() => 0);
  const shares = amounts.map((amount) => floorDivide(taken * amount, total));
  let left = taken - shares.reduce((sum, share) => sum + share, 0);
  const byRemainder = amounts
    .map((amount, index) => ({ index, remainder: (taken * amount) % total }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left === 0) break;
    shares[index]! += 1;
    left -= 1;
  }
  return shares;
}

/** numerator / denominator rounded half-up, exactly, for non-negative whole numbers. */
export function divideHalfUp(numerator: number, denominator: number): number {
  if (denominator <= 0) throw new RangeError('Cannot divide by zero or a negative amount');
  return floorDivide(2 * numerator + denominator, 2 * denominator);
}

// Integer division without trusting a floating-point quotient near a whole number.
function floorDivide(numerator: number, denominator: number): number {
  return (numerator - (numerator % denominator)) / denominator;
}
