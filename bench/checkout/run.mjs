#!/usr/bin/env node
// The checkout benchmark: starts the shop's API on a PostgreSQL database of its own, prepares
// customers through the API, measures add-to-cart and place-order on loopback, checks from the
// database that nothing was ordered or charged twice, then compares place-order with 10 thousand
// and with 1 million orders in the tables. It prints figures; it is not a test.
//
// The API runs as a child process (node --import tsx apps/api/src/main.ts), not in this
// process: on two cores, a load generator sharing the server's event loop would be measured
// together with it, and the child is started and stopped exactly as the shop runs.
import pg from 'pg';
import { createClient } from './http.mjs';
import { prepareCustomers, prepareQuizResults, refillCarts } from './customers.mjs';
import { cpuMeter } from './cpu.mjs';
import { addToCart, placeOrders, placeOrdersInTurns } from './phases.mjs';
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
const startedAt = performance.now();
const log = (line) => console.log(`[${((performance.now() - startedAt) / 1000).toFixed(0).padStart(3)} s] ${line}`);
const urlOf = (database) => Object.assign(new URL(settings.server), { pathname: `/${database}` }).toString();

async function admin(sql) {
  const client = new pg.Client({ connectionString: settings.server });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

// one shop per database: the main one (which ends with 10 thousand orders) and a large one
const shops = [];
let cleaned = false;
async function cleanUp() {
  if (cleaned) return;
  cleaned = true;
  for (const shop of shops) {
    shop.client?.close();
    await shop.sql?.end().catch(() => {});
    await shop.api?.stop().catch((error) => console.error('stopping the API failed:', error));
    await admin(`DROP DATABASE IF EXISTS ${shop.database} WITH (FORCE)`).catch((error) =>
      console.error('dropping the database failed:', error),
    );
    log(`API pid ${shop.api?.pid ?? '-'} stopped, database ${shop.database} dropped`);
  }
}

// bounded in time whatever happens: past the limit, clean up and stop
const watchdog = setTimeout(() => {
  console.error(`The benchmark ran past ${settings.limitMinutes} minutes: stopping.`);
  void cleanUp().finally(() => process.exit(1));
}, settings.limitMinutes * 60_000);
watchdog.unref();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
}

async function openShop(database) {
  const shop = { database };
  shops.push(shop);
  await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${database}`);
  const port = await freePort();
  shop.api = await startApi({ databaseUrl: urlOf(database), port, profileDir: process.env.BENCH_PROFILE_DIR });
  shop.pid = shop.api.pid;
  shop.client = createClient(port, { sockets: settings.concurrency });
  shop.sql = new pg.Client({ connectionString: urlOf(database) });
  await shop.sql.connect();
  log(`API pid ${shop.pid} on 127.0.0.1:${port}, database ${database} (migrated and seeded by the API)`);
  return shop;
}

/**
 * Customers signed up, each with a cart, on a warmed API: V8 optimises code only after many
 * calls, so a fresh process first takes 100 orders and 600 add-to-carts that are not measured.
 * Both shops of the size comparison get the same, or the younger process would look slower.
 */
async function readyCustomers(shop, group, quizResults) {
  const customers = await prepareCustomers(shop.client, { count: settings.customers, group, emailPrefix: 'bench' });
  const warmUp = customers.slice(0, 100);
  await addToCart(shop.client, { quizResults, concurrency: settings.concurrency, seconds: 5, maxRequests: 600 });
  await placeOrders(shop.client, warmUp, { concurrency: settings.concurrency });
  await refillCarts(shop.client, warmUp);
  return customers;
}

async function seedTo(shop, target) {
  const {
    rows: [{ count }],
  } = await shop.sql.query('SELECT count(*)::int AS count FROM orders');
  if (target > count) {
    log(`${shop.database}: seeding ${(target - count).toLocaleString('en-US')} orders in bulk (${count.toLocaleString('en-US')} there)`);
    const seconds = await seedOrders(shop.sql, 1, target - count, { log });
    log(`${shop.database}: seeded in ${seconds.toFixed(0)} s`);
  }
  return Math.max(target, count);
}

/**
 * Waits until the shop's job queue has nothing due (the receipts of the orders just placed are
 * queued jobs): each phase is then measured with only its own work on the machine. Returns how
 * many jobs there were and the seconds they took.
 */
async function queueDrained(shop, limitSeconds = 120) {
  const started = performance.now();
  const due = async () =>
    (await shop.sql.query("SELECT count(*)::int AS n FROM jobs WHERE status IN ('queued', 'running') AND run_at <= now()")).rows[0].n;
  const jobs = await due();
  while ((await due()) > 0 && performance.now() - started < limitSeconds * 1000) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { jobs, seconds: (performance.now() - started) / 1000 };
}

async function measure(shop, work, { afterQueue = true } = {}) {
  if (afterQueue) await queueDrained(shop);
  const stop = await cpuMeter(shop.sql, shop.database, shop.pid);
  const result = await work();
  return { ...result, cpu: await stop() };
}

async function main() {
  const main = await openShop(settings.database);
  const prepared = performance.now();
  const quizResults = await prepareQuizResults(main.client, 50);
  const customers = await readyCustomers(main, 0, quizResults);
  log(`prepared ${settings.customers} customers through the API in ${((performance.now() - prepared) / 1000).toFixed(0)} s`);

  const cart = await measure(main, () =>
    addToCart(main.client, { quizResults, concurrency: settings.concurrency, seconds: 10, maxRequests: 30_000 }),
  );
  log(`add to cart: ${cart.requests} requests in ${cart.seconds.toFixed(1)} s`);

  const {
    rows: [{ now: runStartedAt }],
  } = await main.sql.query('SELECT clock_timestamp() AS now');
  const place = await measure(main, () => placeOrders(main.client, customers, { concurrency: settings.concurrency, twinEvery: 10 }));
  const {
    rows: [{ now: runEndedAt }],
  } = await main.sql.query('SELECT clock_timestamp() AS now');
  log(`place order: ${place.requests} requests (${place.twins} double submits) in ${place.seconds.toFixed(1)} s`);
  // what place order left for later (the receipts): its CPU, apart from the orders' own
  const later = await measure(main, () => queueDrained(main), { afterQueue: false });
  log(
    `queued work after place order: ${later.jobs} jobs due, done in ${later.seconds.toFixed(1)} s; ` +
      `CPU ${((later.cpu.apiSeconds * 1000) / place.requests).toFixed(1)} ms API + ${((later.cpu.dbSeconds * 1000) / place.requests).toFixed(1)} ms PostgreSQL per order`,
  );
  const integrity = await verifyRun(main.sql, { from: runStartedAt, to: runEndedAt });

  const large = await openShop(`${settings.database}_large`);
  const largeQuiz = await prepareQuizResults(large.client, 50);
  const largeCustomers = await readyCustomers(large, 1, largeQuiz);
  main.customers = customers.slice(0, settings.sizeCustomers);
  large.customers = largeCustomers.slice(0, settings.sizeCustomers);
  await refillCarts(main.client, main.customers);
  const sizes = [await seedTo(main, settings.smallOrders), await seedTo(large, settings.largeOrders)];
  const sized = (await placeOrdersInTurns([main, large], { batch: 50, concurrency: settings.concurrency, settled: queueDrained })).map(
    (result, i) => ({
      ...result,
      inDatabase: sizes[i],
    }),
  );
  log(`place order in turns: p95 ${sized[0].p95.toFixed(1)} ms (${sizes[0]} orders), ${sized[1].p95.toFixed(1)} ms (${sizes[1]} orders)`);
  const plans = await explainCheckout(large.sql);

  printReport({ cart, place, integrity, sized, plans, concurrency: settings.concurrency });
  const failed = [cart, place, ...sized].some(
    (phase) => phase.requests === 0 || Object.keys(phase.statuses).some((status) => !/^2/.test(status)),
  );
  if (failed) process.exitCode = 1;
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
