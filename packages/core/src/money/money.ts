/** All money is integer cents of US dollars; this is the one place that turns it into text. */
export type Cents = number;

/**
 * "$1,234.50", "-$5.00": what `Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })`
 * prints, in integer arithmetic. Prices render on every storefront page while it hydrates, and the
 * first Intl formatter a page builds loads locale data that costs a phone tens of milliseconds.
 */
export function formatMoney(cents: Cents): string {
  assertCents(cents);
  const magnitude = Math.abs(cents);
  const dollars = Math.floor(magnitude / 100)
    .toString()
    .replace(/\B(?=(\d{3})+$)/g, ',');
  const rest = (magnitude % 100).toString().padStart(2, '0');
  return `${cents < 0 ? '-' : ''}$${dollars}.${rest}`;
}

export function assertCents(value: number): asserts value is Cents {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Money must be whole cents, got ${value}`);
}

/** A percentage of an amount, rounded half away from zero to whole cents. */
export function percentOf(cents: Cents, percent: number): Cents {
  const exact = (cents * percent) / 100;
  return Math.sign(exact) * Math.round(Math.abs(exact));
}

/**
 * Dollars as a person types them ("25", "25.5", "$1,250.00") in whole cents; null for anything
 * else (a negative amount, more than two decimals, words).
 */
export function centsFromDollars(text: string): Cents | null {
  const match = /^\$?(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text.trim().replaceAll(',', ''));
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
