import { eq } from 'drizzle-orm';
import { orders } from '@shop/db';
import { chargeSavedCard, type DeferredChargeDeps } from '../billing/saved-card.ts';
import { programBillingFailedEmail } from '../email/lifecycle-templates.ts';
import { onEvent } from '../events/bus.ts';
import { enqueueEmail } from '../email/queue.ts';
import { enqueue } from '../jobs/queue.ts';
import type { JobHandler, JobLog } from '../jobs/worker.ts';
import { activateProgram } from './activate.ts';

const day = 24 * 3600 * 1000;
/** After a declined charge, the next tries come this much later: attempt 2 a day later, attempt 3 three days after that. */
export const declinedRetryDelaysMs = [1 * day, 3 * day] as const;

export interface ProgramBillingDeps extends DeferredChargeDeps {
  /** who hears about a program that could not be billed */
  supportEmail: string;
  log: JobLog;
}

/** When the results are in and a program follows them, its charge is queued, once per order. */
export const billProgramWhenResultsReady = onEvent({
  name: 'programs.bill',
  on: 'order.results_ready',
  mode: 'in-transaction',
  async handle(tx, { payload }) {
    if (payload.program === 'none') return;
    await enqueue(tx, { name: 'program.bill', payload: { orderId: payload.orderId }, singletonKey: `program-billing:${payload.orderId}` });
  },
});

/** The gateway key of the n-th try to bill an order's program: a retry of the same try reuses it. */
export const programChargeKey = (orderId: string, attempt: number) => `program:${orderId}:${attempt}`;

/**
 * The queue's `program.bill`: charges the Improvement Program to the card saved at checkout once
 * the order's results are in. Exactly once per order: each try has its gateway idempotency key
 * (a job run twice, raced or resumed after its worker died charges once), and the order moves
 * to program active under its row lock. An unanswered gateway throws, so the job is retried
 * with the same key; a declined card is tried again on a schedule with the next key, and after
 * the last try support is told.
 */
export function programBillJob(deps: ProgramBillingDeps): JobHandler<'program.bill'> {
  return async ({ orderId, attempt = 1 }) => {
    const [order] = await deps.db.select().from(orders).where(eq(orders.id, orderId));
    if (!order) return; // removed since (a minor's account): nothing to bill
    if (order.status !== 'program_billing') {
      if (order.status !== 'program_active')
        deps.log.warn({ orderId, status: order.status }, 'program billing skipped: the order is not waiting for it');
      return;
    }
    if (order.deferredCents === 0) {
      // the program was paid at checkout
      await deps.db.transaction((tx) => activateProgram(tx, orderId, 'program-billing'));
      return;
    }

    const result = await chargeSavedCard(deps, order, order.deferredCents, programChargeKey(orderId, attempt));
    switch (result.status) {
      case 'succeeded':
        await deps.db.transaction((tx) => activateProgram(tx, orderId, 'program-billing'));
        return;
      case 'needs_customer':
        // the customer got the approval link; their approval activates the program
        return;
      case 'unavailable':
        throw new Error('the card gateway did not answer');
      case 'declined':
      case 'no_saved_card': {
        const reason = result.status === 'declined' ? result.declineCode : 'no_saved_card';
        const delay = result.status === 'declined' ? declinedRetryDelaysMs[attempt - 1] : undefined;
        if (delay !== undefined) {
          await enqueue(deps.db, {
            name: 'program.bill',
            payload: { orderId, attempt: attempt + 1 },
            runAt: new Date(Date.now() + delay),
            singletonKey: `program-bill:${orderId}:${attempt + 1}`,
          });
          deps.log.info({ orderId, attempt, reason }, 'program charge declined; tried again later');
          return;
        }
        await enqueueEmail(
          deps.db,
          programBillingFailedEmail({
            to: deps.supportEmail,
            orderNumber: order.number,
            orderId,
            amountCents: order.deferredCents,
            attempts: attempt,
            reason,
          }),
          `program-billing-failed:${orderId}`,
        );
        deps.log.warn({ orderId, attempt, reason }, 'program billing failed for good; support was told');
        return;
      }
    }
  };
}
