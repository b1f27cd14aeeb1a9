import { and, count, eq, isNull, sql, sum, type SQL } from 'drizzle-orm';
import { coveredCents, employerMessages, inPlanYear, starterTestOfGoal, type B2bGoalName } from '@shop/core';
import {
  employerCartCovers,
  employerCensusMembers,
  employerCoveredOrders,
  employerEnrollments,
  employerGroups,
  type Executor,
} from '@shop/db';
import { drawFromBank } from './bank.ts';
import { conflict } from '../errors.ts';

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

/** The goal's starter test, as priced in the cart: the employer covers it and nothing else. */
function starterCents(goal: string, lines: readonly PricedLine[]): number {
  const { testId } = starterTestOfGoal(goal as B2bGoalName);
  return lines
    .filter((line) => line.productCode === 'base-quiz' && line.testId === testId)
    .reduce((total, line) => total + line.lineTotalCents, 0);
}

/**
 * What the employer would pay of this cart for its signed-in employee, as the cart shows it: the
 * same rules as the claim, without locks. Nothing when the cart is not a covered one, its cover is
 * used already, or the plan year is not running.
 */
export async function previewCartCover(
  db: Executor,
  input: { cartId: string; userId: string; lines: readonly PricedLine[]; dueCents: number; now?: Date },
): Promise<CartCover | null> {
  const [row] = await db
    .select({ cover: employerCartCovers, enrollment: employerEnrollments, group: employerGroups, used: employerCoveredOrders.orderId })
    .from(employerCartCovers)
    .innerJoin(employerEnrollments, eq(employerEnrollments.id, employerCartCovers.enrollmentId))
    .innerJoin(employerGroups, eq(employerGroups.id, employerEnrollments.groupId))
    .leftJoin(employerCoveredOrders, eq(employerCoveredOrders.enrollmentId, employerEnrollments.id))
    .where(eq(employerCartCovers.cartId, input.cartId));
  if (!row || row.used || row.enrollment.userId !== input.userId) return null;
  if (!inPlanYear(row.group, today(input.now ?? new Date()))) return null;
  const cents = coveredCents(row.group.coverCents, Math.min(starterCents(row.cover.goal, input.lines), input.dueCents));
  return cents > 0 ? { employer: row.group.name, coveredCents: cents } : null;
}

/**
 * Whether a cart was given an employer's cover, as a column of another query: placing an order
 * reads it with the cart's lines and asks `claimCartCover` only when there is one.
 */
export function cartHasCover(cartId: string): SQL<boolean> {
  return sql`exists (select 1 from ${employerCartCovers} where ${eq(employerCartCovers.cartId, cartId)})`.mapWith(Boolean);
}

/**
 * Claims the cover of a covered cart while its order is being created, in the order's transaction:
 * the group's row and then the enrollment's are locked, so of racing checkouts by one employee (two
 * tabs, two devices) one order is covered and the others are refused, and the group's cap holds.
 * An employee who has left the census since enrolling has no cover for new orders.
 */
export async function claimCartCover(
  tx: Executor,
  input: { cartId: string; userId: string; lines: readonly PricedLine[]; dueCents: number; now?: Date },
): Promise<CoverClaim | null> {
  const [cover] = await tx.select().from(employerCartCovers).where(eq(employerCartCovers.cartId, input.cartId));
  if (!cover) return null;
  const [link] = await tx
    .select({ groupId: employerEnrollments.groupId })
    .from(employerEnrollments)
    .where(eq(employerEnrollments.id, cover.enrollmentId));
  if (!link) return null;
  const [group] = await tx.select().from(employerGroups).where(eq(employerGroups.id, link.groupId)).for('update');
  const [enrollment] = await tx.select().from(employerEnrollments).where(eq(employerEnrollments.id, cover.enrollmentId)).for('update');
  if (!group || !enrollment || enrollment.userId !== input.userId) return null;
  const [used] = await tx
    .select({ orderId: employerCoveredOrders.orderId })
    .from(employerCoveredOrders)
    .where(eq(employerCoveredOrders.enrollmentId, enrollment.id));
  if (used) throw conflict('ALREADY_COVERED', employerMessages.alreadyCovered);
  if (!inPlanYear(group, today(input.now ?? new Date()))) throw conflict('OUTSIDE_PLAN_YEAR', employerMessages.outsidePlanYear);
  if (enrollment.censusMemberId) {
    const [member] = await tx
      .select({ id: employerCensusMembers.id })
      .from(employerCensusMembers)
      .where(and(eq(employerCensusMembers.id, enrollment.censusMemberId), isNull(employerCensusMembers.removedInVersion)));
    if (!member) throw conflict('NOT_ELIGIBLE', employerMessages.censusNoMatch);
  }
  const cents = coveredCents(group.coverCents, Math.min(starterCents(cover.goal, input.lines), input.dueCents));
  if (group.capEmployees !== null || group.capSpendCents !== null) {
    const [spent] = await tx
      .select({ orders: count(), cents: sum(employerCoveredOrders.coveredCents).mapWith(Number) })
      .from(employerCoveredOrders)
      .where(and(eq(employerCoveredOrders.groupId, group.id), eq(employerCoveredOrders.planYearStart, group.planYearStart)));
    const orders = spent?.orders ?? 0;
    const cents0 = spent?.cents ?? 0;
    if (group.capEmployees !== null && orders >= group.capEmployees) throw conflict('COVER_CAP_REACHED', employerMessages.capReached);
    if (group.capSpendCents !== null && cents0 + cents > group.capSpendCents)
      throw conflict('COVER_CAP_REACHED', employerMessages.capReached);
  }
  // the group's row is locked: a balance read here is the one the draw will change, so racing
  // employees cannot together spend more than the bank holds
  const prepaid = group.billingMode === 'prepaid';
  if (prepaid && group.bankBalanceCents < cents) throw conflict('BANK_EMPTY', employerMessages.bankEmpty);
  return {
    employer: group.name,
    coveredCents: cents,
    enrollmentId: enrollment.id,
    groupId: group.id,
    planYearStart: group.planYearStart,
    prepaid,
  };
}

/**
 * Ties a covered order to its enrollment: one per enrollment, which the database holds as well. A
 * prepaid group's order draws its cover from the bank here, in the order's transaction, while the
 * group's row is still locked by the claim.
 */
export async function recordCoveredOrder(tx: Executor, orderId: string, claim: CoverClaim, actorId: string): Promise<void> {
  await tx.insert(employerCoveredOrders).values({
    orderId,
    enrollmentId: claim.enrollmentId,
    groupId: claim.groupId,
    planYearStart: claim.planYearStart,
    coveredCents: claim.coveredCents,
    prepaid: claim.prepaid,
  });
  if (claim.prepaid && claim.coveredCents > 0) {
    await drawFromBank(tx, { groupId: claim.groupId, orderId, amountCents: claim.coveredCents, actorId });
  }
}

/** The cover an order was placed with, for its receipt and summary. */
export async function coverOfOrder(db: Executor, orderId: string): Promise<CartCover | null> {
  const [row] = await db
    .select({ employer: employerGroups.name, coveredCents: employerCoveredOrders.coveredCents })
    .from(employerCoveredOrders)
    .innerJoin(employerGroups, eq(employerGroups.id, employerCoveredOrders.groupId))
    .where(eq(employerCoveredOrders.orderId, orderId));
  return row ?? null;
}
