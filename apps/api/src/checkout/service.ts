import { eq } from 'drizzle-orm';
import { orders } from '@shop/db';
import { markOrderPaid } from '../orders/paid.ts';
import { customerOf, joinOrStartAttempt, type CheckoutDeps, type OrderRow } from '../billing/attempts.ts';
import { runAttempt, savesCardFor, type CheckoutResult } from '../billing/checkout-payment.ts';
import { openOrder, type OpenOrderInput } from './open-order.ts';
import { noteEmptyBankRefusal } from '../employer-cover/bank-notices.ts';
import { AppError } from '../errors.ts';

export type { CheckoutResult };

export interface PlaceOrderInput extends OpenOrderInput {
  paymentMethod: string;
}

/**
 * Places the order of a cart and takes its payment, exactly once. One order per cart (a unique
 * key), one live payment attempt per order (joined under the order's lock), and one charge per
 * attempt at the gateway (its idempotency key). A double click, a retry after a timeout, a
 * webhook racing the browser's return: all end at the same order and the same charge.
 */
export async function placeOrder(deps: CheckoutDeps, input: PlaceOrderInput): Promise<CheckoutResult> {
  const { db, gateway } = deps;
  const {
    order: opened,
    attempt: first,
    savesCard,
  } = await openOrder(db, { ...input, events: deps.events }, { gateway: gateway.name, paymentMethod: input.paymentMethod }).catch(
    async (error: unknown) => {
      // an empty prepaid bank refused the covered order: the employer's admins are told (decision 0086)
      if (error instanceof AppError && error.code === 'BANK_EMPTY') await noteEmptyBankRefusal(db, deps.events, input.cart.id);
      throw error;
    },
  );
  if (first) return runAttempt(deps, opened, first, input.user.id, savesCard ?? undefined);
  if (opened.status !== 'pending_payment') return { kind: 'paid', order: opened };
  const keepCard = savesCard ?? (await savesCardFor(db, opened));
  if (opened.totalCents === 0 && !keepCard) return { kind: 'paid', order: await markPaidWithoutCharge(deps, opened, input.user.id) };

  // an order placed before (a retry, a double click, a new card after a decline)
  const customerId = await customerOf(db, input.user.id, gateway.name);
  const { order, attempt } = await db.transaction((tx) =>
    joinOrStartAttempt(tx, opened, { gateway: gateway.name, paymentMethod: input.paymentMethod, customerId }),
  );
  if (!attempt) return { kind: 'paid', order };
  return runAttempt(deps, order, attempt, input.user.id, keepCard);
}

/** An order with nothing to pay now and nothing to charge later: paid without a gateway. */
async function markPaidWithoutCharge(deps: CheckoutDeps, order: OrderRow, actor: string): Promise<OrderRow> {
  return deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(orders).where(eq(orders.id, order.id)).for('update');
    if (!current || current.status !== 'pending_payment') return current ?? order;
    return markOrderPaid(tx, deps.events, current, actor);
  });
}
