import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrationsFolder, openDatabase, type DatabaseHandle } from '@shop/db';
import { expect } from 'vitest';
import { admin, postgresTestMode, withDatabase } from './postgres.ts';

/**
 * The migrations folder as it was when `tag` was the newest migration: a database migrated from it
 * is in the state a release that ended there left it in.
 */
export function migrationsFolderUpTo(tag: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'shop-earlier-migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const end = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(end, `${tag} is in the journal`).toBeGreaterThan(0);
  for (const later of journal.entries.slice(end + 1)) rmSync(join(folder, `${later.tag}.sql`));
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, end + 1) }));
  return folder;
}

/** A database of its own on the engine under test, for an earlier release and then this code. */
export async function freshDatabase(): Promise<{
  env: Record<string, string>;
  open: () => Promise<DatabaseHandle>;
  drop: () => Promise<void>;
}> {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-upgrade-'));
  if (!postgresTestMode()) {
    return {
      env: { DATA_DIR: dataDir },
      open: () => openDatabase({ kind: 'pglite', dataDir }),
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `shop_upgrade_${randomBytes(6).toString('hex')}`;
  await admin((client) => client.query(`CREATE DATABASE ${name}`));
  const url = withDatabase(process.env.DATABASE_URL!, name);
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url },
    open: () => openDatabase({ kind: 'postgres', url, maxConnections: 2 }),
    drop: async () => {
      await admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
