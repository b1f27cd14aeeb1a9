import { sql } from 'drizzle-orm';
import type { Database } from '@shop/db';
import type { ResultsCipher } from './crypto.ts';
import { openResults } from './sealing.ts';

/**
 * Whether the results key (with the previous keys) opens what is stored: one lab result sealed
 * under each key id found is opened. A shop restored without its key, or started with a new one,
 * answers every results read with an error; this says so before traffic is sent to it. Answers
 * null when every key opens its results (or nothing is stored), else the key ids that do not.
 */
export async function resultsKeysThatFail(db: Database, cipher: ResultsCipher): Promise<string[] | null> {
  const result = await db.execute(
    sql`select distinct on (key_id) id, order_id as "orderId", kit_slug as "kitSlug", key_id as "keyId", ciphertext
        from lab_results order by key_id, created_at desc`,
  );
  // `execute` answers rows directly on PGlite and in `.rows` on node-postgres
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    id: string;
    // null for an outside result set (decision 0087), which opens under its own row's id
    orderId: string | null;
    kitSlug: string;
    keyId: string;
    ciphertext: string;
  }[];
  const failing = rows
    .filter((row) => {
      try {
        openResults(cipher, row);
        return false;
      } catch {
        return true;
      }
    })
    .map((row) => row.keyId);
  return failing.length > 0 ? failing : null;
}
