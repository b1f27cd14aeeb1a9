import { programAfterResultsMessages } from '@shop/core';
import { orderItems, users, type Executor } from '@shop/db';
import { and, eq } from 'drizzle-orm';
import { conflict } from '../errors.ts';
import { onEvent } from '../events/bus.ts';
import { moveOrder } from '../orders/moves.ts';
import { hasProgram, PROGRAM_AFTER_RESULTS, starterWithResults } from '../results/program-offer.ts';

/**
 * At checkout, under the member's own row lock, a cart with the program after results is refused
 * unless it may be bought: a starter test's results are in and no program is theirs. Two checkouts
 * at once take the lock one after the other, so the second sees the first one's order and is refused:
 * the program is paid for once.
 */
export async function assertProgramAfterResultsAllowed(tx: Executor, userId: string, productCodes: readonly string[]): Promise<void> {
  if (!productCodes.includes(PROGRAM_AFTER_RESULTS.code)) return;
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  if (await hasProgram(tx, userId)) throw conflict('PROGRAM_ALREADY_ADDED', programAfterResultsMessages.alreadyAdded);
  if (!(await starterWithResults(tx, userId))) throw conflict('PROGRAM_NOT_OFFERED', programAfterResultsMessages.notOffered);
}

/**
 * Once the program after results is paid, in the payment's transaction, the starter test it
 * follows starts its program: its results are the plan's, and its retests are counted from now.
 * Safe to run twice: the order has moved on the first time.
 */
export const startProgramAfterResults = onEvent({
  name: 'programs.start-after-results',
  on: 'order.paid',
  mode: 'in-transaction',
  async handle(tx, { payload }) {
    const [line] = await tx
      .select({ id: orderItems.id })
      .from(orderItems)
      .where(and(eq(orderItems.orderId, payload.orderId), eq(orderItems.productCode, PROGRAM_AFTER_RESULTS.code)))
      .limit(1);
    if (!line) return;
    const starter = await starterWithResults(tx, payload.userId, { lock: true });
    if (!starter) return;
    await moveOrder(tx, starter, { type: 'program_added' }, 'program-after-results');
  },
});
