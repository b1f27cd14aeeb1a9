import { z } from 'zod';

/** What the clinic's admin reads about the clinic's card, on the settings page and from the API. */
export const clinicCardMessages = {
  saved: 'Your clinic’s card is saved. Orders your clinic pays for are charged to it.',
  removed: 'Your clinic’s card is removed. Orders your clinic pays for need a card again.',
  declined: 'Your bank declined this card. Please use another card.',
  needsAuthentication: 'Your bank needs to confirm this card. Please finish the check your bank shows.',
  authenticationFailed: 'Your bank could not confirm this card. Please try again or use another card.',
  awaitingBank: 'A new card is waiting for your bank’s check. If the check did not finish, please add the card again.',
  nothingToConfirm: 'There is no card waiting for your bank’s check. Please add the card again.',
  noCard: 'Your clinic has no saved card.',
  otherGateway: 'This card was saved with another payment provider. Please add it again.',
} as const;

/** The card form's answer: a reference from the gateway's own card form, never the number. */
export const clinicCardSchema = z.strictObject({
  paymentMethod: z
    .string({ error: 'Please enter your card details' })
    .min(1, { error: 'Please enter your card details' })
    .max(200, { error: 'Please enter your card details' }),
});
export type ClinicCardForm = z.infer<typeof clinicCardSchema>;

/** "Visa ending 4242, expires 12/34": how the dashboard names a saved card. */
export function clinicCardLabel(card: { brand: string | null; last4: string | null; expMonth: number | null; expYear: number | null }) {
  const brand = card.brand ? card.brand.charAt(0).toUpperCase() + card.brand.slice(1) : 'Card';
  const expires =
    card.expMonth && card.expYear
      ? `, expires ${String(card.expMonth).padStart(2, '0')}/${String(card.expYear % 100).padStart(2, '0')}`
      : '';
  return `${brand} ending ${card.last4 ?? '····'}${expires}`;
}
