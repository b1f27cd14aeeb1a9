import { signedCookie } from './signed-cookie.ts';

/**
 * The browser's visitor id, a random id in a signed cookie: the quiz keeps its results under it
 * (quiz/cookie.ts), and experiments assign and count the visitor by it.
 */
export const visitorCookie = signedCookie('shop_quiz', 60 * 60 * 24 * 90);
