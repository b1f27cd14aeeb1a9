import { and, desc, eq } from 'drizzle-orm';
import { orders, payments, type Executor } from '@shop/db';
import { programBilledEmail } from '../email/lifecycle-templates.ts';
import { enqueueEmail } from '../email/queue.ts';
import { moveOrder } from '../orders/moves.ts';

/**
 * The program is paid (off-session by the billing job, or by the customer's approval): the order
 * moves from program billing to program active and its receipt is queued, in the caller's
 * transaction. Whoever comes second finds the order moved and does nothing.
 */
export async function activateProgram(tx: Executor, orderId: string, actor: string): Promise<boolean> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (order?.status !== 'program_billing') return false;
  await moveOrder(tx, order, { type: 'program_charged' }, actor);
  if (order.deferredCents === 0) return true;
  const [paid] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.purpose, 'program'), eq(payments.status, 'succeeded')))
    .orderBy(desc(payments.updatedAt))
    .limit(1);
  const [checkout] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.purpose, 'checkout'), eq(payments.status, 'succeeded')))
    .limit(1);
  const cardOf = (row: typeof paid) => (row?.cardBrand && row.cardLast4 ? { brand: row.cardBrand, last4: row.cardLast4 } : null);
  await enqueueEmail(
    tx,
    programBilledEmail({
      to: order.email,
      orderNumber: order.number,
      amountCents: paid?.amountCents ?? order.deferredCents,
      chargedAt: paid?.updatedAt ?? new Date(),
      card: cardOf(paid) ?? cardOf(checkout),
    }),
    `program-billed:${orderId}`,
  );
  return true;
}
