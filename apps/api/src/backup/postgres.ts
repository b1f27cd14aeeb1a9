import { spawn } from 'node:child_process';
import { openDatabase, type DatabaseHandle } from '@shop/db';
import pg from 'pg';
import { BackupError } from './errors.ts';
import { migrationsApplied, sealingKeyIds } from './repository.ts';
import type { DatabaseFacts, Engine } from './engine.ts';

/**
 * The address for PostgreSQL's client tools without its password, which goes in PGPASSWORD
 * instead: a command line is visible to every user of the machine, the environment is not.
 */
function libpq(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** Runs one of PostgreSQL's client tools; its error output becomes the message when it fails. */
function run(tool: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let errors = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new BackupError(
              `${tool} was not found: install PostgreSQL's client tools (the postgresql-client package), as new as the server, and put them on PATH.`,
            )
          : error,
      ),
    );
    child.on('close', (code) =>
      code === 0 ? resolve(output) : reject(new BackupError(`${tool} failed (exit ${code}):\n${errors.trim()}`)),
    );
  });
}

/** The major version a client tool says it is (`pg_dump (PostgreSQL) 16.4` → 16). */
async function majorOf(tool: string): Promise<number> {
  const version = /\(PostgreSQL\)\s+(\d+)/.exec(await run(tool, ['--version']));
  if (!version) throw new BackupError(`Could not read ${tool}'s version.`);
  return Number(version[1]);
}

/** Runs `work` on a plain connection to the database, or to the server's `postgres` database. */
async function connected<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const maintenanceUrl = (url: string) => Object.assign(new URL(url), { pathname: '/postgres' }).toString();
const databaseName = (url: string) => decodeURIComponent(new URL(url).pathname.slice(1));
const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * PostgreSQL: a backup is pg_dump's custom format, one consistent snapshot taken while the shop
 * keeps running; a restore is pg_restore into a new (or empty) database, in one transaction.
 * pg_dump must be at least the server's major version, and pg_restore at least pg_dump's.
 */
export const postgresEngine: Engine = {
  kind: 'postgres',
  file: 'database.pgdump',

  describe: (env) => {
    const url = new URL(env.DATABASE_URL!);
    return `postgres://${url.host}${url.pathname}`;
  },

  async dump(env, file): Promise<DatabaseFacts> {
    const url = env.DATABASE_URL!;
    const client = await majorOf('pg_dump');
    const server = await connected(
      url,
      async (db) => Number((await db.query<{ server_version_num: string }>('show server_version_num')).rows[0]!.server_version_num) / 10000,
    );
    if (client < Math.floor(server)) {
      throw new BackupError(
        `pg_dump ${client} cannot dump a PostgreSQL ${Math.floor(server)} server: install the client tools of version ${Math.floor(server)} or later and put them first on PATH.`,
      );
    }
    const { dbname, env: toolEnv } = libpq(url);
    await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${dbname}`], toolEnv);
    // read after the dump: key ids only ever appear, so these cover everything the snapshot holds
    const handle = await openDatabase({ kind: 'postgres', url, maxConnections: 1 });
    try {
      return { keyIds: await sealingKeyIds(handle.db), migrationsApplied: await migrationsApplied(handle.db), pgDumpMajor: client };
    } finally {
      await handle.close();
    }
  },

  async prepareTarget(env) {
    const url = env.DATABASE_URL!;
    const name = databaseName(url);
    const exists = await connected(
      maintenanceUrl(url),
      async (db) => (await db.query('select 1 from pg_database where datname = $1', [name])).rowCount! > 0,
    );
    if (!exists) {
      await connected(maintenanceUrl(url), (db) => db.query(`create database ${quoted(name)}`));
      return;
    }
    const tables = await connected(url, async (db) =>
      Number(
        (await db.query<{ count: string }>(`select count(*) from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`))
          .rows[0]!.count,
      ),
    );
    if (tables > 0) {
      throw new BackupError(
        `The database ${name} already has ${tables} table(s): a restore makes a new database and never writes over data. ` +
          `Set DATABASE_URL to a database that does not exist yet (the restore creates it) or is empty, then run the restore again.`,
      );
    }
  },

  async load(env, file, pgDumpMajor): Promise<DatabaseHandle> {
    const url = env.DATABASE_URL!;
    const client = await majorOf('pg_restore');
    if (pgDumpMajor !== undefined && client < pgDumpMajor) {
      throw new BackupError(
        `pg_restore ${client} cannot read what pg_dump ${pgDumpMajor} wrote: install the client tools of version ${pgDumpMajor} or later.`,
      );
    }
    const { dbname, env: toolEnv } = libpq(url);
    await run(
      'pg_restore',
      ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${dbname}`, file],
      toolEnv,
    );
    return openDatabase({ kind: 'postgres', url, maxConnections: 2 });
  },
};
