import type { GiftView, Lab } from '@shop/client';
import type { FormAnswer } from '../../lib/form-answer';

// The names the checkout's forms send in `_form`, so that a page with several tells them apart,
// and what their actions answer besides the refusal or the acceptance.

export const COUPON_FORM = 'coupon';
export const COUPON_REMOVE_FORM = 'coupon-remove';
/** The discount code form's answer: once applied, the code as the cart holds it and what it takes off. */
export type CouponAnswer = FormAnswer & { code?: string | null; discount?: string | undefined };

/** The payment form itself: the card goes from the page's script to the gateway, never to the page's action. */
export const CHECKOUT_FORM = 'checkout';

/** The covered checkout's offer, when the employer's cover would refuse the order: the cart at its normal price. */
export const NORMAL_PRICE_FORM = 'normal-price';

export const LAB_SEARCH_FORM = 'labs';
export const COLLECTION_FORM = 'collection';
/** An answer of the collection page: the labs found come with it, to choose one from, with the zip code searched. */
export type CollectionAnswer = FormAnswer & { labs?: Lab[] | undefined; labZip?: string };

export const GIFT_DELIVERY_FORM = 'gift-delivery';

export const GIFT_CODE_FORM = 'gift-code';
export const GIFT_REDEEM_FORM = 'gift-redeem';
/**
 * An answer of the gift recipient's page: the gift the code opens and the code as it was typed
 * (a refused redemption comes back with them, to fix and send again), and who is signed in when
 * the redemption made the account before it was refused.
 */
export type GiftAnswer = FormAnswer & { gift?: GiftView | undefined; code?: string; signedIn?: { email: string } | undefined };
