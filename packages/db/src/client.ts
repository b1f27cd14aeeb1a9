import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.ts';
import { acquireDataDirLock, type DataDirLock } from './lock.ts';
import { observed, observing } from './statement-observer.ts';

export type Schema = typeof schema;
/** One type for both drivers: repositories never know which engine is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Either the database or an open transaction: what a repository function runs its queries on. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** a human description of where the data lives, without credentials */
  location: string;
  ping: () => Promise<boolean>;
  /**
   * Runs `work` while this process alone holds the database's setup lock, so that processes
   * starting together migrate and seed one after another, each finding the last one's work done:
   * a PostgreSQL session advisory lock on a connection of its own, released however `work` ends.
   * On PGlite the data folder's lock already makes this process the only one.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  /**
   * The whole data folder as a tarball (gzipped when asked), for another to start from (`from`):
   * PGlite only. Taken while no query runs, after a checkpoint, so the copy is consistent.
   */
  snapshot?: (compression?: 'none' | 'gzip') => Promise<Blob>;
  close(): Promise<void>;
}

// the advisory lock's key: any number the shop's own database uses for nothing else ("SHOPSETUP")
const SETUP_LOCK_KEY = 5_348_495_370;

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; maxConnections?: number }
  /** a data folder; with `from`, a new one made from another's `snapshot()` (a restored backup) */
  | { kind: 'pglite'; dataDir: string; from?: Blob }
  /** in memory, empty or started from another's `snapshot()` (a migrated, seeded copy in a test suite) */
  | { kind: 'pglite-memory'; from?: Blob };

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') return openPostgres(options.url, options.maxConnections ?? 10);
  return openPglite(options.kind === 'pglite' ? options.dataDir : undefined, options.from);
}

/**
 * Statement texts given a name, one name per text for the life of the process. Drizzle builds the
 * same text for the same query every time, so a connection parses and plans it once and then only
 * binds new values (PostgreSQL's prepared statements). The texts of a running shop are a few
 * hundred; past the bound (a query whose text varies with its input, such as an insert of n rows),
 * a new text goes unnamed, as before, so no connection keeps an unbounded set of statements.
 */
const statementNames = new Map<string, string>();
const MAX_NAMED_STATEMENTS = 2000;

function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < MAX_NAMED_STATEMENTS) {
    name = `shop_${statementNames.size + 1}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * A pg client that names every statement sent with parameters (`statementName`). Statements
 * without parameters (begin, commit, a migration's DDL, which may hold several statements in one
 * text) keep the simple protocol. Named statements live on their connection only and survive a
 * rolled-back transaction, as PostgreSQL's prepared statements do. PostgreSQL plans a statement
 * again after its tables change; the one change it refuses, a different set of result columns,
 * cannot happen to Drizzle's queries, which name their columns.
 */
class PreparingClient extends pg.Client {}
PreparingClient.prototype.query = function (this: pg.Client, config: unknown, values?: unknown, ...rest: unknown[]) {
  let named = config;
  if (config !== null && typeof config === 'object' && !('submit' in config) && !('name' in config && config.name)) {
    const text = (config as { text?: unknown }).text;
    const params = Array.isArray(values) ? values : (config as { values?: unknown }).values;
    const name = typeof text === 'string' && Array.isArray(params) && params.length > 0 ? statementName(text) : undefined;
    if (name) named = { ...config, name };
  }
  // looked up on each call, so a wrapper put on pg's own client later (a statement log) still sees it
  const send = () => (pg.Client.prototype.query as (...args: unknown[]) => unknown).call(this, named, values, ...rest);
  // a statement of a transaction (a promise); the pool's own calls back, and the pool's query is observed instead
  if (!observing() || typeof values === 'function' || rest.some((arg) => typeof arg === 'function')) return send();
  return observed(statementText(config), send as () => Promise<unknown>);
} as typeof pg.Client.prototype.query;

function statementText(config: unknown): string {
  if (typeof config === 'string') return config;
  const text = config !== null && typeof config === 'object' ? (config as { text?: unknown }).text : undefined;
  return typeof text === 'string' ? text : '';
}

/** The pool's statements outside transactions, observed in their caller's context (before waiting for a connection). */
function observePool(pool: pg.Pool): void {
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  pool.query = ((config: unknown, ...rest: unknown[]) => {
    if (!observing() || rest.some((arg) => typeof arg === 'function')) return query(config, ...rest);
    return observed(statementText(config), () => query(config, ...rest) as Promise<unknown>);
  }) as typeof pool.query;
}

/** PGlite's statements, in and outside transactions (the executed scripts of migrations are left out). */
function observePglite(client: PGlite): void {
  const query = client.query.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((text: string, ...rest: Parameters<typeof query> extends [string, ...infer R] ? R : never) =>
    observed(text, () => query(text, ...rest))) as typeof client.query;
  client.transaction = ((work: Parameters<typeof transaction>[0]) =>
    transaction((tx) => {
      const txQuery = tx.query.bind(tx);
      const send = txQuery as (...args: unknown[]) => Promise<unknown>;
      // the transaction as PGlite made it (its `closed` included), but for its observed query
      const observedTx = Object.create(tx) as typeof tx;
      observedTx.query = ((text: string, ...rest: unknown[]) => observed(text, () => send(text, ...rest))) as typeof tx.query;
      return work(observedTx);
    })) as typeof client.transaction;
}

async function openPostgres(url: string, max: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max, Client: PreparingClient });
  // an idle client that loses its server must not crash the process; the pool replaces it
  pool.on('error', () => {});
  observePool(pool);
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Database;
  const parsed = new URL(url);
  return {
    db,
    kind: 'postgres',
    location: `postgres://${parsed.host}${parsed.pathname}`,
    ping: () => ping(db),
    async exclusively(work) {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [SETUP_LOCK_KEY]);
        try {
          return await work();
        } finally {
          await client.query('select pg_advisory_unlock($1)', [SETUP_LOCK_KEY]);
        }
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

async function openPglite(dataDir: string | undefined, from?: Blob): Promise<DatabaseHandle> {
  let lock: DataDirLock | undefined;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    // PGlite does not stop a second process from opening the same folder, and two writers
    // corrupt it: take an exclusive lock first and refuse clearly when another process has it.
    lock = acquireDataDirLock(dataDir);
  }
  try {
    const client = await PGlite.create({ ...(dataDir ? { dataDir: `${dataDir}/pgdata` } : {}), ...(from ? { loadDataDir: from } : {}) });
    observePglite(client);
    const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Database;
    return {
      db,
      kind: 'pglite',
      location: dataDir ? `${dataDir}/pgdata` : 'memory',
      ping: () => ping(db),
      exclusively: (work) => work(),
      async snapshot(compression = 'none') {
        await client.exec('checkpoint');
        return client.dumpDataDir(compression);
      },
      close: async () => {
        await client.close();
        lock?.release();
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}

async function ping(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
