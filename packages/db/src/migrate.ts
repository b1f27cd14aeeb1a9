import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { Database, DatabaseHandle } from './client.ts';

export const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));

/** Applies the committed SQL migrations that have not run yet; safe to call at every start. */
export async function migrate(handle: DatabaseHandle, folder = migrationsFolder): Promise<void> {
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder: folder });
  } else {
    await migratePg(handle.db as unknown as NodePgDatabase, { migrationsFolder: folder });
  }
}

/**
 * How many of this code's migrations the database has not run. Drizzle's migrator remembers the
 * journal time (`when`) of each migration it applied and runs those later than the last one, so
 * the same comparison answers here; a database a newer release migrated further counts 0.
 */
export async function pendingMigrations(db: Database, folder = migrationsFolder): Promise<number> {
  const journal = JSON.parse(readFileSync(`${folder}/meta/_journal.json`, 'utf8')) as { entries: { when: number }[] };
  let last = 0;
  try {
    const result = await db.execute(sql`select max(created_at) as last from drizzle.__drizzle_migrations`);
    // `execute` answers rows directly on PGlite and in `.rows` on node-postgres
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { last: string | number | null }[];
    last = Number(rows[0]?.last ?? 0);
  } catch {
    // no migrations table: nothing has run
  }
  return journal.entries.filter((entry) => entry.when > last).length;
}
