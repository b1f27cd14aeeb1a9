/**
 * Past orders written straight into the tables in bulk (INSERT … SELECT generate_series), so the
 * checkout can be measured against a shop that has 10 thousand or a million of them. Each has
 * what a paid checkout leaves: a customer, a checked-out cart, the order, its line, its payment
 * and the test gateway's charge. Ids come from md5 of the row number, so each table finds its
 * parent without a join and the rows scatter over the indexes as random ids do. Order timelines
 * are left out (three rows per order, touched by no lookup of the checkout).
 */
const statuses = `(array['collection_pending','profile_pending','approval_pending','kit_shipped','results_ready','completed'])[1 + i % 6]`;
const at = `now() - make_interval(mins => i % 525600)`;
const id = (kind) => `md5('bench-${kind}-' || i)::uuid`;

const steps = [
  [
    'users',
    `INSERT INTO users (id, name, email, email_verified, role, created_at, updated_at)
     SELECT 'bench-user-' || i, 'Seeded customer ' || i, 'seeded-' || i || '@bench.example.com', true, 'customer', ${at}, ${at}
     FROM generate_series($1::int, $2::int) AS i`,
  ],
  [
    'carts',
    `INSERT INTO carts (id, user_id, status, created_at, updated_at)
     SELECT ${id('cart')}, 'bench-user-' || i, 'checked_out', ${at}, ${at}
     FROM generate_series($1::int, $2::int) AS i`,
  ],
  [
    'orders',
    `INSERT INTO orders (id, user_id, cart_id, idempotency_key, email, status, subtotal_cents, discount_cents, tax_cents,
                         shipping_cents, total_cents, deferred_cents, paid_at, created_at, updated_at)
     SELECT ${id('order')}, 'bench-user-' || i, ${id('cart')}, 'bench-seed-' || i, 'seeded-' || i || '@bench.example.com',
            ${statuses}, 7995, 0, 0, 0, 7995, 0, ${at}, ${at}, ${at}
     FROM generate_series($1::int, $2::int) AS i`,
  ],
  [
    'order_items',
    `INSERT INTO order_items (order_id, product_code, test_id, title, unit_price_cents, quantity, charge, created_at)
     SELECT ${id('order')}, 'base-quiz', 53, 'Starter test', 7995, 1, 'now', ${at}
     FROM generate_series($1::int, $2::int) AS i`,
  ],
  [
    'payments',
    `INSERT INTO payments (order_id, purpose, provider, attempt_key, provider_payment_id, payment_method, amount_cents, status,
                           card_brand, card_last4, created_at, updated_at)
     SELECT ${id('order')}, 'checkout', 'test', 'checkout:' || ${id('order')} || ':1', 'pi_test_seed_' || i,
            'pm_test_succeeds_visa_4242_' || lpad(to_hex(i), 16, '0'), 7995, 'succeeded', 'visa', '4242', ${at}, ${at}
     FROM generate_series($1::int, $2::int) AS i`,
  ],
  [
    'test_gateway_charges',
    `INSERT INTO test_gateway_charges (idempotency_key, id, kind, amount_cents, payment_method, status, card_brand, card_last4, created_at)
     SELECT 'checkout:' || ${id('order')} || ':1', 'pi_test_seed_' || i, 'payment', 7995,
            'pm_test_succeeds_visa_4242_' || lpad(to_hex(i), 16, '0'), 'succeeded', 'visa', '4242', ${at}
     FROM generate_series($1::int, $2::int) AS i`,
  ],
];

/** Seeds orders number `from` to `to` (inclusive) in chunks, then refreshes the planner's statistics. */
export async function seedOrders(client, from, to, { chunk = 250_000, log = () => {} } = {}) {
  const started = performance.now();
  // a bulk load, as a restore does it: the rows are consistent by construction, so the foreign
  // key triggers are skipped (replica role), and nothing here needs to survive a server crash
  await client.query('SET synchronous_commit = off');
  await client.query("SET session_replication_role = 'replica'");
  for (let low = from; low <= to; low += chunk) {
    const high = Math.min(to, low + chunk - 1);
    await client.query('BEGIN');
    for (const [, sql] of steps) await client.query(sql, [low, high]);
    await client.query('COMMIT');
    log(
      `  seeded orders ${low.toLocaleString('en-US')}–${high.toLocaleString('en-US')} (${((performance.now() - started) / 1000).toFixed(0)} s)`,
    );
  }
  // what autovacuum does soon after a load this size; without it the planner guesses at sizes
  await client.query('VACUUM ANALYZE users, carts, orders, order_items, payments, test_gateway_charges');
  // the load's dirty pages are written now rather than by a checkpoint in the middle of the next
  // measurement, which would then time the load's aftermath instead of the size of the tables
  await client.query('CHECKPOINT');
  await client.query("SET session_replication_role = 'origin'");
  await client.query('SET synchronous_commit = on');
  return (performance.now() - started) / 1000;
}
