import { biomarkers, type BiomarkerResult, type BiomarkerSlug } from '@shop/core';
import { z } from 'zod';
import type { ResultsCipher } from './crypto.ts';

/** The record's context: sealed results open only on the row of their own order and kit. */
const contextOf = (orderId: string, kitSlug: string) => `lab-results:${orderId}:${kitSlug}`;
/** An outside result set (no order, decision 0087) opens only on its own row. */
const outsideContextOf = (resultSetId: string) => `lab-results:outside:${resultSetId}`;

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

/** Seals an outside result set's values for the row `resultSetId` (its id chosen before it is written). */
export function sealOutsideResults(cipher: ResultsCipher, resultSetId: string, results: BiomarkerResult[]) {
  return { keyId: cipher.keyId, ciphertext: cipher.seal(JSON.stringify(results), outsideContextOf(resultSetId)) };
}

/** The context a stored result set was sealed under: its order and kit's, or (outside results) its own row's. */
export function resultsContextOf(row: { id: string; orderId: string | null; kitSlug: string }): string {
  return row.orderId === null ? outsideContextOf(row.id) : contextOf(row.orderId, row.kitSlug);
}

export function openResults(
  cipher: ResultsCipher,
  row: { id: string; orderId: string | null; kitSlug: string; keyId: string; ciphertext: string },
): BiomarkerResult[] {
  const plaintext = cipher.open(row.keyId, row.ciphertext, resultsContextOf(row));
  return storedResults.parse(JSON.parse(plaintext));
}
