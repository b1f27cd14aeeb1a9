import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrationsFolder } from '@shop/db';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { admin, postgresTestMode, withDatabase } from './postgres.ts';
import { freePort, killStartedShops, startShopProcess } from './shop-process.ts';

/** A shop process on the given database, with staff passwords so that it seeds both accounts. */
function startShop(databaseUrl: string, listenOn: number) {
  return startShopProcess({
    DATABASE_URL: databaseUrl,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'shop-race-')),
    PORT: String(listenOn),
    LOG_LEVEL: 'warn',
    OPERATOR_PASSWORD: 'operator-race-password',
    CLINICIAN_PASSWORD: 'clinician-race-password',
  });
}

afterAll(killStartedShops);

// Only a PostgreSQL server lets several processes share a database: the PostgreSQL tier runs this.
describe.runIf(postgresTestMode())('processes starting together on one database', () => {
  it('all start, on a fresh database: one migrates and seeds, the others find it done', async () => {
    const name = `shop_race_${randomBytes(6).toString('hex')}`;
    await admin((client) => client.query(`CREATE DATABASE ${name}`));
    const url = withDatabase(process.env.DATABASE_URL!, name);
    try {
      const ports = [await freePort(), await freePort(), await freePort()];
      const shops = ports.map((listenOn) => startShop(url, listenOn));
      await Promise.all(shops.map((shop) => shop.ready));

      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const staff = await client.query<{ email: string; role: string }>(`select email, role from users order by email`);
        expect(staff.rows).toEqual([
          { email: 'clinician@shop.local', role: 'clinician' },
          { email: 'operator@shop.local', role: 'operator' },
          { email: 'support@shop.local', role: 'support' },
        ]);
        const migrations = readdirSync(migrationsFolder).filter((file) => file.endsWith('.sql')).length;
        const applied = await client.query<{ count: string }>('select count(*) from drizzle.__drizzle_migrations');
        expect(Number(applied.rows[0]!.count)).toBe(migrations);
      } finally {
        await client.end();
      }

      for (const shop of shops) shop.child.kill('SIGTERM');
      expect(await Promise.all(shops.map((shop) => shop.exited))).toEqual([0, 0, 0]);
    } finally {
      await admin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    }
  }, 120_000);
});
