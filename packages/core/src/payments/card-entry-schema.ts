import { z } from 'zod';
import { cardCvcPattern, cardEntryMessages, cardExpiryPattern } from './card-entry.ts';

/**
 * The test gateway's card as its route reads it, in the words the browser's check uses; the
 * number's digits are checked when it is tokenised. Apart from `card-entry.ts` so that the pages
 * taking a card do not bring the schema library with its checks.
 */
export const cardEntrySchema = z.strictObject({
  number: z.string().max(30, { error: cardEntryMessages.number }),
  expiry: z.string().max(10).regex(cardExpiryPattern, { error: cardEntryMessages.expiry }),
  cvc: z.string().regex(cardCvcPattern, { error: cardEntryMessages.cvc }),
});
