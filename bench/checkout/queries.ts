// Counts the SQL statements one add-to-cart and one place-order send to PostgreSQL, with the
// statements themselves, on a database of its own. Run (on the project's Node):
// node_modules/.bin/node --import tsx bench/checkout/queries.ts
import { consentKinds } from '@shop/core';
import pg from 'pg';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate, openDatabase, seedCatalog } from '@shop/db';
import { buildApp } from '../../apps/api/src/app.ts';
import { parseEnv } from '../../apps/api/src/env.ts';
import { Visitor, adultAnswers, customerWithCart, paymentMethod } from '../../apps/api/test/helpers.ts';

const server = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = process.env.BENCH_DATABASE ?? 'shop_bench_queries';
const urlOf = (database: string) => Object.assign(new URL(server), { pathname: `/${database}` }).toString();
async function admin(sql: string) {
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  await client.query(sql).finally(() => client.end());
}

let log: string[] | null = null;
// eslint-disable-next-line @typescript-eslint/unbound-method -- the original, called below with the client as `this`
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const first = args[0] as string | { text: string };
  if (log) log.push((typeof first === 'string' ? first : first.text).replace(/\s+/g, ' ').slice(0, 160));
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof query;

await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
await admin(`CREATE DATABASE ${name}`);
const database = await openDatabase({ kind: 'postgres', url: urlOf(name) });
try {
  await migrate(database);
  await seedCatalog(database.db);
  const env = parseEnv({ NODE_ENV: 'test', DATA_DIR: mkdtempSync(join(tmpdir(), 'shop-q-')), LOG_LEVEL: 'silent' });
  const app = await buildApp({
    env,
    db: database.db,
    pingDatabase: database.ping,
    authSecret: 'queries-secret-that-is-long-enough-for-better-auth',
    logger: false,
  });
  await app.ready();
  const measure = async (label: string, work: () => Promise<{ statusCode: number }>) => {
    log = [];
    const response = await work();
    const statements = log;
    log = null;
    console.log(`\n${label}: ${response.statusCode}, ${statements.length} statements`);
    for (const statement of statements) console.log(`  ${statement}`);
  };
  for (let round = 0; round < 2; round++) {
    const visitor = new Visitor(app);
    const quiz = await visitor.post('/api/quiz-results', { variant: 'quiz', answers: adultAnswers });
    await measure('add to cart (new visitor)', () =>
      visitor.post('/api/cart/items', { productCode: 'base-quiz', quizResultId: quiz.json().id }),
    );
    const customer = await customerWithCart(app);
    const method = await paymentMethod(customer);
    const quiz2 = await customer.post('/api/quiz-results', { variant: 'quiz', answers: adultAnswers });
    await measure('add to cart (signed in)', () =>
      customer.post('/api/cart/items', { productCode: 'base-quiz', quizResultId: quiz2.json().id }),
    );
    await measure('place order', () =>
      customer.post(
        '/api/checkout/orders',
        { testedState: 'TX', consents: [...consentKinds], paymentMethod: method },
        { 'idempotency-key': `queries-${round}-${Date.now()}` },
      ),
    );
  }
  await app.close();
} finally {
  await database.close();
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
