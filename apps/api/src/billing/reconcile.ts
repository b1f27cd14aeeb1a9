import { and, eq, gt, inArray, lt } from 'drizzle-orm';
import { orders, payments } from '@shop/db';
import { AppError } from '../errors.ts';
import type { PaymentOutcome } from '../payments/port.ts';
import { runAttempt } from './checkout-payment.ts';
import { orderPayingPurposes, settleAttempt, type CheckoutDeps } from './attempts.ts';
import { runClinicAttempt } from './clinic-charge.ts';

/** Past this age an idempotency key may have been forgotten by the gateway: ask no more. */
const gatewayMemoryMs = 24 * 60 * 60 * 1000;

export interface ReconcileReport {
  checked: number;
  paid: number;
  failed: number;
}

/**
 * Finds attempts paying an order (a checkout's, a clinic card's) that never heard back from the gateway — the process stopped between
 * the charge and the write, or the gateway timed out — and asks again with the same key, which
 * answers with the first result instead of charging twice. Safe to run at any time, from any
 * number of processes: settling goes through the order's lock.
 */
export async function reconcilePayments(deps: CheckoutDeps, options: { olderThanMs: number; now?: Date }): Promise<ReconcileReport> {
  const { db, gateway } = deps;
  const now = options.now ?? new Date();
  const stale = await db
    .select({ attempt: payments, order: orders })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(
      and(
        inArray(payments.purpose, [...orderPayingPurposes]),
        eq(payments.gateway, gateway.name),
        inArray(payments.status, ['started', 'processing']),
        lt(payments.updatedAt, new Date(now.getTime() - options.olderThanMs)),
        gt(payments.createdAt, new Date(now.getTime() - gatewayMemoryMs)),
      ),
    );
  const report: ReconcileReport = { checked: stale.length, paid: 0, failed: 0 };
  for (const { attempt, order } of stale) {
    try {
      const paymentId = attempt.gatewayPaymentId;
      let paid: boolean;
      if (paymentId) {
        const settled = await gateway.retrieve(paymentId).then((outcome) => settleReported(deps, attempt.attemptKey, outcome));
        paid = settled.order.status !== 'pending_payment';
      } else if (attempt.purpose === 'clinic_card') {
        // the clinic's card, charged again with the same key: the first answer, never a second charge
        const result = await runClinicAttempt(deps, order, attempt, 'reconciliation');
        paid = result.status === 'paid';
        if (result.status === 'declined') report.failed += 1;
      } else {
        paid = (await runAttempt(deps, order, attempt, 'reconciliation')).order.status !== 'pending_payment';
      }
      if (paid) report.paid += 1;
    } catch (error) {
      // a decline or a gateway still down: the attempt carries what happened, the next run tries again
      if (error instanceof AppError) report.failed += 1;
      else throw error;
    }
  }
  return report;
}

async function settleReported(deps: CheckoutDeps, attemptKey: string, outcome: PaymentOutcome) {
  const settled = await deps.db.transaction((tx) => settleAttempt(tx, deps.events, attemptKey, outcome, 'reconciliation'));
  return settled;
}
