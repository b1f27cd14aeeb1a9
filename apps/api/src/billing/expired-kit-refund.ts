import { formatMoney } from '@shop/core';
import type { Database } from '@shop/db';
import { lostKitRefundEmail } from '../email/sample-templates.ts';
import { enqueueEmail } from '../email/queue.ts';
import { onEvent, type EventRecorder } from '../events/bus.ts';
import { enqueue } from '../jobs/queue.ts';
import type { JobHandler } from '../jobs/worker.ts';
import type { PaymentGateway } from '../payments/port.ts';
import { refundOrderBySystem } from './refunds.ts';

declare module '../jobs/queue.ts' {
  interface JobPayloads {
    /** refunds an order whose kit expired without a sample (core's lost-kit rules), once */
    'kit.refund': { orderId: string; cause: string };
  }
}

/**
 * A kit expired: its order's refund is queued, once per order (two kits of one order expiring
 * make one refund). The gateway is asked from the job, outside any transaction, as every refund is.
 */
export const refundOrderOfExpiredKit = onEvent({
  name: 'billing.refund-expired-kit',
  on: 'kit.expired',
  mode: 'in-transaction',
  async handle(tx, { payload }) {
    await enqueue(tx, {
      name: 'kit.refund',
      payload: { orderId: payload.orderId, cause: payload.cause },
      singletonKey: `kit-refund:${payload.orderId}`,
      maxAttempts: 8,
    });
  },
});

/** The queue's `kit.refund`: the order's money back through the refund code, and the member's e-mail in the same transaction as the refund's record. */
export function expiredKitRefundJob(deps: {
  db: Database;
  gateway: PaymentGateway;
  events: EventRecorder;
  publicUrl: string;
}): JobHandler<'kit.refund'> {
  return async ({ orderId, cause }) => {
    await refundOrderBySystem(
      deps,
      orderId,
      'A kit expired without a sample (lost-kit rules, decision 0066)',
      async (tx, order, refundedCents) => {
        await enqueueEmail(
          tx,
          lostKitRefundEmail({
            to: order.email,
            orderNumber: order.number,
            cause,
            amount: refundedCents > 0 ? formatMoney(refundedCents) : null,
            url: `${deps.publicUrl}/account/orders/${order.id}`,
          }),
          `lost-kit-refund:${order.id}`,
        );
      },
    );
  };
}
