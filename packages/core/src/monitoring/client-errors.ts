import { z } from 'zod';
import { decodePercent, EMAIL_ADDRESS, isHarmlessQueryKey, looksLikeToken, REDACTED } from './redaction.ts';

/**
 * An error a visitor's browser reports about one of the shop's pages. It is scrubbed before it is
 * stored: no query string or fragment (a results id, a reset token, a gift code ride there), no
 * e-mail address (percent-encoded or not), no token, no long number (an order, a card, a phone),
 * and nothing longer than needed.
 */
export const clientErrorSchema = z.strictObject({
  message: z.string().min(1).max(2000),
  page: z.string().min(1).max(2000),
  stack: z.string().max(8000).nullish(),
  release: z.string().max(100).nullish(),
});
export type ClientErrorReport = z.infer<typeof clientErrorSchema>;

const URL_TAIL = /(https?:\/\/[^\s?#"')]*|\/[\w\-./]*)[?#][^\s"')]*/gi;
const KEY_VALUE = /\b([A-Za-z][\w.-]{0,39})=([^\s&"'<>,;)]+)/g;
const WORD = /[A-Za-z0-9_-]{20,}={0,2}/g;
const LONG_NUMBER = /\d[\d -]{6,}\d/g;

/**
 * Percent-encoding is undone first, so that `jane%40example.com` is an address like any other;
 * a query string goes whole, a `key=value` outside one keeps its key, and a bare token (a reset
 * link's, pasted into a message) goes too.
 */
export function scrubText(text: string, max: number): string {
  return decodePercent(text)
    .replace(EMAIL_ADDRESS, '[e-mail]')
    .replace(URL_TAIL, '$1')
    .replace(KEY_VALUE, (pair, key: string) => (isHarmlessQueryKey(key) ? pair : `${key}=${REDACTED}`))
    .replace(WORD, (word) => (looksLikeToken(word) ? '[token]' : word))
    .replace(LONG_NUMBER, '[number]')
    .slice(0, max);
}

/** The page's path alone: no origin, query string or fragment. */
export function scrubPage(page: string): string {
  const path = page.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '').split(/[?#]/)[0] ?? '';
  return scrubText(path || '/', 300);
}

export function scrubClientError(report: ClientErrorReport) {
  return {
    message: scrubText(report.message, 500),
    page: scrubPage(report.page),
    stack: report.stack ? scrubText(report.stack, 4000) : null,
    release: report.release ? scrubText(report.release, 100) : null,
  };
}
