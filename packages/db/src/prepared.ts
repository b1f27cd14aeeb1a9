import { sql } from 'drizzle-orm';
import type { Executor } from './client.ts';

/** A query Drizzle has built (its text, its parameters and how to map its rows), ready to run. */
interface BuiltQuery<T> {
  execute(values?: Record<string, unknown>): Promise<T>;
}

/** Where a built query sends its text: the pool, a transaction's connection, PGlite or its transaction. */
interface Session {
  client: unknown;
}

/**
 * A hot query whose text Drizzle builds once for the life of the process, instead of on every
 * request: `build` writes it with `sql.placeholder(…)` for what changes between calls and ends
 * with `.prepare(name)`. Each call runs the built query on the executor it is given, the pool's
 * or an open transaction's, so a query that must see (or lock) inside a transaction still does.
 *
 * Drizzle keeps the connection a query was prepared on; here the build is kept once per driver
 * (node-postgres or PGlite) and each call lends it the executor's connection. Building a
 * statement's text and walking its columns was the largest share of the API's own CPU on place
 * order (docs/decisions/0037-place-order-profiled.md); mapping the rows is still done per call.
 */
export function preparedQuery<T>(build: (db: Executor) => BuiltQuery<T>): (db: Executor, values?: Record<string, unknown>) => Promise<T> {
  const builtFor = new WeakMap<object, BuiltQuery<T>>();
  return (db, values = {}) => {
    const session = sessionOf(db);
    const driver = Object.getPrototypeOf(session) as object;
    let built = builtFor.get(driver);
    if (!built) {
      built = build(db);
      builtFor.set(driver, built);
    }
    const bound = Object.create(built) as BuiltQuery<T> & Session;
    bound.client = session.client;
    return bound.execute(values);
  };
}

function sessionOf(db: Executor): Session {
  // Drizzle's database and transaction objects both hold their session (marked internal in its types)
  return (db as unknown as { session: Session }).session;
}

/**
 * A placeholder where Drizzle's types ask for a value (an insert's or an update's columns). At run
 * time Drizzle wraps it in its column's parameter, so the value given later is encoded by the
 * column (a Date as a timestamp, an object as JSON), exactly as a value written there directly.
 */
export function valueLater<T>(name: string): T {
  return sql.placeholder(name) as unknown as T;
}
