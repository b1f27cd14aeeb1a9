import { sql } from 'drizzle-orm';
import { sealedColumnKeyIds, type Database } from '@shop/db';

/** The rows of a raw query: PGlite answers them directly, node-postgres in `.rows`. */
function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
}

/**
 * The ids of the results keys that sealed something stored: lab results, the files of lab
 * reviews and of outside lab reports, and employers' census rows each keep the id of the key that sealed them, and each value
 * of a sealed column names it (decision 0072).
 */
export async function sealingKeyIds(db: Database): Promise<string[]> {
  const result = await db.execute(
    sql`select key_id as "keyId" from lab_results
        union select key_id from lab_review_files
        union select key_id from outside_lab_reports
        union select key_id from employer_census_members where key_id is not null
        order by 1`,
  );
  const columns = await sealedColumnKeyIds(db);
  return [...new Set([...rowsOf<{ keyId: string }>(result).map((row) => row.keyId), ...columns])].sort();
}

/** How many migrations the database has run (drizzle's own table); 0 before the first. */
export async function migrationsApplied(db: Database): Promise<number> {
  const result = await db.execute(sql`select count(*)::int as count from drizzle.__drizzle_migrations`);
  return rowsOf<{ count: number }>(result)[0]?.count ?? 0;
}
