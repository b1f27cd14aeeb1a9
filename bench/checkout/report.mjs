const ms = (value) => `${value.toFixed(1)} ms`;
const rate = (value, unit) => `${value.toFixed(0)} ${unit}/s`;
const count = (value) => value.toLocaleString('en-US');

function table(rows) {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => String(row[column]).length)));
  const line = (row) => row.map((cell, column) => String(cell).padEnd(widths[column])).join('  ');
  return [line(rows[0]), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.slice(1).map(line)].join('\n');
}

const verdict = (ok) => (ok ? 'ok' : 'MISSED');

/** CPU milliseconds per request in the API process and in PostgreSQL, and what the load generator spent. */
const cost = (phase) => {
  const perRequest = (seconds) => ((seconds * 1000) / phase.requests).toFixed(1);
  return `${perRequest(phase.cpu.apiSeconds)} ms API + ${perRequest(phase.cpu.dbSeconds)} ms PostgreSQL (bench client ${perRequest(phase.cpu.clientSeconds)} ms)`;
};

const cpuPerRequest = (phase) => (phase.cpu.apiSeconds + phase.cpu.dbSeconds) / phase.requests;

/** The figures of one run beside their targets, then the integrity counts and the query plans. */
export function printReport({ cart, place, integrity, sized, plans, concurrency }) {
  const [small, large] = sized;
  const ratio = large.p95 / small.p95;
  const cartCpu = cpuPerRequest(cart) * 1000;
  const placeCpu = cpuPerRequest(place) * 1000;
  const rows = [
    ['measure', 'measured', 'target', ''],
    ['add to cart: throughput', rate(cart.perSecond, 'req'), '>= 800 req/s', verdict(cart.perSecond >= 800)],
    ['add to cart: p50 / p95 / p99', `${ms(cart.p50)} / ${ms(cart.p95)} / ${ms(cart.p99)}`, 'p95 < 50 ms', verdict(cart.p95 < 50)],
    ['add to cart: CPU per request (API + PostgreSQL)', ms(cartCpu), '<= 2 ms', verdict(cartCpu <= 2)],
    ['place order: throughput', rate(place.ordersPerSecond, 'orders'), '>= 200 orders/s', verdict(place.ordersPerSecond >= 200)],
    ['place order: p50 / p95', `${ms(place.p50)} / ${ms(place.p95)}`, 'p95 < 100 ms', verdict(place.p95 < 100)],
    ['place order: CPU per order (API + PostgreSQL)', ms(placeCpu), '<= 8 ms', verdict(placeCpu <= 8)],
    [`place order p95, ${count(small.inDatabase)} orders in the database`, ms(small.p95), '', ''],
    [`place order p95, ${count(large.inDatabase)} orders in the database`, ms(large.p95), '', ''],
    ['ratio large / small', ratio.toFixed(2), '<= 1.2', verdict(ratio <= 1.2)],
    ['same, CPU per order (API + PostgreSQL)', (cpuPerRequest(large) / cpuPerRequest(small)).toFixed(2), '', ''],
  ];
  console.log(`\nCheckout benchmark (PostgreSQL, loopback, ${concurrency} concurrent connections)\n`);
  console.log(table(rows));

  console.log('\nRequests, answers and CPU time per request (steadier than latency when other work shares the machine)');
  const phases = [
    ['add to cart', cart],
    ['place order', place],
    [`place order, ${count(small.inDatabase)} orders`, small],
    [`place order, ${count(large.inDatabase)} orders`, large],
  ];
  for (const [name, phase] of phases) {
    console.log(
      `  ${name}: ${phase.requests} requests in ${phase.seconds.toFixed(1)} s, statuses ${JSON.stringify(phase.statuses)}; CPU ${cost(phase)}`,
    );
    for (const failure of phase.failures) console.log(`    ${failure}`);
  }
  console.log(
    `  double submits in the place-order run: ${place.twins}, answered with another order than their twin: ${place.twinMismatches}`,
  );

  console.log('\nDuplicates in the place-order run, from the database (all but the first must be 0)');
  for (const [name, value] of Object.entries(integrity)) console.log(`  ${name.padEnd(44)} ${value}`);
  const clean = Object.entries(integrity).every(([name, value]) => name === 'orders' || value === 0) && place.twinMismatches === 0;
  console.log(
    `  ${clean && integrity.orders === place.orders ? 'no duplicate orders, no duplicate charges' : 'DUPLICATES OR MISSING ORDERS FOUND'}`,
  );

  console.log(`\nPlans of the place-order lookups with ${count(large.inDatabase)} orders`);
  for (const { name, plan } of plans) console.log(`  ${name.padEnd(18)} ${plan}`);
}
