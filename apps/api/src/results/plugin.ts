import type { Env } from '../env.ts';
import { localSecret } from '../secrets.ts';
import { createResultsCipher, decodeKey, type ResultsCipher } from './crypto.ts';

declare module 'fastify' {
  interface FastifyInstance {
    results: ResultsKeys;
  }
}

export interface ResultsKeys {
  cipher: ResultsCipher;
  /** the secret partner labs sign with; null turns their endpoint off */
  labSecret: string | null;
}

/**
 * The keys of lab results, for the shop and the worker alike. Outside production a missing
 * variable gets a key generated into the data folder, like AUTH_SECRET; production requires
 * RESULTS_ENCRYPTION_KEY (the environment check insists) and keeps the lab endpoint off without
 * LAB_WEBHOOK_SECRET.
 */
export function resultsKeysFrom(env: Env): ResultsKeys {
  const production = env.NODE_ENV === 'production';
  const key = env.RESULTS_ENCRYPTION_KEY ?? (production ? undefined : localSecret(env.DATA_DIR, 'results-encryption-key', 32));
  if (!key) throw new Error('RESULTS_ENCRYPTION_KEY is required in production');
  const labSecret = env.LAB_WEBHOOK_SECRET ?? (production ? null : localSecret(env.DATA_DIR, 'lab-webhook-secret', 32));
  const previous = (env.RESULTS_ENCRYPTION_PREVIOUS_KEYS ?? '')
    .split(',')
    .filter((entry) => entry.trim() !== '')
    .map(decodeKey);
  return { cipher: createResultsCipher(decodeKey(key), previous), labSecret };
}
