import { eq } from 'drizzle-orm';
import { payments, type Database } from '@shop/db';
import type { PaymentGateway } from '../payments/port.ts';
import type { AttemptRow } from './attempts.ts';

/**
 * Gives back money taken for an order that was already paid (a customer abandoned an
 * authentication, paid with another card, and then the first bank approved after all).
 * The refund's key is the attempt's, so it happens once however often this runs.
 */
export async function refundSurplus(db: Database, gateway: PaymentGateway, attempt: AttemptRow): Promise<void> {
  if (!attempt.gatewayPaymentId || attempt.refundedCents >= attempt.amountCents) return;
  const refund = await gateway.refund({
    paymentId: attempt.gatewayPaymentId,
    amountCents: attempt.amountCents,
    idempotencyKey: `surplus:${attempt.attemptKey}`,
  });
  if (refund.status === 'failed') return;
  await db.update(payments).set({ refundedCents: attempt.amountCents, updatedAt: new Date() }).where(eq(payments.id, attempt.id));
}
