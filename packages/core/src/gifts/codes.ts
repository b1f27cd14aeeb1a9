/**
 * Gift codes: 16 symbols of Crockford's base 32 (80 bits), shown in four groups of four. The
 * alphabet leaves out I, L, O and U, so a code read aloud or typed from a phone survives: typed
 * I and L read as 1, O as 0, and case, spaces and dashes do not matter. Making a code needs
 * randomness and is the API's job; reading one is here.
 */
export const GIFT_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const GIFT_CODE_LENGTH = 16;

/** 16 symbols from 10 random bytes (80 bits, 5 bits a symbol). */
export function giftCodeFromBytes(bytes: Uint8Array): string {
  if (bytes.length !== 10) throw new Error('a gift code takes exactly 10 random bytes');
  let bits = 0n;
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
  let code = '';
  for (let index = GIFT_CODE_LENGTH - 1; index >= 0; index -= 1) {
    code += GIFT_CODE_ALPHABET[Number((bits >> BigInt(index * 5)) & 31n)];
  }
  return code;
}

/** XXXX-XXXX-XXXX-XXXX, the way e-mails and pages show a code. */
export function formatGiftCode(code: string): string {
  return code.match(/.{1,4}/g)?.join('-') ?? code;
}

/** What a person typed, as the canonical 16 symbols, or undefined when it cannot be a code. */
export function normalizeGiftCode(input: string): string | undefined {
  const cleaned = input.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
  if (cleaned.length !== GIFT_CODE_LENGTH) return undefined;
  for (const symbol of cleaned) if (!GIFT_CODE_ALPHABET.includes(symbol)) return undefined;
  return cleaned;
}
