import { biomarkers, type BiomarkerResult, type BiomarkerSlug } from '@shop/core';
import { z } from 'zod';
import type { ResultsCipher } from './crypto.ts';

/** The record's context: sealed results open only on the row of their own order and kit. */
const contextOf = (orderId: string, kitSlug: string) => `lab-results:${orderId}:${kitSlug}`;

const storedResults = z.array(
  z.object({
    biomarker: z.string().refine((slug): slug is BiomarkerSlug => Object.hasOwn(biomarkers, slug)),
    value: z.number(),
    unit: z.string(),
    range: z.object({ low: z.number().optional(), high: z.number().optional() }),
  }),
);

export function sealResults(cipher: ResultsCipher, orderId: string, kitSlug: string, results: BiomarkerResult[]) {
  return { keyId: cipher.keyId, ciphertext: cipher.seal(JSON.stringify(results), contextOf(orderId, kitSlug)) };
}

export function openResults(
  cipher: ResultsCipher,
  row: { orderId: string; kitSlug: string; keyId: string; ciphertext: string },
): BiomarkerResult[] {
  const plaintext = cipher.open(row.keyId, row.ciphertext, contextOf(row.orderId, row.kitSlug));
  return storedResults.parse(JSON.parse(plaintext));
}
