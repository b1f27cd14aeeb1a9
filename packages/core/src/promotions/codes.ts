import { z } from 'zod';
import { promotionMessages } from './messages.ts';

export const CODE_MIN_LENGTH = 3;
export const CODE_MAX_LENGTH = 32;

// ASCII letters, digits, dash and underscore: a code survives a URL, a cookie and a phone call
// without escaping, and no look-alike Unicode letter can pass for a real code.
const codeCharacters = /^[A-Za-z0-9_-]+$/;

/**
 * Codes are compared without regard to case or surrounding spaces: "girlboss20 " and "GIRLBOSS20"
 * are the same code. Every code is stored and looked up in this form.
 */
export function normalizeCode(raw: string): string {
  return raw.trim().toUpperCase();
}

export function isWellFormedCode(raw: string): boolean {
  const code = raw.trim();
  return code.length >= CODE_MIN_LENGTH && code.length <= CODE_MAX_LENGTH && codeCharacters.test(code);
}

/** A code as a visitor types it into the cart: checked, then normalised. Same schema in browser and API. */
export const promoCodeSchema = z
  .string({ error: promotionMessages.codeRequired })
  .trim()
  .min(1, { error: promotionMessages.codeRequired })
  .refine(isWellFormedCode, { error: promotionMessages.codeFormat })
  .transform(normalizeCode);

export const applyCodeSchema = z.strictObject({ code: promoCodeSchema });
export type ApplyCodeInput = z.infer<typeof applyCodeSchema>;
