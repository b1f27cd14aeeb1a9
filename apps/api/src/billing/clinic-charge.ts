import { and, eq } from 'drizzle-orm';
import { payments } from '@shop/db';
import { GatewayUnavailableError, InvalidPaymentMethodError, type PaymentOutcome } from '../payments/port.ts';
import { joinOrStartAttempt, settleAttempt, type AttemptRow, type CheckoutDeps, type OrderRow } from './attempts.ts';
import { refundSurplus } from './surplus.ts';

/** The clinic's saved card, as `clinic_cards` keeps it: the gateway's references only. */
export interface ClinicCardReference {
  gateway: string;
  customerId: string;
  paymentMethod: string;
}

export type ClinicChargeResult =
  | { status: 'paid'; order: OrderRow }
  | { status: 'declined'; declineCode: string }
  /** the bank wants the card's holder: the clinic's admin approves it, or saves another card */
  | { status: 'needs_authentication' }
  /** the gateway did not answer: the attempt stays, and a retry joins it with the same key */
  | { status: 'unavailable' };

/**
 * Pays an order with the clinic's saved card, without anyone present (docs/decisions/0047-clinic-pays.md),
 * as the checkout pays one: one live attempt per order, chosen under the order's row lock, whose key is
 * the gateway's idempotency key, settled by `settleAttempt` (the order moves to paid once, whoever
 * reports the success). Two requests for the same order find the same attempt: one charge.
 */
export async function chargeOrderToClinicCard(
  deps: CheckoutDeps,
  order: OrderRow,
  card: ClinicCardReference,
  actor: string,
): Promise<ClinicChargeResult> {
  const { db, gateway } = deps;
  // a card saved at one gateway cannot be charged at another: the admin saves it again
  if (card.gateway !== gateway.name) return { status: 'declined', declineCode: 'card_of_another_gateway' };
  const { order: locked, attempt } = await db.transaction((tx) =>
    joinOrStartAttempt(tx, order, {
      gateway: gateway.name,
      paymentMethod: card.paymentMethod,
      customerId: card.customerId,
      purpose: 'clinic_card',
    }),
  );
  if (!attempt) return { status: 'paid', order: locked };
  if (attempt.purpose !== 'clinic_card') throw new Error(`order ${order.id} is being paid at checkout, not by its clinic`);
  if (attempt.status === 'requires_action') return { status: 'needs_authentication' };

  return runClinicAttempt(deps, locked, attempt, actor);
}

/**
 * Asks the gateway to charge the clinic's card for the attempt (again: the same key returns the
 * first answer) and settles it: the request's own try, or reconciliation's after a stop.
 */
export async function runClinicAttempt(
  deps: CheckoutDeps,
  order: OrderRow,
  attempt: AttemptRow,
  actor: string,
): Promise<ClinicChargeResult> {
  const { db, gateway } = deps;
  let outcome: PaymentOutcome;
  try {
    outcome = await gateway.chargeSaved({
      amountCents: attempt.amountCents,
      currency: 'usd',
      customerId: attempt.customerId ?? '',
      paymentMethod: attempt.paymentMethod ?? '',
      idempotencyKey: attempt.attemptKey,
      description: `Base order ${order.number}, paid by the clinic`,
      metadata: { orderId: order.id, purpose: 'clinic_card' },
    });
  } catch (error) {
    if (error instanceof GatewayUnavailableError) return { status: 'unavailable' };
    if (error instanceof InvalidPaymentMethodError) {
      await db
        .update(payments)
        .set({ status: 'failed', failureCode: 'invalid_payment_method', updatedAt: new Date() })
        .where(eq(payments.id, attempt.id));
      return { status: 'declined', declineCode: 'invalid_payment_method' };
    }
    throw error;
  }

  if (outcome.status === 'declined' && outcome.declineCode === 'authentication_required') {
    // kept live: a second request is told the same, until the admin saves another card
    await db
      .update(payments)
      .set({
        status: 'requires_action',
        gatewayPaymentId: outcome.id,
        providerPaymentId: outcome.id,
        failureCode: 'authentication_required',
        updatedAt: new Date(),
      })
      .where(and(eq(payments.id, attempt.id), eq(payments.status, 'started')));
    return { status: 'needs_authentication' };
  }
  const settled = await db.transaction((tx) => settleAttempt(tx, deps.events, attempt.attemptKey, outcome, actor));
  if (settled.surplus) await refundSurplus(db, gateway, settled.attempt);
  if (settled.order.status !== 'pending_payment') return { status: 'paid', order: settled.order };
  if (outcome.status === 'declined') return { status: 'declined', declineCode: outcome.declineCode ?? 'card_declined' };
  return { status: 'unavailable' };
}
