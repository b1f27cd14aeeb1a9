import { visitorCookie } from '../http/visitor-cookie.ts';

/**
 * The browser's quiz visitor id: every result it saves carries it, and it alone reads them until
 * an account owns them (signing up or in adopts them). Cookies set before held the id of the
 * latest result instead; the migration that added visitor ids gave each older result its own id
 * as visitor id, so such a cookie still reads the result it named.
 */
export const quizCookie = visitorCookie;
