import { localSecret } from '../src/secrets.ts';
import { eq } from 'drizzle-orm';
import { carts, orders, payments, testGatewayCharges } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcilePayments } from '../src/billing/reconcile.ts';
import { createTestGateway } from '../src/payments/test-gateway.ts';
import { createTestShop, customerWithCart, paymentMethod, type TestShop, everyConsent } from './helpers.ts';
import { runFixture } from './fixture-process.ts';
import { postgresTestMode } from './postgres.ts';

// A second process must open the same database, which only a PostgreSQL server allows; the
// PostgreSQL tier of the suite runs this.
describe.runIf(postgresTestMode())('a process killed between the charge and the order write', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop();
  });
  afterAll(() => shop.close());

  it('leaves a trace that reconciliation settles: one order, one charge, paid', async () => {
    const visitor = await customerWithCart(shop.app);
    const user = (await visitor.get('/api/auth/get-session')).json().user as { id: string; email: string };
    const [cart] = await shop.database.db.select().from(carts).where(eq(carts.userId, user.id));
    const method = await paymentMethod(visitor);

    const { signal, stderr } = await runFixture('crash-after-charge', shop, {
      USER_ID: user.id,
      USER_EMAIL: user.email,
      CART_ID: cart!.id,
      PAYMENT_METHOD: method,
      // the order's lines are sealed (decision 0072) with the key the test shop reads them with
      RESULTS_ENCRYPTION_KEY: localSecret(shop.app.config.DATA_DIR, 'results-encryption-key'),
    });
    expect(signal, stderr).toBe('SIGKILL');

    // the money was taken, the shop did not write it down
    const [order] = await shop.database.db.select().from(orders).where(eq(orders.cartId, cart!.id));
    expect(order?.status).toBe('pending_payment');
    const [attempt] = await shop.database.db.select().from(payments).where(eq(payments.orderId, order!.id));
    expect(attempt?.status).toBe('started');
    const [charge] = await shop.database.db
      .select()
      .from(testGatewayCharges)
      .where(eq(testGatewayCharges.idempotencyKey, attempt!.attemptKey));
    expect(charge?.status).toBe('succeeded');

    // a young attempt may still be in flight elsewhere: left alone
    const gateway = createTestGateway(shop.database.db);
    expect(await reconcilePayments({ db: shop.database.db, gateway, events: shop.app.events }, { olderThanMs: 60_000 })).toEqual({
      checked: 0,
      paid: 0,
      failed: 0,
    });

    const report = await reconcilePayments({ db: shop.database.db, gateway, events: shop.app.events }, { olderThanMs: 0 });
    expect(report).toEqual({ checked: 1, paid: 1, failed: 0 });
    expect(await reconcilePayments({ db: shop.database.db, gateway, events: shop.app.events }, { olderThanMs: 0 })).toEqual({
      checked: 0,
      paid: 0,
      failed: 0,
    });

    const placed = await shop.database.db.select().from(orders).where(eq(orders.cartId, cart!.id));
    expect(placed.map((row) => row.status)).toEqual(['collection_pending']);
    const attempts = await shop.database.db.select().from(payments).where(eq(payments.orderId, order!.id));
    expect(attempts.map((row) => [row.status, row.gatewayPaymentId])).toEqual([['succeeded', charge!.id]]);
    const charges = await shop.database.db.select().from(testGatewayCharges).where(eq(testGatewayCharges.amountCents, order!.totalCents));
    expect(charges.filter((row) => row.idempotencyKey.startsWith(`checkout:${order!.id}:`))).toHaveLength(1);

    // the customer's retry after the crash finds the paid order
    const retry = await visitor.post(
      '/api/checkout/orders',
      { testedState: 'TX', consents: everyConsent, paymentMethod: method },
      { 'idempotency-key': 'crash-test-key' },
    );
    expect(retry.statusCode).toBe(201);
    expect(retry.json().order.id).toBe(order!.id);
  }, 60_000);
});
