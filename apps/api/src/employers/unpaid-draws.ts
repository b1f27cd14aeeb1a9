import { and, asc, eq, lt, notExists, sql } from 'drizzle-orm';
import { employerBankEntries, orders, type Database } from '@shop/db';
import type { EventRecorder } from '../events/bus.ts';
import type { JobHandler, JobLog } from '../jobs/worker.ts';
import { cancelOrder } from '../orders/lifecycle.ts';

declare module '../jobs/queue.ts' {
  interface JobPayloads {
    /** cancels prepaid covered orders whose card remainder was never paid, so their draw goes back to the bank */
    'employers.unpaid_draws': Record<string, never>;
  }
}

/**
 * How long a prepaid covered order may wait for its card remainder: long enough for a declined
 * card to be replaced or a bank's confirmation to be answered, short enough that an abandoned
 * checkout does not keep the employer's money from the next employee.
 */
export const UNPAID_DRAW_HOLD_MS = 24 * 3600 * 1000;

/** At most this many orders a run: the next hour's run takes the rest. */
const RUN_LIMIT = 200;

/** The timeline's reason, shown to operators and on the order's page. */
export const UNPAID_DRAW_REASON = 'Not paid within 24 hours: the employer’s prepaid cover went back to its testing bank';

/**
 * Cancels each prepaid covered order still unpaid a day after it drew on its employer's bank. The
 * cancellation is the ordinary one (`order.cancelled`), so the bank's return, the store credit's
 * and the affiliate's reversal follow from their handlers, each once. The order's row is locked as
 * every payment settles it: a payment that lands first leaves the order paid and its draw drawn;
 * one that lands after finds the order cancelled and is refunded as a surplus, so the cover is
 * never both returned and spent.
 */
export async function releaseUnpaidDraws(deps: { db: Database; events: EventRecorder }, now: Date): Promise<string[]> {
  const cutoff = new Date(now.getTime() - UNPAID_DRAW_HOLD_MS);
  const returns = deps.db
    .select({ one: sql`1` })
    .from(employerBankEntries)
    .where(and(sql`${employerBankEntries.orderId} = ${orders.id}`, eq(employerBankEntries.kind, 'return')));
  const lapsed = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(employerBankEntries, and(eq(employerBankEntries.orderId, orders.id), eq(employerBankEntries.kind, 'draw')))
    .where(and(eq(orders.status, 'pending_payment'), lt(orders.createdAt, cutoff), notExists(returns)))
    .orderBy(asc(orders.createdAt))
    .limit(RUN_LIMIT);
  const cancelled: string[] = [];
  for (const { id } of lapsed) {
    const done = await deps.db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
      // paid (or cancelled by an operator) since it was listed: nothing of ours to undo
      if (!order || order.status !== 'pending_payment') return false;
      await cancelOrder(tx, deps.events, order, 'system', UNPAID_DRAW_REASON);
      return true;
    });
    if (done) cancelled.push(id);
  }
  return cancelled;
}

/** The queue's `employers.unpaid_draws`, queued hourly by the scheduler. */
export function unpaidDrawsJob(deps: { db: Database; events: EventRecorder; log: JobLog }): JobHandler<'employers.unpaid_draws'> {
  return async (_payload, context) => {
    const cancelled = await releaseUnpaidDraws(deps, context.now);
    if (cancelled.length > 0) deps.log.info({ orders: cancelled.length }, 'unpaid prepaid covered orders cancelled, their draws returned');
  };
}
