import { createHash } from 'node:crypto';

/**
 * What the database keeps of a gift code: the hex SHA-256 of its canonical 16 symbols (core's
 * `normalizeGiftCode`). A code has 80 random bits, so a plain hash is enough to keep whoever
 * reads the table from redeeming it, and it lets the code be looked up by an index.
 */
export function hashGiftCode(canonicalCode: string): string {
  return createHash('sha256').update(canonicalCode, 'utf8').digest('hex');
}
