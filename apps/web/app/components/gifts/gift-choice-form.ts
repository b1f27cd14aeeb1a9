import type { Cart } from '@shop/client';
import type { FormAnswer } from '../../lib/form-answer';

/** Where the gift choices are sent: a route of its own, since they sit on several pages (some built once, with no action). */
export const GIFT_CHOICE_ACTION = '/checkout-gift-choice';

export const GIFT_NO_TYPE_MESSAGE = 'Please select a gift first: a starter test, or a starter test with the Improvement Program.';
export const GIFT_FAILED_MESSAGE = 'We could not add the gift to your cart. Please try again.';

/** The gift choice's answer, once the gift is in the cart: the cart, to show it. */
export type GiftChoiceAnswer = FormAnswer & { cart?: Cart };
