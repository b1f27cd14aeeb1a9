import { sealedColumnsThatFail, type Database } from '@shop/db';
import type { ResultsCipher } from '../results/crypto.ts';
import { resultsKeysThatFail } from '../results/key-probe.ts';

/**
 * What the configured results keys cannot open of what is stored: lab results (one per key id)
 * and each sealed column (one value per key id). Each entry names a key id or a column, never a
 * value; null when everything opens or nothing is stored.
 */
export async function storedKeysThatFail(db: Database, cipher: ResultsCipher): Promise<string[] | null> {
  const results = (await resultsKeysThatFail(db, cipher)) ?? [];
  const columns = await sealedColumnsThatFail(db, cipher);
  const failing = [...results.map((keyId) => `lab_results (key ${keyId})`), ...columns];
  return failing.length > 0 ? failing : null;
}

export class StoredKeysError extends Error {
  constructor(failing: string[]) {
    super(
      `The shop's keys do not open the health data stored in this database: ${failing.join(', ')}. ` +
        'Set RESULTS_ENCRYPTION_KEY to the key it was sealed with (or add that key to RESULTS_ENCRYPTION_PREVIOUS_KEYS) ' +
        'in .env or the environment, then start again. The shop does not serve until its keys open what is stored.',
    );
    this.name = 'StoredKeysError';
  }
}

/** Refuses to go on (throws StoredKeysError) when the keys cannot open what is stored. */
export async function assertKeysOpenStored(db: Database, cipher: ResultsCipher): Promise<void> {
  const failing = await storedKeysThatFail(db, cipher);
  if (failing) throw new StoredKeysError(failing);
}
