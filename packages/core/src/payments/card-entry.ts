/**
 * A card typed into the built-in test gateway's fields: the number, the expiry as MM/YY and the
 * security code. The browser checks their shape before the card goes to the gateway; the test
 * gateway's route checks them again (`cardEntrySchema`), and the number's digits (Luhn) once it
 * has them. No schema here: the pages that take a card load this without the schema library.
 */
export interface CardEntry {
  number: string;
  expiry: string;
  cvc: string;
}
export type CardEntryField = keyof CardEntry;

/** What a card field says when its value will not do, in the browser and from the API. */
export const cardEntryMessages = {
  number: 'Please enter a valid card number',
  expiry: 'Please enter the expiry date as MM/YY',
  cvc: 'Please enter the 3 or 4 digit security code',
  expired: 'This card has expired. Please use another card.',
} as const;

/** An expiry the gateway takes: a month 01–12 and a year's last two digits. */
export const cardExpiryPattern = /^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/;
export const cardCvcPattern = /^\d{3,4}$/;

/**
 * The browser's first look at a typed card, before anything is sent: at least 12 digits, two
 * digits each side of the expiry's slash, a 3 or 4 digit code. Each field's refusal by its name;
 * an empty answer lets the card go to the gateway, which has the last word.
 */
export function cardEntryProblems(card: CardEntry): Partial<Record<CardEntryField, string>> {
  const problems: Partial<Record<CardEntryField, string>> = {};
  if (card.number.replace(/\D/g, '').length < 12) problems.number = cardEntryMessages.number;
  if (!/^\d{2}\s*\/\s*\d{2}$/.test(card.expiry)) problems.expiry = cardEntryMessages.expiry;
  if (!cardCvcPattern.test(card.cvc)) problems.cvc = cardEntryMessages.cvc;
  return problems;
}

/** The month after which a card of this expiry (already read by `cardExpiryPattern`) no longer pays. */
export function cardExpiryOf(expiry: string): { month: string; year: string; endsAt: Date } | null {
  const match = cardExpiryPattern.exec(expiry);
  if (!match) return null;
  const [, month, year] = match as unknown as [string, string, string];
  return { month, year, endsAt: new Date(Date.UTC(2000 + Number(year), Number(month), 1)) };
}

/**
 * The note shown where the test gateway takes a card: the test cards to pay with, to be declined
 * and to be asked for the bank's confirmation (their outcomes are in `test-cards.ts`).
 */
export function testCardsNote(use: 'pay' | 'save'): string {
  return use === 'save'
    ? 'Test mode: no real card is saved. Use 4242 4242 4242 4242 to save a card, 4000 0000 0000 0002 to see a decline, or 4000 0025 0000 3155 to be asked for a bank confirmation.'
    : 'Test mode: no real card is charged. Use 4242 4242 4242 4242 to pay, 4000 0000 0000 0002 to see a decline, or 4000 0025 0000 3155 to be asked for a bank confirmation.';
}
