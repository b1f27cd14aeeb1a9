/**
 * What the database says about the orders placed between two instants (one run): one order per customer and per cart, one
 * succeeded payment per order, one gateway charge per attempt key and no charge without its
 * payment. Every figure but `orders` must be zero.
 */
export async function verifyRun(client, { from, to }) {
  const { rows } = await client.query(
    `WITH run_orders AS (SELECT * FROM orders WHERE created_at BETWEEN $1 AND $2),
          run_payments AS (SELECT p.* FROM payments p JOIN run_orders o ON o.id = p.order_id),
          run_charges AS (SELECT c.* FROM test_gateway_charges c JOIN run_payments p ON p.attempt_key = c.idempotency_key)
     SELECT
       (SELECT count(*) FROM run_orders)::int AS orders,
       (SELECT count(*) FROM run_orders WHERE status <> 'collection_pending')::int AS "orders not paid",
       (SELECT count(*) FROM (SELECT 1 FROM run_orders GROUP BY user_id HAVING count(*) > 1) d)::int AS "customers with 2+ orders",
       (SELECT count(*) FROM (SELECT 1 FROM run_orders GROUP BY cart_id HAVING count(*) > 1) d)::int AS "carts with 2+ orders",
       (SELECT count(*) FROM run_orders o
          WHERE (SELECT count(*) FROM run_payments p WHERE p.order_id = o.id AND p.status = 'succeeded') <> 1)::int
         AS "orders without exactly 1 succeeded payment",
       (SELECT count(*) FROM (SELECT 1 FROM run_charges GROUP BY idempotency_key HAVING count(*) > 1) d)::int AS "attempt keys with 2+ charges",
       (SELECT count(*) FROM run_orders o
          WHERE (SELECT count(*) FROM run_charges c JOIN run_payments p ON p.attempt_key = c.idempotency_key
                 WHERE p.order_id = o.id AND c.status = 'succeeded') <> 1)::int
         AS "orders without exactly 1 succeeded charge",
       (SELECT count(*) FROM test_gateway_charges c
          WHERE c.created_at BETWEEN $1 AND $2 AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.attempt_key = c.idempotency_key))::int
         AS "charges without a payment"`,
    [from, to],
  );
  return rows[0];
}

/**
 * The plan of each lookup that placing an order makes, on the data as it is now: which index it
 * uses, or a sequential scan. The values are taken from one seeded order.
 */
export async function explainCheckout(client) {
  const { rows } = await client.query(
    `SELECT o.id, o.cart_id, o.user_id, o.idempotency_key, p.attempt_key FROM orders o JOIN payments p ON p.order_id = o.id
     WHERE o.idempotency_key LIKE 'bench-seed-%' ORDER BY o.number DESC LIMIT 1`,
  );
  const order = rows[0];
  if (!order) return [];
  // the lookups place order makes, as it makes them (a retry's also joins or starts an attempt)
  /** @type {Array<[name: string, sql: string, params: unknown[]]>} */
  const lookups = [
    [
      'cart with its order',
      `SELECT * FROM carts LEFT JOIN orders ON orders.cart_id = carts.id OR orders.idempotency_key = $2
       WHERE carts.id = $1`,
      [order.cart_id, order.idempotency_key],
    ],
    [
      'cart lines, paid orders',
      `SELECT cart_items.*, (SELECT count(*) FROM orders WHERE user_id = $2 AND status <> 'pending_payment'
       AND status <> 'cancelled') FROM cart_items WHERE cart_id = $1 ORDER BY created_at, id`,
      [order.cart_id, order.user_id],
    ],
    [
      'order of the attempt, locked',
      'SELECT * FROM orders WHERE id = (SELECT order_id FROM payments WHERE attempt_key = $1) FOR UPDATE',
      [order.attempt_key],
    ],
    ['attempt by key, locked', 'SELECT * FROM payments WHERE attempt_key = $1 FOR UPDATE', [order.attempt_key]],
    [
      'live attempt (retry)',
      `SELECT * FROM payments WHERE order_id = $1 AND purpose = 'checkout'
       AND status IN ('started','processing','requires_action','succeeded') ORDER BY created_at DESC LIMIT 1`,
      [order.id],
    ],
    ['attempts so far (retry)', `SELECT count(*) FROM payments WHERE order_id = $1 AND purpose = 'checkout'`, [order.id]],
    ['gateway charge (repeat)', 'SELECT * FROM test_gateway_charges WHERE idempotency_key = $1', [order.attempt_key]],
    ['gateway customer', `SELECT customer_id FROM payment_customers WHERE user_id = $1 AND provider = 'test'`, [order.user_id]],
  ];
  const plans = [];
  await client.query('BEGIN');
  try {
    for (const [name, sql, params] of lookups) {
      const { rows: explained } = await client.query(`EXPLAIN (FORMAT JSON) ${sql}`, params);
      plans.push({ name, plan: summarise(explained[0]['QUERY PLAN'][0].Plan) });
    }
  } finally {
    await client.query('ROLLBACK');
  }
  return plans;
}

function summarise(node) {
  const scans = [];
  (function walk(current) {
    if (/Scan/.test(current['Node Type']))
      scans.push(
        current['Index Name']
          ? `${current['Node Type']} on ${current['Index Name']}`
          : `${current['Node Type']} on ${current['Relation Name']}`,
      );
    for (const child of current.Plans ?? []) walk(child);
  })(node);
  return scans.join(', ');
}
