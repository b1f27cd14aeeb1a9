import { describe, expect, it } from 'vitest';
import { cardBrand, isValidCardNumber, testCardOutcome } from './test-cards.ts';

describe('test cards', () => {
  it.each([
    ['4242 4242 4242 4242', 'succeeds'],
    ['4000 0000 0000 0002', 'declined'],
    ['4000-0025-0000-3155', 'requires_authentication'],
    ['4000 0027 6000 3184', 'always_authenticate'],
    ['4000000000009995', 'insufficient_funds'],
    ['5555555555554444', 'declined'],
  ] as const)('%s %s', (number, outcome) => {
    expect(isValidCardNumber(number)).toBe(true);
    expect(testCardOutcome(number)).toBe(outcome);
  });

  it('rejects a mistyped number', () => {
    expect(isValidCardNumber('4242 4242 4242 4241')).toBe(false);
    expect(isValidCardNumber('abcd')).toBe(false);
  });

  it('names the brand', () => {
    expect(cardBrand('4242424242424242')).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
  });
});
