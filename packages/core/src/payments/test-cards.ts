/**
 * The built-in test gateway's cards, with the semantics of Stripe's test cards so that the same
 * numbers work in development and against Stripe's test mode.
 */
export type TestCardOutcome =
  'succeeds' | 'declined' | 'insufficient_funds' | 'requires_authentication' | 'always_authenticate' | 'declines_later';

const outcomes: Record<string, TestCardOutcome> = {
  '4242424242424242': 'succeeds',
  '4000000000000002': 'declined',
  '4000000000009995': 'insufficient_funds',
  // asks for authentication when the customer pays; once saved, charges without them succeed
  '4000002500003155': 'requires_authentication',
  // asks for authentication every time, also for a charge without the customer present
  '4000002760003184': 'always_authenticate',
  // pays with the customer present and is saved; declined when charged later without them (a
  // renewal), as a card that expired or was frozen since. Stripe's number attaches and then
  // declines every charge; here its first payment goes through, to test what follows.
  '4000000000000341': 'declines_later',
};

export function normaliseCardNumber(input: string): string {
  return input.replace(/[\s-]/g, '');
}

/** Luhn check: catches a mistyped number before it reaches any gateway. */
export function isValidCardNumber(input: string): boolean {
  const digits = normaliseCardNumber(input);
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Any other valid number behaves like a generic decline, as in Stripe's test mode. */
export function testCardOutcome(number: string): TestCardOutcome {
  return outcomes[normaliseCardNumber(number)] ?? 'declined';
}

export function cardBrand(number: string): string {
  const digits = normaliseCardNumber(number);
  if (digits.startsWith('4')) return 'visa';
  if (/^5[1-5]/.test(digits) || /^2[2-7]/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^6(011|5)/.test(digits)) return 'discover';
  return 'card';
}
