import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase, type DatabaseHandle } from '@shop/db';
import type { Env } from '../env.ts';
import { BackupError } from './errors.ts';
import { migrationsApplied, sealingKeyIds } from './repository.ts';
import type { DatabaseFacts, Engine } from './engine.ts';

const pgdataOf = (env: Env) => join(env.DATA_DIR, 'pgdata');

/**
 * The embedded database: a backup is PGlite's own tarball of its data folder, taken through
 * PGlite after a checkpoint while this process alone has the folder (the folder's lock refuses
 * while the shop runs on it), so it is consistent; a restore has PGlite make a new folder from it.
 */
export const pgliteEngine: Engine = {
  kind: 'pglite',
  file: 'database.tar.gz',

  describe: (env) => pgdataOf(env),

  async dump(env, file): Promise<DatabaseFacts> {
    if (!existsSync(join(pgdataOf(env), 'PG_VERSION'))) {
      throw new BackupError(
        `There is no embedded database in ${pgdataOf(env)} to back up (DATA_DIR names its folder; DATABASE_URL a PostgreSQL database).`,
      );
    }
    const handle = await openDatabase({ kind: 'pglite', dataDir: env.DATA_DIR });
    try {
      const facts = { keyIds: await sealingKeyIds(handle.db), migrationsApplied: await migrationsApplied(handle.db) };
      const tarball = await handle.snapshot!('gzip');
      writeFileSync(file, Buffer.from(await tarball.arrayBuffer()));
      return facts;
    } finally {
      await handle.close();
    }
  },

  async prepareTarget(env) {
    const folder = pgdataOf(env);
    if (existsSync(folder) && readdirSync(folder).length > 0) {
      throw new BackupError(
        `${folder} already holds a database: a restore makes a new one and never writes over data. ` +
          `Move that folder aside (with the shop stopped), or set DATA_DIR to a new folder, then run the restore again.`,
      );
    }
  },

  async load(env, file): Promise<DatabaseHandle> {
    const tarball = new Blob([readFileSync(file)], { type: 'application/x-gzip' });
    return openDatabase({ kind: 'pglite', dataDir: env.DATA_DIR, from: tarball });
  },
};
