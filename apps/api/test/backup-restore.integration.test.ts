import { randomBytes } from 'node:crypto';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { openDatabase } from '@shop/db';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { BackupError } from '../src/backup/errors.ts';
import { authSecretFingerprint } from '../src/backup/keys.ts';
import { backUp, restore } from '../src/backup/service.ts';
import { parseEnv, type Env } from '../src/env.ts';
import { prepareShop } from '../src/server.ts';
import { staffVisitor, Visitor, type TestShop } from './helpers.ts';
import { admin, createPostgresCopy, postgresTestMode, withDatabase } from './postgres.ts';
import { orderWithSamples, salivaResults } from './results-helpers.ts';

/**
 * `npm run backup` and `npm run restore` as an operator uses them, on the engine under test: a
 * shop whose keys sit in its data folder (as outside production) takes a paid order with
 * results, is stopped and backed up; the backup is restored into a new folder (PGlite) or a new
 * database (PostgreSQL), refused while the keys are missing, and a shop started on the restored
 * data reads the results back through the API.
 */

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function folder(prefix: string): string {
  const path = mkdtempSync(join(tmpdir(), prefix));
  cleanups.push(async () => rmSync(path, { recursive: true, force: true }));
  return path;
}

/** The environment of a shop on a data folder, and on a PostgreSQL database when given one. */
function envOf(dataDir: string, databaseUrl?: string): Env {
  return parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
}

/** A migrated, seeded database for the first shop: a copy of the test run's template. */
async function sourceDatabase(dataDir: string): Promise<string | undefined> {
  if (postgresTestMode()) {
    const copy = await createPostgresCopy();
    cleanups.push(copy.drop);
    return copy.url;
  }
  const handle = await openDatabase({ kind: 'pglite', dataDir, from: new Blob([readFileSync(inject('pgliteTemplate'))]) });
  await handle.close();
  return undefined;
}

/** The name of a PostgreSQL database that does not exist yet, dropped after the run. */
function newDatabaseUrl(): string | undefined {
  if (!postgresTestMode()) return undefined;
  const name = `shop_restored_${randomBytes(6).toString('hex')}`;
  cleanups.push(() => admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined));
  return withDatabase(process.env.DATABASE_URL!, name);
}

async function databaseExists(url: string): Promise<boolean> {
  const name = new URL(url).pathname.slice(1);
  return admin(async (client) => (await client.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1);
}

async function startShop(env: Env): Promise<TestShop> {
  const { app, database } = await prepareShop(env, { web: false, logger: false });
  return {
    app,
    database,
    engine: database.kind,
    url: env.DATABASE_URL ?? null,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

describe(`a backup on ${postgresTestMode() ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('holds a paid order with results but no key, is refused without the key, and restores into a shop that reads the results', async () => {
    // the shop's keys, in its data folder as a shop outside production keeps them
    const sourceDir = folder('shop-backup-source-');
    const resultsKey = randomBytes(32).toString('base64url');
    const authSecret = randomBytes(32).toString('base64url');
    writeFileSync(join(sourceDir, 'results-encryption-key'), `${resultsKey}\n`);
    writeFileSync(join(sourceDir, 'auth-secret'), `${authSecret}\n`);
    const sourceEnv = envOf(sourceDir, await sourceDatabase(sourceDir));

    const source = await startShop(sourceEnv);
    const keyId = source.app.results.cipher.keyId;
    const { order, email } = await orderWithSamples(source);
    expect(order.paidAt).not.toBeNull();
    const clinician = await staffVisitor(source, 'clinician');
    const entered = await clinician.post(`/api/admin/orders/${order.id}/results/daily-rhythm-saliva`, salivaResults);
    expect(entered.statusCode, entered.body).toBe(201);
    await source.close();

    const backups = folder('shop-backups-');
    const { folder: backup, manifest } = await backUp(sourceEnv, backups);
    expect(manifest).toMatchObject({
      engine: source.engine,
      keys: { results: [keyId], authSecret: authSecretFingerprint(authSecret) },
      uploads: { files: 0 },
    });
    expect(manifest.migrationsApplied).toBeGreaterThan(40);
    // the database and the manifest, and no key in either
    expect(readdirSync(backup).sort()).toEqual([manifest.database.file, 'manifest.json']);
    const secrets = [resultsKey, authSecret, Buffer.from(resultsKey, 'base64url').toString('base64')];
    const manifestText = readFileSync(join(backup, 'manifest.json'), 'utf8');
    for (const secret of secrets) expect(manifestText).not.toContain(secret);
    if (manifest.engine === 'pglite') {
      // the keys sat in the folder beside pgdata/; the tarball holds pgdata/ alone (pg_dump's file compresses its data, so only this one is read)
      const tarball = gunzipSync(readFileSync(join(backup, manifest.database.file)));
      for (const secret of secrets) expect(tarball.includes(secret)).toBe(false);
      expect(tarball.includes(keyId)).toBe(true);
    }

    // a new folder without the keys: refused before anything is made, naming each key and where it goes
    const targetDir = folder('shop-backup-target-');
    const targetEnv = envOf(targetDir, newDatabaseUrl());
    const refused = restore(targetEnv, backup);
    await expect(refused).rejects.toThrow(BackupError);
    await expect(refused).rejects.toThrow(`the results key ${keyId}`);
    await expect(refused).rejects.toThrow(`put it in ${join(targetDir, 'results-encryption-key')}`);
    await expect(refused).rejects.toThrow(`the AUTH_SECRET ${authSecretFingerprint(authSecret)}`);
    expect(existsSync(join(targetDir, 'pgdata'))).toBe(false);
    if (targetEnv.DATABASE_URL) expect(await databaseExists(targetEnv.DATABASE_URL)).toBe(false);

    // the wrong results key is refused the same way
    writeFileSync(join(targetDir, 'results-encryption-key'), `${randomBytes(32).toString('base64url')}\n`);
    copyFileSync(join(sourceDir, 'auth-secret'), join(targetDir, 'auth-secret'));
    await expect(restore(targetEnv, backup)).rejects.toThrow(`the results key ${keyId}`);

    // with the keys put back, as the operator takes them from where they keep them
    copyFileSync(join(sourceDir, 'results-encryption-key'), join(targetDir, 'results-encryption-key'));
    const restored = await restore(targetEnv, backup);
    expect(restored.manifest.createdAt).toBe(manifest.createdAt);
    // a damaged copy is refused by its digest
    const damaged = join(folder('shop-backup-damaged-'), 'copy');
    cpSync(backup, damaged, { recursive: true });
    const file = join(damaged, manifest.database.file);
    const bytes = readFileSync(file);
    bytes[bytes.length >> 1]! ^= 0xff;
    writeFileSync(file, bytes);
    await expect(restore(targetEnv, damaged)).rejects.toThrow('does not match the digest in its manifest');
    // a second restore into the same place never writes over it
    await expect(restore(targetEnv, backup)).rejects.toThrow(/already (holds a database|has \d+ table)/);

    const shop = await startShop(targetEnv);
    cleanups.push(() => shop.close());
    const ready = await shop.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode, ready.body).toBe(200);
    const customer = new Visitor(shop.app);
    const signedIn = await customer.post('/api/auth/sign-in/email', { email, password: 'Sup3r-secret!' });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const results = await customer.get(`/api/orders/${order.id}/results`);
    expect(results.statusCode, results.body).toBe(200);
    const [kit] = results.json().kits;
    expect(kit).toMatchObject({ kitSlug: 'daily-rhythm-saliva', status: 'results_ready' });
    expect(kit.results).toEqual([expect.objectContaining({ biomarker: 'cortisol', value: 1.4, unit: 'ng/mL' })]);
  }, 300_000);

  it('says so when there is no database to back up', async () => {
    const empty = folder('shop-backup-empty-');
    const env = envOf(empty);
    mkdirSync(join(empty, 'pgdata'), { recursive: true });
    await expect(backUp(env, folder('shop-backups-'))).rejects.toThrow(`There is no embedded database in ${join(empty, 'pgdata')}`);
  });
});
