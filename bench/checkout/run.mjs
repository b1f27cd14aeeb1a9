#!/usr/bin/env node
// The checkout benchmark: starts the shop's API on a PostgreSQL database of its own, prepares
// customers through the API, measures add-to-cart and place-order on loopback, checks from the
// database that nothing was ordered or charged twice, then measures place-order again with 10
// thousand and with 1 million orders in the tables. It prints figures, it is not a test.
//
// The API runs as a child process (node --import tsx apps/api/src/main.ts), not in this
// process: on two cores, a load generator sharing the server's event loop would be measured
// together with it, and the child is started and stopped exactly as the shop runs.
import pg from 'pg';
import { createClient } from './http.mjs';
import { cpuMeter } from './cpu.mjs';
import { prepareCustomers, prepareQuizResults, refillCarts } from './customers.mjs';
import { addToCart, placeOrders } from './phases.mjs';
import { printReport } from './report.mjs';
import { freePort, startApi } from './server.mjs';
import { seedOrders } from './seed-orders.mjs';
import { explainCheckout, verifyRun } from './verify.mjs';

const settings = {
  server: process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  database: process.env.BENCH_DATABASE ?? 'shop_bench_checkout',
  smallOrders: Number(process.env.BENCH_SMALL_ORDERS ?? 10_000),
  largeOrders: Number(process.env.BENCH_LARGE_ORDERS ?? 1_000_000),
  // each signs up once through the API; later orders of the same customer get a new cart
  customers: Number(process.env.BENCH_CUSTOMERS ?? 600),
  sizeCustomers: Number(process.env.BENCH_SIZE_CUSTOMERS ?? 600),
  concurrency: 10,
  limitMinutes: 9.5,
};

const serverUrl = new URL(settings.server);
if (!['127.0.0.1', 'localhost', '[::1]'].includes(serverUrl.hostname)) {
  console.error(`The benchmark only loads a PostgreSQL on this machine; ${serverUrl.hostname} is not loopback.`);
  process.exit(2);
}
if (!/^[a-z_][a-z0-9_]*$/.test(settings.database)) {
  console.error(`BENCH_DATABASE must be a plain lower-case name, not ${settings.database}`);
  process.exit(2);
}
const databaseUrl = Object.assign(new URL(settings.server), { pathname: `/${settings.database}` }).toString();
const log = (line) => console.log(`[${((performance.now() - startedAt) / 1000).toFixed(0).padStart(3)} s] ${line}`);
const startedAt = performance.now();

async function admin(sql) {
  const client = new pg.Client({ connectionString: settings.server });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

let api;
let cleaned = false;
async function cleanUp() {
  if (cleaned) return;
  cleaned = true;
  await api?.stop().catch((error) => console.error('stopping the API failed:', error));
  await admin(`DROP DATABASE IF EXISTS ${settings.database} WITH (FORCE)`).catch((error) => console.error('dropping the database failed:', error));
  log(`API stopped, database ${settings.database} dropped`);
}

// bounded in time whatever happens: past the limit, clean up and stop
const watchdog = setTimeout(async () => {
  console.error(`The benchmark ran past ${settings.limitMinutes} minutes: stopping.`);
  await cleanUp();
  process.exit(1);
}, settings.limitMinutes * 60_000);
watchdog.unref();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
}

async function main() {
  await admin(`DROP DATABASE IF EXISTS ${settings.database} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${settings.database}`);
  const port = await freePort();
  api = await startApi({ databaseUrl, port, profileDir: process.env.BENCH_PROFILE_DIR });
  log(`API pid ${api.pid} on 127.0.0.1:${port}, database ${settings.database} (migrated and seeded by the API)`);

  const client = createClient(port, { sockets: settings.concurrency });
  const sql = new pg.Client({ connectionString: databaseUrl });
  await sql.connect();
  try {
    const prepared = performance.now();
    const quizResults = await prepareQuizResults(client, 50);
    const customers = await prepareCustomers(client, { count: settings.customers, group: 0, emailPrefix: 'bench' });
    log(`prepared ${settings.customers} customers through the API in ${((performance.now() - prepared) / 1000).toFixed(0)} s`);
    const measured = (phase) => async (work) => {
      const stop = await cpuMeter(sql, settings.database, api.pid);
      const result = await work();
      return { ...result, cpu: await stop(), phase };
    };

    // first calls compile the code paths; they are not measured
    const warmUp = customers.slice(0, 30);
    await addToCart(client, { quizResults, concurrency: settings.concurrency, seconds: 5, maxRequests: 300 });
    await placeOrders(client, warmUp, { concurrency: settings.concurrency });
    await refillCarts(client, warmUp, quizResults);

    const cart = await measured('add to cart')(() =>
      addToCart(client, { quizResults, concurrency: settings.concurrency, seconds: 10, maxRequests: 30_000 }),
    );
    log(`add to cart: ${cart.requests} requests in ${cart.seconds.toFixed(1)} s`);

    const { rows: [{ now: runStartedAt }] } = await sql.query('SELECT clock_timestamp() AS now');
    const place = await measured('place order')(() => placeOrders(client, customers, { concurrency: settings.concurrency, twinEvery: 10 }));
    const { rows: [{ now: runEndedAt }] } = await sql.query('SELECT clock_timestamp() AS now');
    log(`place order: ${place.requests} requests (${place.twins} double submits) in ${place.seconds.toFixed(1)} s`);
    const integrity = await verifyRun(sql, { from: runStartedAt, to: runEndedAt });

    const sized = [];
    let seeded = 0;
    const group = customers.slice(0, settings.sizeCustomers);
    for (const target of [settings.smallOrders, settings.largeOrders]) {
      await refillCarts(client, group, quizResults);
      const { rows: [{ count }] } = await sql.query('SELECT count(*)::int AS count FROM orders');
      if (target > count) {
        log(`seeding ${(target - count).toLocaleString('en-US')} orders in bulk (${count.toLocaleString('en-US')} in the database)`);
        const seconds = await seedOrders(sql, seeded + 1, seeded + target - count, { log });
        seeded += target - count;
        log(`seeded in ${seconds.toFixed(0)} s`);
      }
      const { rows: [{ total }] } = await sql.query('SELECT count(*)::int AS total FROM orders');
      const result = await measured('place order')(() => placeOrders(client, group, { concurrency: settings.concurrency }));
      sized.push({ ...result, inDatabase: total });
      log(`place order with ${total.toLocaleString('en-US')} orders in the database: p95 ${result.p95.toFixed(1)} ms`);
    }
    const plans = await explainCheckout(sql);

    printReport({ cart, place, integrity, sized, plans, concurrency: settings.concurrency });
    const failed = [cart, place, ...sized].some((phase) => phase.requests === 0 || Object.keys(phase.statuses).some((status) => !/^2/.test(status)));
    if (failed) process.exitCode = 1;
  } finally {
    client.close();
    await sql.end();
  }
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(async () => {
    await cleanUp();
    log('done');
  });
