import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Env } from '../env.ts';
import { createResultsCipher, decodeKey, keyIdOf, type ResultsCipher } from '../results/crypto.ts';
import type { BackupManifest } from './manifest.ts';

/** The files outside production where the shop keeps the keys it generated (apps/api/src/secrets.ts). */
const RESULTS_KEY_FILE = 'results-encryption-key';
const AUTH_SECRET_FILE = 'auth-secret';

/** The keys a shop with this environment would use, read as the shop reads them but never generated. */
export interface ShopKeys {
  /** the results keys by id: RESULTS_ENCRYPTION_KEY (or its file) first, then the previous ones */
  results: Map<string, Buffer>;
  /** null when neither AUTH_SECRET nor its file is there */
  authSecret: string | null;
}

function readIfThere(path: string): string | null {
  return existsSync(path) ? readFileSync(path, 'utf8').trim() || null : null;
}

/**
 * The keys of this environment. Like the shop, production reads the results key from
 * RESULTS_ENCRYPTION_KEY only, elsewhere also from $DATA_DIR/results-encryption-key; AUTH_SECRET
 * falls back on $DATA_DIR/auth-secret. A key that is missing stays missing: a restore must not
 * make a new one, which would seal new data under a key the old data does not know.
 */
export function keysOf(env: Env): ShopKeys {
  const production = env.NODE_ENV === 'production';
  const current = env.RESULTS_ENCRYPTION_KEY ?? (production ? null : readIfThere(join(env.DATA_DIR, RESULTS_KEY_FILE)));
  const previous = (env.RESULTS_ENCRYPTION_PREVIOUS_KEYS ?? '').split(',').filter((entry) => entry.trim() !== '');
  const results = new Map(
    [...(current ? [current] : []), ...previous].map((encoded) => decodeKey(encoded)).map((key) => [keyIdOf(key), key]),
  );
  return { results, authSecret: env.AUTH_SECRET ?? readIfThere(join(env.DATA_DIR, AUTH_SECRET_FILE)) };
}

/** A cipher over every results key of the environment, to probe the restored data with; null without any. */
export function cipherOf(keys: ShopKeys): ResultsCipher | null {
  const [current, ...previous] = keys.results.values();
  return current ? createResultsCipher(current, previous) : null;
}

/** A fingerprint of AUTH_SECRET: names it in a manifest and reveals nothing of it (a digest of a 32+ character secret). */
export function authSecretFingerprint(secret: string): string {
  return `a1-${createHash('sha256').update('base-shop backup fingerprint\0').update(secret).digest('hex').slice(0, 16)}`;
}

/**
 * What the backup needs that this environment lacks, each as a sentence that says where to put
 * it; empty when every key is there.
 */
export function missingKeys(needed: BackupManifest['keys'], keys: ShopKeys, env: Env): string[] {
  const missing: string[] = [];
  const absent = needed.results.filter((id) => !keys.results.has(id));
  if (absent.length > 0) {
    const file = env.NODE_ENV === 'production' ? '' : `, or put it in ${join(env.DATA_DIR, RESULTS_KEY_FILE)}`;
    missing.push(
      `the results key ${absent.join(', ')} (lab results and uploaded files are sealed with it): set RESULTS_ENCRYPTION_KEY to it ` +
        `(or add it to RESULTS_ENCRYPTION_PREVIOUS_KEYS) in .env or the environment${file}`,
    );
  }
  if (needed.authSecret && (keys.authSecret === null || authSecretFingerprint(keys.authSecret) !== needed.authSecret)) {
    const found = keys.authSecret === null ? 'none is set' : `the one set is ${authSecretFingerprint(keys.authSecret)}`;
    missing.push(
      `the AUTH_SECRET ${needed.authSecret} (e-mails' links and clinics' webhook secrets are sealed with it, sessions signed; ${found}): ` +
        `set AUTH_SECRET to it in .env or the environment, or put it in ${join(env.DATA_DIR, AUTH_SECRET_FILE)}`,
    );
  }
  return missing;
}
