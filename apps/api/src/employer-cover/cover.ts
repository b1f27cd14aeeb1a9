import { and, count, eq, isNull, sql, sum, type Placeholder, type SQL } from 'drizzle-orm';
import { coveredProgramProduct, starterTestOfGoal, type B2bGoalName } from '@shop/core';
import {
  employerCartCovers,
  employerCensusMembers,
  employerCoveredOrders,
  employerEnrollments,
  employerGroups,
  orders,
  type Executor,
} from '@shop/db';
import { drawFromBank } from './bank.ts';
import { decideCover, type CoverFacts, type CoverRefusalCode } from './decision.ts';
import { conflict } from '../errors.ts';
import { onEvent, type EventRecorder } from '../events/bus.ts';

/** A priced line of the cart, as the pricing gives it: what the cover is measured against. */
interface PricedLine {
  productCode: string;
  testId: number | null;
  lineTotalCents: number;
}

/** The part of an order an employer pays: taken off what is due now, before store credit. */
export interface CartCover {
  employer: string;
  coveredCents: number;
  /** the Improvement Program the employer pays as well (decision 0051): taken off what is billed on results */
  programCents: number;
}

/** What a covered order records, once the order exists. */
export interface CoverClaim extends CartCover {
  enrollmentId: string;
  groupId: string;
  planYearStart: string;
  /** the group pays from its testing bank: the order draws on it instead of being invoiced */
  prepaid: boolean;
}

const today = (now: Date) => now.toISOString().slice(0, 10);

/** The goal's starter test, as priced in the cart: what every employer covers. */
function starterCents(goal: string, lines: readonly PricedLine[]): number {
  const { testId } = starterTestOfGoal(goal as B2bGoalName);
  return lines
    .filter((line) => line.productCode === 'base-quiz' && line.testId === testId)
    .reduce((total, line) => total + line.lineTotalCents, 0);
}

/** The Improvement Program billed on results, as priced in the cart: what a group with `includesProgram` covers too. */
function programCents(lines: readonly PricedLine[]): number {
  return lines.filter((line) => line.productCode === coveredProgramProduct).reduce((total, line) => total + line.lineTotalCents, 0);
}

interface CoverInput {
  cartId: string;
  userId: string;
  lines: readonly PricedLine[];
  dueCents: number;
  /** what the cart bills on results (the program), after discounts */
  deferredCents: number;
  now?: Date;
}

/**
 * What a covered cart's cover depends on. With `lock`, the group's row and then the enrollment's
 * are locked (in that order, as every claim takes them), so what is read is what the claim changes:
 * of racing checkouts by one employee one is covered, the cap holds, and the bank is never
 * overspent. Without it, the same reads make the cart's preview.
 */
async function readCover(db: Executor, input: CoverInput, lock: boolean) {
  const [cover] = await db.select().from(employerCartCovers).where(eq(employerCartCovers.cartId, input.cartId));
  if (!cover) return null;
  const [link] = await db
    .select({ groupId: employerEnrollments.groupId })
    .from(employerEnrollments)
    .where(eq(employerEnrollments.id, cover.enrollmentId));
  if (!link) return null;
  const groupQuery = db.select().from(employerGroups).where(eq(employerGroups.id, link.groupId));
  const [group] = lock ? await groupQuery.for('update') : await groupQuery;
  const enrollmentQuery = db.select().from(employerEnrollments).where(eq(employerEnrollments.id, cover.enrollmentId));
  const [enrollment] = lock ? await enrollmentQuery.for('update') : await enrollmentQuery;
  if (!group || !enrollment || enrollment.userId !== input.userId) return null;
  const [used] = await db
    .select({ cartId: orders.cartId, coveredCents: employerCoveredOrders.coveredCents })
    .from(employerCoveredOrders)
    .innerJoin(orders, eq(orders.id, employerCoveredOrders.orderId))
    .where(and(eq(employerCoveredOrders.enrollmentId, enrollment.id), isNull(employerCoveredOrders.releasedAt)));
  const [member] = enrollment.censusMemberId
    ? await db
        .select({ id: employerCensusMembers.id })
        .from(employerCensusMembers)
        .where(and(eq(employerCensusMembers.id, enrollment.censusMemberId), isNull(employerCensusMembers.removedInVersion)))
    : [{ id: null }];
  const [spent] =
    group.capEmployees !== null || group.capSpendCents !== null
      ? await db
          .select({ orders: count(), cents: sum(employerCoveredOrders.coveredCents).mapWith(Number) })
          .from(employerCoveredOrders)
          .where(
            and(
              eq(employerCoveredOrders.groupId, group.id),
              eq(employerCoveredOrders.planYearStart, group.planYearStart),
              isNull(employerCoveredOrders.releasedAt),
            ),
          )
      : [];
  const facts: CoverFacts = {
    group,
    used: used !== undefined,
    claimedByThisCart: used?.cartId === input.cartId ? used.coveredCents : null,
    stillEligible: member !== undefined,
    spent: { orders: spent?.orders ?? 0, cents: spent?.cents ?? 0 },
    starterCents: Math.min(starterCents(cover.goal, input.lines), input.dueCents),
    programCents: group.includesProgram ? Math.min(programCents(input.lines), input.deferredCents) : 0,
    today: today(input.now ?? new Date()),
  };
  return { cover, group, enrollment, decision: decideCover(facts) };
}

/** The cart's preview of its cover: what the employer pays, or why placing the order would be refused. */
export interface CoverPreview {
  /** with the starter test it covers, so the summary can say which line the employer pays */
  cover: (CartCover & { starterTestId: number }) | null;
  refusal: { code: CoverRefusalCode; message: string } | null;
}

/**
 * What the employer would pay of this cart for its signed-in employee, as the cart shows it: the
 * claim's reads and decision, without locks. A refusal is the one placing the order would give
 * (a prepaid bank short of the cover, a used cover, a cap reached), so the page can say it first.
 */
export async function previewCartCover(db: Executor, input: CoverInput): Promise<CoverPreview> {
  const read = await readCover(db, input, false);
  const decision = read?.decision ?? { outcome: 'none' };
  if (decision.outcome === 'refused') return { cover: null, refusal: { code: decision.code, message: decision.message } };
  if (decision.outcome === 'none' || !read) return { cover: null, refusal: null };
  return {
    cover: {
      employer: read.group.name,
      coveredCents: decision.coveredCents,
      programCents: decision.programCents,
      starterTestId: starterTestOfGoal(read.cover.goal as B2bGoalName).testId,
    },
    refusal: null,
  };
}

/**
 * What the employer pays of each line of a covered cart, in the lines' order: the test's cover on
 * the goal's starter test, the program's on the Improvement Program; 0 on every other line.
 */
export function coverOfLines(
  lines: readonly PricedLine[],
  cover: { coveredCents: number; programCents: number; starterTestId: number },
): number[] {
  let test = cover.coveredCents;
  let program = cover.programCents;
  return lines.map((line) => {
    if (line.productCode === coveredProgramProduct) {
      const part = Math.min(program, line.lineTotalCents);
      program -= part;
      return part;
    }
    if (line.productCode === 'base-quiz' && line.testId === cover.starterTestId) {
      const part = Math.min(test, line.lineTotalCents);
      test -= part;
      return part;
    }
    return 0;
  });
}

/**
 * Whether a cart was given an employer's cover, as a column of another query: placing an order
 * reads it with the cart's lines and asks `claimCartCover` only when there is one.
 */
export function cartHasCover(cartId: string | Placeholder): SQL<boolean> {
  return sql`exists (select 1 from ${employerCartCovers} where ${eq(employerCartCovers.cartId, cartId)})`.mapWith(Boolean);
}

/**
 * Claims the cover of a covered cart while its order is being created, in the order's transaction,
 * under the group's and the enrollment's locks (see `readCover`). An employee who has left the
 * census since enrolling has no cover for new orders.
 */
export async function claimCartCover(tx: Executor, input: CoverInput): Promise<CoverClaim | null> {
  const read = await readCover(tx, input, true);
  if (!read) return null;
  const { decision, group, enrollment } = read;
  if (decision.outcome === 'refused') throw conflict(decision.code, decision.message);
  if (decision.outcome === 'none') return null;
  return {
    employer: group.name,
    coveredCents: decision.coveredCents,
    programCents: decision.programCents,
    enrollmentId: enrollment.id,
    groupId: group.id,
    planYearStart: group.planYearStart,
    prepaid: decision.prepaid,
  };
}

/**
 * Ties a covered order to its enrollment: one live covered order per enrollment, which the database
 * holds as well (a released one, cancelled unpaid, no longer counts: `releaseCoverOfUnpaidOrder`). The
 * employer's part is one amount, the test's cover and the program's together (decision 0051): one
 * invoice line, or one draw. A prepaid group's order draws it from the bank here, in the order's
 * transaction, while the group's row is still locked by the claim.
 */
export async function recordCoveredOrder(
  tx: Executor,
  orderId: string,
  claim: CoverClaim,
  actorId: string,
  events?: EventRecorder,
): Promise<void> {
  const employerCents = claim.coveredCents + claim.programCents;
  await tx.insert(employerCoveredOrders).values({
    orderId,
    enrollmentId: claim.enrollmentId,
    groupId: claim.groupId,
    planYearStart: claim.planYearStart,
    coveredCents: employerCents,
    prepaid: claim.prepaid,
  });
  if (claim.prepaid && employerCents > 0) {
    await drawFromBank(tx, { groupId: claim.groupId, orderId, amountCents: employerCents, actorId }, events);
  }
}

/** What the employer pays of an order, the program included, for its receipt and summary. */
export async function coverOfOrder(db: Executor, orderId: string): Promise<Omit<CartCover, 'programCents'> | null> {
  const [row] = await db
    .select({ employer: employerGroups.name, coveredCents: employerCoveredOrders.coveredCents })
    .from(employerCoveredOrders)
    .innerJoin(employerGroups, eq(employerGroups.id, employerCoveredOrders.groupId))
    .where(eq(employerCoveredOrders.orderId, orderId));
  return row ?? null;
}

/**
 * order.cancelled: a covered order cancelled before it was ever paid (a prepaid order whose card
 * remainder was left unpaid and lapsed, or one an operator cancelled unpaid) no longer uses the
 * employee's covered test for the plan year: its row is kept, released, and the employee may order
 * their covered test again (decision 0052). An order that was paid, then cancelled or refunded,
 * keeps its cover used. In the cancellation's transaction, which holds the order's row: a payment
 * that races it either came first (the order is paid: nothing is released) or finds it cancelled.
 */
export const releaseCoverOfUnpaidOrder = onEvent({
  name: 'employer-cover.release-unpaid',
  on: 'order.cancelled',
  mode: 'in-transaction',
  handle: async (tx, { payload, occurredAt }) => {
    await tx
      .update(employerCoveredOrders)
      .set({ releasedAt: occurredAt })
      .where(
        and(
          eq(employerCoveredOrders.orderId, payload.orderId),
          isNull(employerCoveredOrders.releasedAt),
          sql`exists (select 1 from ${orders} where ${orders.id} = ${payload.orderId} and ${orders.paidAt} is null and ${orders.status} = 'cancelled')`,
        ),
      );
  },
});
