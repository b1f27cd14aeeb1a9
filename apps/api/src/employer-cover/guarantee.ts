import { and, eq, isNull, sql } from 'drizzle-orm';
import { employerBankEntries, employerCoveredOrders, employerGroups, orderItems, orders, type Executor } from '@shop/db';
import { onEvent } from '../events/bus.ts';
import { moveBalance } from './bank.ts';

/**
 * What an employer paid of a covered order's tests, out of `testsCents` (what the tests cost after
 * the order's discount): the guarantee gives that part back to the employer, never to the
 * employee. The employer's one amount per order is the test's cover and the program's together
 * (decision 0051); the program's part is what the order's program lines billed on results came to
 * less what the order still bills on results. Zero for an order no employer covered.
 */
export async function employerPartOfTests(db: Executor, orderId: string, testsCents: number): Promise<number> {
  const [covered] = await db
    .select({ coveredCents: employerCoveredOrders.coveredCents, deferredCents: orders.deferredCents })
    .from(employerCoveredOrders)
    .innerJoin(orders, eq(orders.id, employerCoveredOrders.orderId))
    .where(and(eq(employerCoveredOrders.orderId, orderId), isNull(employerCoveredOrders.releasedAt)));
  if (!covered) return 0;
  const [onResults] = await db
    .select({ cents: sql<number>`coalesce(sum(${orderItems.unitPriceCents} * ${orderItems.quantity}), 0)`.mapWith(Number) })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.charge, 'on_results')));
  const programCents = Math.max(0, (onResults?.cents ?? 0) - covered.deferredCents);
  const testCoverCents = Math.max(0, covered.coveredCents - programCents);
  return Math.min(testCoverCents, testsCents);
}

/**
 * program.guarantee_applied with an employer's part: the money goes back to whoever paid it. A
 * prepaid group's bank gets it back at once (a `guarantee` entry, once per order); an invoiced
 * group's part is kept on the covered order, and its next monthly invoice credits it (a
 * `guarantee` line, once). In the guarantee's transaction, under the group's row lock.
 */
export const returnGuaranteeToEmployer = onEvent({
  name: 'employer-cover.guarantee-to-employer',
  on: 'program.guarantee_applied',
  mode: 'in-transaction',
  handle: async (tx, { payload }) => {
    const cents = payload.employerCents ?? 0;
    if (cents <= 0) return;
    const [covered] = await tx
      .select({ groupId: employerCoveredOrders.groupId })
      .from(employerCoveredOrders)
      .where(eq(employerCoveredOrders.orderId, payload.orderId));
    if (!covered) return;
    await tx.select({ id: employerGroups.id }).from(employerGroups).where(eq(employerGroups.id, covered.groupId)).for('update');
    const [kept] = await tx
      .update(employerCoveredOrders)
      .set({ guaranteeCents: cents })
      .where(and(eq(employerCoveredOrders.orderId, payload.orderId), isNull(employerCoveredOrders.guaranteeCents)))
      .returning({ prepaid: employerCoveredOrders.prepaid });
    if (!kept?.prepaid) return;
    const [returned] = await tx
      .insert(employerBankEntries)
      .values({ groupId: covered.groupId, kind: 'guarantee', amountCents: cents, orderId: payload.orderId, actorId: null })
      .onConflictDoNothing()
      .returning({ amountCents: employerBankEntries.amountCents });
    if (returned) await moveBalance(tx, covered.groupId, returned.amountCents);
  },
});
