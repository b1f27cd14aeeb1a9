import { signedCookie } from '../http/signed-cookie.ts';

/** The visitor's latest quiz result, remembered for the welcome-back page and sign-up. */
export const quizCookie = signedCookie('shop_quiz', 60 * 60 * 24 * 90);
