import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrate, openDatabase, seedCatalog } from '@shop/db';
import { admin, postgresTestMode, templateDatabase, withDatabase } from './postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** a file holding a migrated, seeded PGlite data folder: each test shop starts from a copy */
    pgliteTemplate: string;
  }
}

/**
 * Migrate and seed one template database once; every test shop then starts from a copy of it. On
 * PostgreSQL a test file copies the template database (CREATE DATABASE … TEMPLATE); on PGlite a
 * shop loads the template's data folder, which spares it PGlite's own set-up of an empty one.
 */
export default async function setup(project: TestProject) {
  if (!postgresTestMode()) {
    const handle = await openDatabase({ kind: 'pglite-memory' });
    await migrate(handle);
    await seedCatalog(handle.db);
    const file = join(tmpdir(), `shop-pglite-template-${process.pid}.tar`);
    writeFileSync(file, Buffer.from(await (await handle.snapshot!()).arrayBuffer()));
    await handle.close();
    project.provide('pgliteTemplate', file);
    return () => rmSync(file, { force: true });
  }
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
