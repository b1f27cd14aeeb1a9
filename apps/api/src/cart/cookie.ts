import { signedCookie } from '../http/signed-cookie.ts';

/** The anonymous cart's id. */
export const cartCookie = signedCookie('shop_cart', 60 * 60 * 24 * 30);
