import { and, eq, sql } from 'drizzle-orm';
import { employerBankEntries, employerGroups, users, type Executor } from '@shop/db';
import { onEvent, type EventRecorder } from '../events/bus.ts';
import { noteLowCrossing } from './bank-notices.ts';

/** Moves the balance by `deltaCents`; the group's CHECK refuses a balance below zero, which rolls the whole move back. */
export const moveBalance = (tx: Executor, groupId: string, deltaCents: number) =>
  tx
    .update(employerGroups)
    .set({ bankBalanceCents: sql`${employerGroups.bankBalanceCents} + ${deltaCents}` })
    .where(eq(employerGroups.id, groupId))
    .returning({ balanceCents: employerGroups.bankBalanceCents });

/**
 * A covered order's draw, in the order's transaction. The caller holds the group's row lock and has
 * checked the balance; the unique (order, kind) and the balance's CHECK hold it even if it had not.
 * With `events`, a draw that takes the bank below core's low line records `employer_bank.low`
 * (decision 0086).
 */
export async function drawFromBank(
  tx: Executor,
  draw: { groupId: string; orderId: string; amountCents: number; actorId: string },
  events?: EventRecorder,
): Promise<void> {
  const [entry] = await tx
    .insert(employerBankEntries)
    .values({
      groupId: draw.groupId,
      kind: 'draw',
      amountCents: -draw.amountCents,
      orderId: draw.orderId,
      actorId: draw.actorId,
    })
    .returning({ id: employerBankEntries.id });
  const [moved] = await moveBalance(tx, draw.groupId, -draw.amountCents);
  if (events && entry && moved) {
    await noteLowCrossing(tx, events, {
      groupId: draw.groupId,
      beforeCents: moved.balanceCents + draw.amountCents,
      afterCents: moved.balanceCents,
      entryId: entry.id,
    });
  }
}

/**
 * A refunded or cancelled order that drew on its employer's bank gives the draw back (less what a
 * guarantee gave back already), once: the
 * unique (order, return) turns a replayed event, or the second of a cancel and a refund, into
 * nothing. The refund code knows nothing of the bank; it announces the order ended.
 */
export async function returnDrawOfOrder(tx: Executor, orderId: string, actorId: string | null): Promise<number> {
  const [draw] = await tx
    .select({ groupId: employerBankEntries.groupId, amountCents: employerBankEntries.amountCents })
    .from(employerBankEntries)
    .where(and(eq(employerBankEntries.orderId, orderId), eq(employerBankEntries.kind, 'draw')));
  if (!draw) return 0;
  await tx.select({ id: employerGroups.id }).from(employerGroups).where(eq(employerGroups.id, draw.groupId)).for('update');
  // what the Improvement Program guarantee gave back already is not given back twice
  const [guarantee] = await tx
    .select({ amountCents: employerBankEntries.amountCents })
    .from(employerBankEntries)
    .where(and(eq(employerBankEntries.orderId, orderId), eq(employerBankEntries.kind, 'guarantee')));
  const leftCents = -draw.amountCents - (guarantee?.amountCents ?? 0);
  if (leftCents <= 0) return 0;
  const [returned] = await tx
    .insert(employerBankEntries)
    .values({ groupId: draw.groupId, kind: 'return', amountCents: leftCents, orderId, actorId })
    .onConflictDoNothing()
    .returning({ amountCents: employerBankEntries.amountCents });
  if (!returned) return 0;
  await moveBalance(tx, draw.groupId, returned.amountCents);
  return returned.amountCents;
}

/** order.cancelled, order.refunded: a prepaid covered order's draw goes back to the bank. */
export const returnBankDrawOfEndedOrder = onEvent({
  name: 'employer-bank.return',
  on: ['order.cancelled', 'order.refunded'],
  mode: 'in-transaction',
  handle: async (tx, event) => {
    // the actor is a user's id or a system's name (the payment provider's webhook): only a user is kept on the line
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, event.payload.actor));
    await returnDrawOfOrder(tx, event.payload.orderId, user?.id ?? null);
  },
});
