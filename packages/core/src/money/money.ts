/** All money is integer cents of US dollars; this is the one place that turns it into text. */
export type Cents = number;

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export function formatMoney(cents: Cents): string {
  assertCents(cents);
  return usd.format(cents / 100);
}

export function assertCents(value: number): asserts value is Cents {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Money must be whole cents, got ${value}`);
}

/** A percentage of an amount, rounded half away from zero to whole cents. */
export function percentOf(cents: Cents, percent: number): Cents {
  const exact = (cents * percent) / 100;
  return Math.sign(exact) * Math.round(Math.abs(exact));
}
