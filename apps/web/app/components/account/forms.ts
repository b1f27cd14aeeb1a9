// The names the member area's forms send in `_form`, so that a page with several tells them apart,
// and the words their actions answer with.

/** The order page: registering a kit by its code, and adding the Improvement Program a gift left for later. */
export const REGISTER_KIT_FORM = 'register-kit';
export const ADD_PROGRAM_FORM = 'add-program';
/** The order page: a registered kit's sample said to be in the post. */
export const SAMPLE_SENT_FORM = 'sample-sent';
/** The order page: cancelling the order before it ships, once the member has said yes. */
export const CANCEL_ORDER_FORM = 'cancel-order';
/** The address of the order page that asks whether to cancel it (the first of the two clicks). */
export const CANCEL_ORDER_QUERY = 'cancel';

/** The account overview: cancelling a test subscription, once the member has said yes. */
export const CANCEL_SUBSCRIPTION_FORM = 'cancel-subscription';
/** The address of the account overview that asks whether to cancel a subscription, for a page without its script. */
export const CANCEL_QUERY = 'cancel';

/** The Base Daily page: a meal logged, an entry of the food log removed. */
export const LOG_FOOD_FORM = 'log-food';
export const REMOVE_FOOD_FORM = 'remove-food';
/** The Base Daily marketplace: a test put in the cart at the member's price. */
export const MARKETPLACE_ADD_FORM = 'marketplace-add';

/** Where the sign-out form is sent, from any page. */
export const SIGN_OUT_PATH = '/sign-out';

/** The account overview: the consent to collect health data withdrawn, or given again. */
export const WITHDRAW_CONSENT_FORM = 'withdraw-consent';
export const GIVE_CONSENT_FORM = 'give-consent';

/** The data page: a large data archive asked for, to be prepared and e-mailed as a link. */
export const PREPARE_ARCHIVE_FORM = 'prepare-archive';

/**
 * What an account deletion's answer carries: the session ended with the account, so the account
 * area does not read it again after the deletion (which would send the page to sign in before it
 * says the account is deleted).
 */
export const ACCOUNT_DELETED = { accountDeleted: true } as const;

export function isAccountDeletedAnswer(answer: unknown): boolean {
  return typeof answer === 'object' && answer !== null && 'accountDeleted' in answer && answer.accountDeleted === true;
}
