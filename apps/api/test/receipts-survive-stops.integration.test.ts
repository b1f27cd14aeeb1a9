import { and, eq, isNotNull } from 'drizzle-orm';
import { emailOutbox, orders } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcilePayments } from '../src/billing/reconcile.ts';
import { localSecret } from '../src/secrets.ts';
import { createTestShop, customerWithCart, everyConsent, paymentMethod, type TestShop } from './helpers.ts';
import { postgresTestMode } from './postgres.ts';
import { freePort, killStartedShops, startShopProcess } from './shop-process.ts';

const BURST = 16;

// A web process stopped mid-burst, politely (a deploy's SIGTERM) or not (kill -9): the receipt is
// queued in the transaction that pays the order, so every paid order still gets exactly one. A
// second process must open the test's database, which only a PostgreSQL server allows.
describe.runIf(postgresTestMode())('receipts when a web process stops mid-burst', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop();
  });
  afterAll(async () => {
    killStartedShops();
    await shop.close();
  });

  it.each(['SIGTERM', 'SIGKILL'] as const)(
    'after %s, one receipt per paid order',
    async (signal) => {
      // customers with a cart, an account and a card, made through this test's own app on the same database
      const customers = await Promise.all(
        Array.from({ length: BURST }, async () => {
          const visitor = await customerWithCart(shop.app);
          return { cookie: visitor.cookiesExcept(), method: await paymentMethod(visitor) };
        }),
      );
      const listenOn = await freePort();
      const web = startShopProcess({
        DATABASE_URL: shop.url!,
        PORT: String(listenOn),
        PUBLIC_URL: `http://127.0.0.1:${listenOn}`,
        AUTH_SECRET: 'test-secret-that-is-long-enough-for-better-auth',
        // the key the test shop sealed its rows with: a start whose keys cannot open them refuses to serve
        RESULTS_ENCRYPTION_KEY: localSecret(shop.app.config.DATA_DIR, 'results-encryption-key'),
        // a web process alone: no worker in it sends anything
        SHOP_JOBS_IN_PROCESS: '0',
        LOG_LEVEL: 'warn',
      });
      await web.ready;

      let answered = 0;
      const burst = customers.map(async ({ cookie, method }) => {
        try {
          const response = await fetch(`http://127.0.0.1:${listenOn}/api/checkout/orders`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie, 'idempotency-key': crypto.randomUUID() },
            body: JSON.stringify({ testedState: 'TX', consents: everyConsent, paymentMethod: method }),
          });
          if (response.status === 201) answered += 1;
        } catch {
          // the process went away under this request
        }
      });
      // stopped once a few orders are through and the rest are in flight
      for (let waited = 0; answered < 3 && waited < 20_000; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
      web.child.kill(signal);
      await Promise.all(burst);
      await web.exited;
      expect(answered, 'some orders were paid before the stop').toBeGreaterThanOrEqual(3);

      // what was charged but not written down is settled as the reconciliation job would, then the queue runs
      await reconcilePayments(shop.app.checkout, { olderThanMs: 0 });
      await shop.app.jobs.runDueJobs();

      const paid = await shop.database.db.select().from(orders).where(isNotNull(orders.paidAt));
      const missing: number[] = [];
      const doubled: number[] = [];
      for (const order of paid) {
        const receipts = await shop.database.db
          .select()
          .from(emailOutbox)
          .where(and(eq(emailOutbox.toAddress, order.email), eq(emailOutbox.subject, `Your Base receipt for order ${order.number}`)));
        if (receipts.length === 0) missing.push(order.number);
        if (receipts.length > 1) doubled.push(order.number);
      }
      expect(paid.length).toBeGreaterThanOrEqual(answered);
      expect({ missing, doubled }).toEqual({ missing: [], doubled: [] });
    },
    180_000,
  );
});
