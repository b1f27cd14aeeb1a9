// `npm run keys:reseal`: seals again under RESULTS_ENCRYPTION_KEY everything the shop sealed under
// a key of RESULTS_ENCRYPTION_PREVIOUS_KEYS (decision 0072). Run it after a rotation, while the
// shop runs or not; then the previous keys can be dropped.
import { DataDirLockedError, installColumnSealer, openDatabase } from '@shop/db';
import { EnvError, parseEnv } from '../env.ts';
import { filePortsFrom } from '../files/ports.ts';
import { resealEverything } from '../keys/reseal.ts';
import { resultsKeysFrom } from '../results/plugin.ts';
import { localSecret } from '../secrets.ts';

try {
  const env = parseEnv();
  // as the shop reads it: the census rows' digests are keyed with it
  const authSecret = env.AUTH_SECRET ?? localSecret(env.DATA_DIR, 'auth-secret');
  const { cipher } = resultsKeysFrom(env);
  const database = await openDatabase(
    env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL } : { kind: 'pglite', dataDir: env.DATA_DIR },
  );
  installColumnSealer(cipher);
  try {
    const counts = await database.exclusively(() =>
      resealEverything({ db: database.db, cipher, authSecret, storage: filePortsFrom(env).storage }),
    );
    const moved = Object.entries(counts)
      .map(([what, count]) => `${count} ${what}`)
      .join(', ');
    console.log(`Sealed again under the key ${cipher.keyId}: ${moved}.`);
    console.log('Every sealed value is now under RESULTS_ENCRYPTION_KEY; RESULTS_ENCRYPTION_PREVIOUS_KEYS can be emptied.');
  } finally {
    await database.close();
  }
} catch (error) {
  if (error instanceof DataDirLockedError || error instanceof EnvError) {
    console.error(`\n${error.message}\n`);
    process.exit(1);
  }
  throw error;
}
