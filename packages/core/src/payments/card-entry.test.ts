import { describe, expect, it } from 'vitest';
import { cardEntryMessages, cardEntryProblems, cardExpiryOf } from './card-entry.ts';
import { cardEntrySchema } from './card-entry-schema.ts';

describe('a typed card', () => {
  it('passes the browser’s look with 12 digits or more, MM/YY and a 3 or 4 digit code', () => {
    expect(cardEntryProblems({ number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' })).toEqual({});
    expect(cardEntryProblems({ number: '4242', expiry: '1234', cvc: '12' })).toEqual({
      number: cardEntryMessages.number,
      expiry: cardEntryMessages.expiry,
      cvc: cardEntryMessages.cvc,
    });
  });

  it('is read by the gateway’s route with a month from 01 to 12', () => {
    expect(cardEntrySchema.safeParse({ number: '4242424242424242', expiry: '12/34', cvc: '1234' }).success).toBe(true);
    const refused = cardEntrySchema.safeParse({ number: '4242424242424242', expiry: '13/34', cvc: '123' });
    expect(refused.error?.issues[0]?.message).toBe(cardEntryMessages.expiry);
  });

  it('stops paying after its expiry’s month', () => {
    expect(cardExpiryOf('02/30')).toEqual({ month: '02', year: '30', endsAt: new Date(Date.UTC(2030, 2, 1)) });
    expect(cardExpiryOf('00/30')).toBeNull();
  });
});
