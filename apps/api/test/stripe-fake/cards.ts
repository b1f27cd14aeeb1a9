/**
 * Stripe's test payment methods as the fake knows them: the `pm_card_*` references Stripe
 * documents for server-side tests, each with the card it stands for and how its bank behaves.
 */

export interface Decline {
  /** Stripe's error `code` (card_declined, expired_card, …) */
  code: string;
  /** the issuer's reason, when Stripe gives one */
  declineCode: string | null;
  message: string;
}

export type CardBehaviour =
  | { kind: 'succeeds' }
  | { kind: 'declines'; decline: Decline }
  /** can be saved, but every charge is declined */
  | { kind: 'charges_fail' }
  /**
   * asks the customer to authenticate whenever they are present; without them, `always` is
   * declined, `unless_set_up` succeeds once the card was saved for later, `never` succeeds
   */
  | { kind: 'authenticates'; offSession: 'always' | 'unless_set_up' | 'never' };

export interface TestCard {
  brand: string;
  last4: string;
  behaviour: CardBehaviour;
}

export const genericDecline: Decline = { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' };

export const authenticationRequired: Decline = {
  code: 'authentication_required',
  declineCode: 'authentication_required',
  message: 'Your card was declined. This transaction requires authentication.',
};

const succeeds: CardBehaviour = { kind: 'succeeds' };
const declines = (code: string, declineCode: string | null, message: string): CardBehaviour => ({
  kind: 'declines',
  decline: { code, declineCode, message },
});
const insufficientFunds = declines('card_declined', 'insufficient_funds', 'Your card has insufficient funds.');

export const testCards: Readonly<Record<string, TestCard>> = {
  pm_card_visa: { brand: 'visa', last4: '4242', behaviour: succeeds },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', behaviour: succeeds },
  pm_card_amex: { brand: 'amex', last4: '8431', behaviour: succeeds },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', behaviour: { kind: 'declines', decline: genericDecline } },
  pm_card_visa_chargeDeclined: { brand: 'visa', last4: '0002', behaviour: { kind: 'declines', decline: genericDecline } },
  pm_card_chargeDeclinedInsufficientFunds: { brand: 'visa', last4: '9995', behaviour: insufficientFunds },
  pm_card_visa_chargeDeclinedInsufficientFunds: { brand: 'visa', last4: '9995', behaviour: insufficientFunds },
  pm_card_visa_chargeDeclinedLostCard: {
    brand: 'visa',
    last4: '9987',
    behaviour: declines('card_declined', 'lost_card', 'Your card was declined.'),
  },
  pm_card_visa_chargeDeclinedStolenCard: {
    brand: 'visa',
    last4: '9979',
    behaviour: declines('card_declined', 'stolen_card', 'Your card was declined.'),
  },
  pm_card_chargeDeclinedExpiredCard: { brand: 'visa', last4: '0069', behaviour: declines('expired_card', null, 'Your card has expired.') },
  pm_card_chargeDeclinedIncorrectCvc: {
    brand: 'visa',
    last4: '0127',
    behaviour: declines('incorrect_cvc', null, "Your card's security code is incorrect."),
  },
  pm_card_chargeDeclinedProcessingError: {
    brand: 'visa',
    last4: '0119',
    behaviour: declines('processing_error', null, 'An error occurred while processing your card. Try again in a little bit.'),
  },
  pm_card_chargeCustomerFail: { brand: 'visa', last4: '0341', behaviour: { kind: 'charges_fail' } },
  pm_card_authenticationRequired: { brand: 'visa', last4: '3184', behaviour: { kind: 'authenticates', offSession: 'always' } },
  pm_card_authenticationRequiredOnSetup: {
    brand: 'visa',
    last4: '3155',
    behaviour: { kind: 'authenticates', offSession: 'unless_set_up' },
  },
  pm_card_authenticationRequiredSetupForOffSession: {
    brand: 'visa',
    last4: '0446',
    behaviour: { kind: 'authenticates', offSession: 'never' },
  },
};

export type Attempt = 'on_session' | 'off_session' | 'setup';
export type AttemptResult = { kind: 'succeeds' } | { kind: 'requires_action' } | { kind: 'declined'; decline: Decline };

/** What the bank does with one attempt to charge (or save) a card. */
export function attemptResult(behaviour: CardBehaviour, attempt: Attempt, setUpForOffSession: boolean): AttemptResult {
  switch (behaviour.kind) {
    case 'succeeds':
      return { kind: 'succeeds' };
    case 'declines':
      return { kind: 'declined', decline: behaviour.decline };
    case 'charges_fail':
      return attempt === 'setup' ? { kind: 'succeeds' } : { kind: 'declined', decline: genericDecline };
    case 'authenticates': {
      if (attempt === 'on_session') return { kind: 'requires_action' };
      if (attempt === 'setup') return behaviour.offSession === 'never' ? { kind: 'succeeds' } : { kind: 'requires_action' };
      const allowed = behaviour.offSession === 'never' || (behaviour.offSession === 'unless_set_up' && setUpForOffSession);
      return allowed ? { kind: 'succeeds' } : { kind: 'declined', decline: authenticationRequired };
    }
  }
}
