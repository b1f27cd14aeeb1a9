import { randomUUID } from 'node:crypto';
import { cpuMeter } from './cpu.mjs';
import { percentile, runLoad } from './http.mjs';

export const summary = (load) => ({
  latencies: load.latencies,
  requests: load.latencies.length,
  seconds: load.seconds,
  p50: percentile(load.latencies, 50),
  p95: percentile(load.latencies, 95),
  p99: percentile(load.latencies, 99),
  statuses: Object.fromEntries(load.statuses),
  failures: load.failures,
});

/**
 * Add to cart as a visitor does after the quiz: a new visitor (the quiz's cookie, no cart yet)
 * adds the recommended starter test, which opens a cart. Runs for `seconds` or `maxRequests`, whichever ends first.
 */
export async function addToCart(client, { quizResults, concurrency, seconds, maxRequests }) {
  const load = await runLoad({
    concurrency,
    maxMs: seconds * 1000,
    next: (i) => (i < maxRequests ? quizResults[i % quizResults.length] : undefined),
    send: (quiz) =>
      client.request({
        method: 'POST',
        path: '/api/cart/items',
        body: { productCode: 'base-quiz', quizResultId: quiz.id },
        headers: { cookie: quiz.cookie },
      }),
  });
  return { ...summary(load), perSecond: load.latencies.length / load.seconds };
}

/**
 * Places each customer's order once, with an Idempotency-Key and the tokenised test card. Every
 * `twinEvery`-th customer also sends a second, identical request right behind the first (a
 * double click): it must end at the same order and the same charge.
 */
export async function placeOrders(client, customers, { concurrency, twinEvery = 0, maxSeconds = 120 }) {
  const jobs = [];
  for (const [index, customer] of customers.entries()) {
    const job = { customer, key: randomUUID(), twin: false };
    jobs.push(job);
    if (twinEvery > 0 && index % twinEvery === 0) jobs.push({ ...job, twin: true });
  }
  const orderOf = new Map();
  let twinMismatches = 0;
  const load = await runLoad({
    concurrency,
    maxMs: maxSeconds * 1000,
    next: (i) => jobs[i],
    send: async (job) => {
      const response = await client.request({
        method: 'POST',
        path: '/api/checkout/orders',
        body: {
          testedState: 'TX',
          consents: ['keep_card', 'charge_per_delivery', 'monthly_renewal', 'hipaa_authorization'],
          paymentMethod: job.customer.paymentMethod,
        },
        headers: { 'idempotency-key': job.key },
        cookies: job.customer.cookies,
      });
      const id = response.json?.order?.id;
      if (response.status === 201 && id) {
        const seen = orderOf.get(job.key);
        if (seen && seen !== id) twinMismatches += 1;
        orderOf.set(job.key, id);
      }
      return response;
    },
  });
  return {
    ...summary(load),
    orders: new Set(orderOf.values()).size,
    ordersPerSecond: new Set(orderOf.values()).size / load.seconds,
    twins: jobs.filter((job) => job.twin).length,
    twinMismatches,
  };
}

/**
 * Place order on two shops that differ only in how many orders their databases hold, in turns
 * of `batch` customers: whatever else the machine does at a moment weighs on both alike, so the
 * ratio of their latencies is the tables' doing. Before each batch, `settled` waits until every
 * shop has done the work the batches before left for later (the receipts), so that no batch
 * carries another's.
 */
export async function placeOrdersInTurns(shops, { batch, concurrency, settled = async () => {} }) {
  const results = shops.map(() => ({
    latencies: [],
    statuses: new Map(),
    failures: [],
    seconds: 0,
    cpu: { apiSeconds: 0, dbSeconds: 0, clientSeconds: 0 },
  }));
  const length = Math.min(...shops.map((shop) => shop.customers.length));
  for (let start = 0, turn = 0; start < length; start += batch, turn += 1) {
    // the shop that goes first alternates, so neither always follows the other's load
    const order = turn % 2 === 0 ? shops.map((_, i) => i) : shops.map((_, i) => shops.length - 1 - i);
    for (const i of order) {
      const shop = shops[i];
      await Promise.all(shops.map(settled));
      const stop = await cpuMeter(shop.sql, shop.database, shop.pid);
      const part = await placeOrders(shop.client, shop.customers.slice(start, start + batch), { concurrency });
      const cpu = await stop();
      const into = results[i];
      into.latencies.push(...part.latencies);
      for (const [status, n] of Object.entries(part.statuses)) into.statuses.set(status, (into.statuses.get(status) ?? 0) + n);
      into.failures.push(...part.failures.slice(0, 5 - into.failures.length));
      into.seconds += part.seconds;
      into.cpu.apiSeconds += cpu.apiSeconds;
      into.cpu.dbSeconds += cpu.dbSeconds;
      into.cpu.clientSeconds += cpu.clientSeconds;
    }
  }
  return results.map((result) => ({ ...summary(result), cpu: result.cpu }));
}
