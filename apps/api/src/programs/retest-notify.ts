import { PROGRAM_RETEST_COUNT } from '@shop/core';
import { programCompletedEmail, programRetestCreatedEmail } from '../email/program-retest-templates.ts';
import { enqueueEmail } from '../email/queue.ts';
import { onEvent } from '../events/bus.ts';
import { lockOrder } from '../orders/lifecycle-repository.ts';
import { moveOrder } from '../orders/moves.ts';
import { findRetestByOrder, retestsWithOrders } from './retest-repository.ts';

/** The retest's statuses once its results are in (results ready, and anything later). */
const resultsIn = new Set(['results_ready', 'completed']);

/** The member hears that their retest was made and what comes: the kit, or the lab. */
export const tellMemberRetestCreated = (publicUrl: string) =>
  onEvent({
    name: 'programs.tell-member-retest-created',
    on: 'program.retest_created',
    mode: 'in-transaction',
    async handle(tx, { payload }) {
      await enqueueEmail(
        tx,
        programRetestCreatedEmail({
          to: payload.email,
          sequence: payload.sequence,
          week: payload.week,
          orderNumber: payload.retestOrderNumber,
          method: payload.method,
          orderUrl: `${publicUrl}/account/orders/${payload.retestOrderId}`,
        }),
        `program-retest-created:${payload.retestOrderId}`,
      );
    },
  });

/**
 * A retest's results are in (the results-ready e-mail tells the member, as for any order): when
 * every retest of the program has its results, the program order is completed, in the same
 * transaction, and `program.completed` is recorded. Any other order's results pass by.
 */
export const completeProgramAfterLastRetest = onEvent({
  name: 'programs.complete-after-last-retest',
  on: 'order.results_ready',
  mode: 'in-transaction',
  async handle(tx, { payload }, events) {
    const retest = await findRetestByOrder(tx, payload.orderId);
    if (!retest) return;
    const program = await lockOrder(tx, retest.programOrderId);
    if (program?.status !== 'retests') return;
    const all = await retestsWithOrders(tx, program.id);
    if (all.length < PROGRAM_RETEST_COUNT || all.some(({ order }) => !resultsIn.has(order.status))) return;
    const completed = await moveOrder(tx, program, { type: 'program_completed' }, 'system', 'The results of both retests are in');
    await events.record(tx, 'program.completed', {
      programOrderId: completed.id,
      orderNumber: completed.number,
      userId: completed.userId,
      email: completed.email,
    });
  },
});

/** The member hears that their program is complete, and where the comparison is. */
export const tellMemberProgramCompleted = (publicUrl: string) =>
  onEvent({
    name: 'programs.tell-member-completed',
    on: 'program.completed',
    mode: 'in-transaction',
    async handle(tx, { payload }) {
      await enqueueEmail(
        tx,
        programCompletedEmail({ to: payload.email, orderNumber: payload.orderNumber, programUrl: `${publicUrl}/account/program` }),
        `program-completed:${payload.programOrderId}`,
      );
    },
  });
