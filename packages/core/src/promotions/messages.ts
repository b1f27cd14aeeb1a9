import { formatMoney, type Cents } from '../money/money.ts';

/**
 * What a customer reads when a discount is refused, and the stable code the API answers with.
 * The expired text is the specification's (§8); the others say what to do next.
 */
export const promotionMessages = {
  codeRequired: 'Please enter a discount code.',
  codeFormat: 'Discount codes are 3 to 32 letters, numbers, dashes or underscores. Please check the code and try again.',
  notFound: 'We could not find this discount code. Please check it and try again.',
  expired: 'The discount code you applied is expired.',
  notStarted: (startDate: string) => `This discount code is not active yet. You can use it from ${startDate}.`,
  limitReached: 'This discount code has reached its usage limit and can no longer be used.',
  alreadyUsed: 'You have already used this discount code. It can be used once per customer.',
  signInRequired: 'This discount code can be used once per customer. Please sign in, then apply it again.',
  notApplicable: 'This discount code does not apply to anything in your cart.',
  onlyFor: (titles: readonly string[]) =>
    `This discount code applies only to ${joinTitles(titles)}. Add ${titles.length === 1 ? 'it' : 'one of them'} to your cart to use the code.`,
  minimumSubtotal: (minimum: Cents, missing: Cents) =>
    `This discount code needs a subtotal of at least ${formatMoney(minimum)}. Add ${formatMoney(missing)} more to use it.`,
  ownCode: "You can't use your own code. Share it with a friend instead.",
  firstOrderOnly: 'This 20% welcome discount is for your first order only.',
  referralFormat: 'This referral code is not valid. Please check it with the friend who shared it.',
  keptLarger: 'Only one discount code can be used per order, so we applied the one that saves you more.',
  keptTyped: 'Only one discount code can be used per order, so we applied the code you entered.',
  baseDailyNoTests: 'Your Base Daily 5% off applies to tests, and there is no test left to discount in this cart.',
} as const;

/** Stable codes for each refusal, for the API's `{ code, message }` body and for tests. */
export type PromotionErrorCode =
  | 'DISCOUNT_CODE_INVALID'
  | 'DISCOUNT_CODE_NOT_FOUND'
  | 'DISCOUNT_CODE_EXPIRED'
  | 'DISCOUNT_CODE_NOT_STARTED'
  | 'DISCOUNT_CODE_LIMIT_REACHED'
  | 'DISCOUNT_CODE_ALREADY_USED'
  | 'DISCOUNT_CODE_SIGN_IN_REQUIRED'
  | 'DISCOUNT_CODE_NOT_APPLICABLE'
  | 'DISCOUNT_CODE_MINIMUM_SUBTOTAL'
  | 'DISCOUNT_CODE_OWN_CODE'
  | 'DISCOUNT_CODE_FIRST_ORDER_ONLY'
  | 'DISCOUNT_NOT_COMBINABLE';

/** Definition errors, shown to the team member setting up a coupon in the operator console. */
export const couponDefinitionMessages = {
  wholeValue: 'The discount is a whole number: a percent, or cents.',
  percentValue: 'A percent discount is a whole number from 1 to 100.',
  fixedValue: 'A fixed discount is a whole number of cents above 0.',
  giveawayPercent: 'A giveaway code takes 15% to 25% off.',
  giveawayKind: 'A giveaway code is a percent discount.',
  endsAfterStart: 'The end date must come after the start date.',
  usageLimit: 'The usage limit is a whole number above 0.',
  minimumSubtotal: 'The minimum subtotal is a whole number of cents above 0.',
  deferredProduct: 'A discount cannot apply to the Improvement Program billed when results arrive.',
  productCodes: 'Choose at least one product, or leave the list out to apply to the whole cart.',
  referralPrefix: 'Codes that start with REF- are kept for member referral codes.',
  date: 'Please enter a valid date.',
} as const;

function joinTitles(titles: readonly string[]): string {
  if (titles.length <= 1) return titles[0] ?? '';
  return `${titles.slice(0, -1).join(', ')} or ${titles[titles.length - 1]}`;
}

// The shop's customers are in the US; a start date reads as the calendar day on the East Coast,
// where the team sets campaigns up.
const startDateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'America/New_York' });

export function formatStartDate(date: Date): string {
  return startDateFormat.format(date);
}
