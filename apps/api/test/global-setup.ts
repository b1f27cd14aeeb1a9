import { migrate, openDatabase, seedCatalog } from '@shop/db';
import { admin, postgresTestMode, templateDatabase, withDatabase } from './postgres.ts';

/**
 * On PostgreSQL, migrate and seed one template database once; every test file then copies it
 * (CREATE DATABASE … TEMPLATE), which takes a fraction of a second.
 */
export default async function setup() {
  if (!postgresTestMode()) return;
  const url = process.env.DATABASE_URL!;
  await admin(async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${templateDatabase} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${templateDatabase}`);
  });
  const handle = await openDatabase({ kind: 'postgres', url: withDatabase(url, templateDatabase), maxConnections: 1 });
  try {
    await migrate(handle);
    await seedCatalog(handle.db);
  } finally {
    await handle.close();
  }
}
