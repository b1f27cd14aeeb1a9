import {
  formatMoney,
  getProduct,
  isStarterOnly,
  programAfterResultsMessages,
  programOfferSuggestions,
  programProductCodes,
  PROGRAM_AFTER_RESULTS_CODE,
} from '@shop/core';
import { gifts, orderItems, orders, users, type Executor } from '@shop/db';
import { and, desc, eq, exists, inArray, notExists, notInArray, sql } from 'drizzle-orm';
import { conflict } from '../errors.ts';
import { onEvent } from '../events/bus.ts';
import { moveOrder } from '../orders/moves.ts';

const PROGRAM = getProduct(PROGRAM_AFTER_RESULTS_CODE);

/** Orders that no longer count: a program in one of these was never the member's. */
const endedStatuses = ['cancelled', 'refunded'];

/**
 * The member's starter test whose results are in, bought without the program: the newest order in
 * results ready that holds the starter test and nothing more, that was not a gift's redemption (a
 * gift's recipient has an offer of its own). Locked when asked.
 */
async function starterWithResults(tx: Executor, userId: string, options: { lock?: boolean } = {}) {
  const query = tx
    .select({ order: orders, codes: sql<string[]>`array_agg(${orderItems.productCode})` })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.status, 'results_ready'),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(gifts)
            .where(eq(gifts.redeemedOrderId, orders.id)),
        ),
      ),
    )
    .groupBy(orders.id)
    .orderBy(desc(orders.createdAt));
  const rows = await query;
  const starter = rows.find((row) => isStarterOnly(row.codes));
  if (!starter || !options.lock) return starter?.order;
  const [locked] = await tx.select().from(orders).where(eq(orders.id, starter.order.id)).for('update');
  return locked?.status === 'results_ready' ? locked : undefined;
}

/** Whether the member has a program of their own already, paid or on its way to be (an order not ended). */
async function hasProgram(tx: Executor, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ one: sql`1` })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        notInArray(orders.status, endedStatuses),
        exists(
          tx
            .select({ one: sql`1` })
            .from(orderItems)
            .where(and(eq(orderItems.orderId, orders.id), inArray(orderItems.productCode, [...programProductCodes]))),
        ),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * The offer on a results page: the program after results, with what the values suggest, when the
 * order is the member's starter test bought alone, its results are in, and no program is theirs yet.
 */
export async function programOfferOn(
  tx: Executor,
  order: { id: string; userId: string | null },
  results: readonly { biomarker: string; flag: string }[],
) {
  if (!order.userId) return null;
  const starter = await starterWithResults(tx, order.userId);
  if (starter?.id !== order.id || (await hasProgram(tx, order.userId))) return null;
  const suggestions = programOfferSuggestions(results);
  return {
    productCode: PROGRAM.code,
    price: formatMoney(PROGRAM.priceCents),
    suggestions,
    summary: suggestions.length > 0 ? programAfterResultsMessages.outOfRangeIntro : programAfterResultsMessages.allInRange,
  };
}

/**
 * At checkout, under the member's own row lock, a cart with the program after results is refused
 * unless it may be bought: a starter test's results are in and no program is theirs. Two checkouts
 * at once take the lock one after the other, so the second sees the first one's order and is refused:
 * the program is paid for once.
 */
export async function assertProgramAfterResultsAllowed(tx: Executor, userId: string, productCodes: readonly string[]): Promise<void> {
  if (!productCodes.includes(PROGRAM.code)) return;
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
      .where(and(eq(orderItems.orderId, payload.orderId), eq(orderItems.productCode, PROGRAM.code)))
      .limit(1);
    if (!line) return;
    const starter = await starterWithResults(tx, payload.userId, { lock: true });
    if (!starter) return;
    await moveOrder(tx, starter, { type: 'program_added' }, 'program-after-results');
  },
});
