import type { FastifyInstance } from 'fastify';
import { reconcilePayments } from './reconcile.ts';

/** An attempt younger than this may still be in flight in some request: leave it alone. */
const settleGraceMs = 60_000;
const everyMs = 5 * 60_000;

/**
 * Runs payment reconciliation when the shop starts (a previous process may have died between a
 * charge and its write) and every few minutes after. Several processes may run it at once:
 * settling goes through each order's lock.
 */
export function scheduleReconciliation(app: FastifyInstance): void {
  let timer: NodeJS.Timeout | undefined;
  const run = async () => {
    try {
      const report = await reconcilePayments(app.checkout, { olderThanMs: settleGraceMs });
      if (report.checked > 0) app.log.info(report, 'payment reconciliation');
    } catch (error) {
      app.log.error({ err: error }, 'payment reconciliation failed');
    }
  };
  app.addHook('onReady', async () => {
    void run();
    timer = setInterval(() => void run(), everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
