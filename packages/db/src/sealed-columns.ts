import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';
import { openWith, sealWith, type ColumnSealer } from './sealed.ts';

/** A sealed column of the schema, with the clear column it replaced (emptied at start, dropped later). */
export interface SealedColumn {
  table: string;
  /** the row's key, to update one row by */
  key: string;
  sealed: string;
  clear: string;
}

/**
 * Every column sealed by `sealedText` or `sealedJson` (decision 0072). Lab results, lab-review
 * plans, result-hold notes and census rows are sealed by their own code, with their own contexts.
 */
export const sealedColumns: readonly SealedColumn[] = [
  { table: 'medical_profiles', key: 'user_id', sealed: 'date_of_birth_sealed', clear: 'date_of_birth' },
  { table: 'medical_profiles', key: 'user_id', sealed: 'sex_sealed', clear: 'sex' },
  { table: 'medical_profiles', key: 'user_id', sealed: 'conditions_sealed', clear: 'conditions' },
  { table: 'medical_profiles', key: 'user_id', sealed: 'medications_sealed', clear: 'medications' },
  { table: 'quiz_results', key: 'id', sealed: 'answers_sealed', clear: 'answers' },
  { table: 'quiz_results', key: 'id', sealed: 'title_sealed', clear: 'title' },
  { table: 'quiz_results', key: 'id', sealed: 'areas_sealed', clear: 'areas' },
  { table: 'food_log_entries', key: 'id', sealed: 'food_sealed', clear: 'food' },
  { table: 'support_messages', key: 'id', sealed: 'body_sealed', clear: 'body' },
  { table: 'kit_failures', key: 'id', sealed: 'cause_sealed', clear: 'cause' },
  { table: 'kit_failures', key: 'id', sealed: 'note_sealed', clear: 'note' },
  { table: 'result_holds', key: 'id', sealed: 'level_sealed', clear: 'level' },
  { table: 'text_outbox', key: 'id', sealed: 'body_sealed', clear: 'body' },
  { table: 'provider_orders', key: 'id', sealed: 'results_note_sealed', clear: 'results_note' },
  { table: 'order_items', key: 'id', sealed: 'title_sealed', clear: 'title' },
  { table: 'subscriptions', key: 'id', sealed: 'title_sealed', clear: 'title' },
  { table: 'order_kits', key: 'id', sealed: 'title_sealed', clear: 'title' },
  { table: 'provider_orders', key: 'id', sealed: 'items_sealed', clear: 'items' },
  { table: 'order_events', key: 'id', sealed: 'reason_sealed', clear: 'reason' },
];

/** The context a column's values are sealed under: its table and its clear name, as `sealedText` is given it. */
export const contextOf = (column: SealedColumn) => `${column.table}.${column.clear}`;

/** `execute` answers rows directly on PGlite and in `.rows` on node-postgres. */
export async function rowsOf<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
}

/**
 * Seals the values written in clear before the migration that added their sealed column (0053,
 * 0056, 0057) and empties their clear columns, at start. Each row is updated only while its sealed column is still empty, so two processes
 * starting at once seal it once. Answers how many values were sealed.
 */
export async function sealColumnsInClear(db: Database, sealer: ColumnSealer): Promise<number> {
  let sealed = 0;
  for (const column of sealedColumns) {
    const table = sql.identifier(column.table);
    const key = sql.identifier(column.key);
    const clear = sql.identifier(column.clear);
    const target = sql.identifier(column.sealed);
    const rows = await rowsOf<{ key: string; value: string }>(
      db,
      sql`select ${key}::text as key, ${clear}::text as value from ${table} where ${target} is null and ${clear} is not null`,
    );
    for (const row of rows) {
      const value = sealWith(sealer, row.value, contextOf(column));
      await db.execute(
        sql`update ${table} set ${target} = ${value}, ${clear} = null where ${key}::text = ${row.key} and ${target} is null`,
      );
    }
    sealed += rows.length;
  }
  return sealed;
}

/**
 * Seals again under the current key every value sealed under another (a key's rotation); each
 * row is updated only while it still holds what was read. Answers how many values moved.
 */
export async function resealColumns(db: Database, sealer: ColumnSealer): Promise<number> {
  let moved = 0;
  for (const column of sealedColumns) {
    const table = sql.identifier(column.table);
    const key = sql.identifier(column.key);
    const target = sql.identifier(column.sealed);
    const rows = await rowsOf<{ key: string; value: string }>(
      db,
      sql`select ${key}::text as key, ${target} as value from ${table}
          where ${target} is not null and ${target} not like ${`${sealer.keyId}.%`}`,
    );
    for (const row of rows) {
      const value = sealWith(sealer, openWith(sealer, row.value, contextOf(column)), contextOf(column));
      await db.execute(sql`update ${table} set ${target} = ${value} where ${key}::text = ${row.key} and ${target} = ${row.value}`);
    }
    moved += rows.length;
  }
  return moved;
}

/**
 * Opens one stored value per key id of each sealed column: answers a sentence per column whose
 * values the sealer cannot open (naming the column and key id, never a value), empty when all open.
 */
export async function sealedColumnsThatFail(db: Database, sealer: ColumnSealer): Promise<string[]> {
  const failing: string[] = [];
  for (const column of sealedColumns) {
    const table = sql.identifier(column.table);
    const target = sql.identifier(column.sealed);
    const rows = await rowsOf<{ value: string }>(
      db,
      sql`select distinct on (split_part(${target}, '.', 1)) ${target} as value from ${table}
          where ${target} is not null order by split_part(${target}, '.', 1)`,
    );
    for (const row of rows) {
      try {
        openWith(sealer, row.value, contextOf(column));
      } catch {
        failing.push(`${column.table}.${column.sealed} (key ${row.value.split('.')[0]})`);
      }
    }
  }
  return failing;
}

/** The ids of every key that sealed a value of a sealed column, sorted: what a backup's restore needs. */
export async function sealedColumnKeyIds(db: Database): Promise<string[]> {
  const ids = new Set<string>();
  for (const column of sealedColumns) {
    const target = sql.identifier(column.sealed);
    const rows = await rowsOf<{ keyId: string }>(
      db,
      sql`select distinct split_part(${target}, '.', 1) as "keyId" from ${sql.identifier(column.table)} where ${target} is not null`,
    );
    for (const row of rows) ids.add(row.keyId);
  }
  return [...ids].sort();
}
