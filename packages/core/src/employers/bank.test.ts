import { describe, expect, it } from 'vitest';
import { bankTopUpSchema } from './bank.ts';
import { employerMessages } from './messages.ts';

const messageOf = (input: unknown) => {
  const parsed = bankTopUpSchema.safeParse(input);
  return parsed.success ? null : parsed.error.issues[0]?.message;
};

describe('a top-up of an employer’s testing bank', () => {
  it('takes whole cents from $1.00 and a trimmed reference', () => {
    expect(bankTopUpSchema.parse({ amountCents: 100, reference: '  WIRE-42 ' })).toEqual({ amountCents: 100, reference: 'WIRE-42' });
  });

  it('refuses no amount, less than $1.00, a fraction of a cent and no reference, each with its message', () => {
    expect(messageOf({ amountCents: Number.NaN, reference: 'x' })).toBe(employerMessages.topUpAmount);
    expect(messageOf({ amountCents: 99, reference: 'x' })).toBe(employerMessages.topUpAmount);
    expect(messageOf({ amountCents: 100.5, reference: 'x' })).toBe(employerMessages.topUpAmount);
    expect(messageOf({ amountCents: 100, reference: '   ' })).toBe(employerMessages.topUpReference);
  });
});
