import { z } from 'zod';

/**
 * An error a visitor's browser reports about one of the shop's pages. It is scrubbed before it is
 * stored: no query string or fragment (a results id, a reset token, a gift code ride there), no
 * e-mail address, no long number (an order, a card, a phone), and nothing longer than needed.
 */
export const clientErrorSchema = z.strictObject({
  message: z.string().min(1).max(2000),
  page: z.string().min(1).max(2000),
  stack: z.string().max(8000).nullish(),
  release: z.string().max(100).nullish(),
});
export type ClientErrorReport = z.infer<typeof clientErrorSchema>;

const EMAIL = /[^\s@"'<>()]+@[^\s@"'<>()]+\.[a-z]{2,}/gi;
const URL_TAIL = /(https?:\/\/[^\s?#"')]*|\/[\w\-./]*)[?#][^\s"')]*/gi;
const LONG_NUMBER = /\d[\d -]{6,}\d/g;

export function scrubText(text: string, max: number): string {
  return text.replace(EMAIL, '[e-mail]').replace(URL_TAIL, '$1').replace(LONG_NUMBER, '[number]').slice(0, max);
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
