import {
  formatMoney,
  getProduct,
  isStarterOnly,
  programAfterResultsMessages,
  programOfferSuggestions,
  programProductCodes,
  PROGRAM_AFTER_RESULTS_CODE,
} from '@shop/core';
import { gifts, orderItems, orders, type Executor } from '@shop/db';
import { and, desc, eq, exists, inArray, notExists, notInArray, sql } from 'drizzle-orm';

// What a starter test's results page offers: the Improvement Program after results. Here, beside
// the results it reads, so that programs/ (which buys it and starts it) depends on results/ and
// not the other way round.

export const PROGRAM_AFTER_RESULTS = getProduct(PROGRAM_AFTER_RESULTS_CODE);

/** Orders that no longer count: a program in one of these was never the member's. */
const endedStatuses = ['cancelled', 'refunded'];

/**
 * The member's starter test whose results are in, bought without the program: the newest order in
 * results ready that holds the starter test and nothing more, that was not a gift's redemption (a
 * gift's recipient has an offer of its own). Locked when asked.
 */
export async function starterWithResults(tx: Executor, userId: string, options: { lock?: boolean } = {}) {
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
export async function hasProgram(tx: Executor, userId: string): Promise<boolean> {
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
    productCode: PROGRAM_AFTER_RESULTS.code,
    price: formatMoney(PROGRAM_AFTER_RESULTS.priceCents),
    suggestions,
    summary: suggestions.length > 0 ? programAfterResultsMessages.outOfRangeIntro : programAfterResultsMessages.allInRange,
  };
}
