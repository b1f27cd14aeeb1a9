import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { monthEnds, monthsBetween, steppedCount } from '@shop/core';
import {
  employerAdmins,
  employerCensusMembers,
  employerCodes,
  employerCoveredOrders,
  employerEnrollments,
  employerGroups,
  orderEvents,
  orders,
  type Executor,
} from '@shop/db';
import { AppError } from '../errors.ts';
import { bankStatementsOf } from './bank-statements.ts';
import { countedByEmployer } from './counted.ts';

/** Below this many people a figure could point at someone: it is shown as "fewer than 5". */
export const SMALL_COUNT = 5;

/** A count as the portal shows it: under SMALL_COUNT people, only that it is fewer. */
export const shownCount = (n: number) => (n < SMALL_COUNT ? `fewer than ${SMALL_COUNT}` : String(n));

const returnedStatuses = ['sample_received', 'results_ready', 'program_billing', 'program_active', 'retests', 'completed'] as const;
const resultsStatuses = ['results_ready', 'program_billing', 'program_active', 'retests', 'completed'] as const;
const programStatuses = ['program_active', 'retests', 'completed'] as const;
const leftStatuses = ['cancelled', 'refunded'] as const;
type Stage = 'returned' | 'results' | 'program' | 'left';
const stages: Record<Stage, readonly string[]> = {
  returned: returnedStatuses,
  results: resultsStatuses,
  program: programStatuses,
  left: leftStatuses,
};

/** A covered order's timeline: when it was placed and when it first reached each stage (null: not yet). */
type Timeline = { placedAt: Date } & Record<Stage, Date | null>;

/**
 * The plan year's covered orders with when each was placed and first reached each stage, from the
 * orders' timelines (`order_events`); an order moved without a timeline entry counts from its last
 * change.
 */
async function orderTimelines(db: Executor, groupId: string, planYearStart: string): Promise<Timeline[]> {
  const covered = await db
    .select({ id: orders.id, status: orders.status, updatedAt: orders.updatedAt, placedAt: employerCoveredOrders.createdAt })
    .from(employerCoveredOrders)
    .innerJoin(orders, eq(orders.id, employerCoveredOrders.orderId))
    .where(
      and(
        eq(employerCoveredOrders.groupId, groupId),
        eq(employerCoveredOrders.planYearStart, planYearStart),
        // an employee who withdrew their consent to share is not counted (decision 0081)
        countedByEmployer(orders.userId),
      ),
    );
  if (covered.length === 0) return [];
  const steps = await db
    .select({ orderId: orderEvents.orderId, toStatus: orderEvents.toStatus, at: orderEvents.createdAt })
    .from(orderEvents)
    .where(
      inArray(
        orderEvents.orderId,
        covered.map((order) => order.id),
      ),
    );
  return covered.map((order) => {
    const ownSteps = steps.filter((step) => step.orderId === order.id);
    const reached = (stage: Stage) => {
      const times = ownSteps.filter((step) => stages[stage].includes(step.toStatus)).map((step) => step.at.getTime());
      if (times.length > 0) return new Date(Math.min(...times));
      return stages[stage].includes(order.status) ? order.updatedAt : null;
    };
    return {
      placedAt: order.placedAt,
      returned: reached('returned'),
      results: reached('results'),
      program: reached('program'),
      left: reached('left'),
    };
  });
}

const before = (at: Date | null, end: Date) => at !== null && at < end;

/**
 * A figure as the employer reads it (decision 0057): counted at the end of each ended month of the
 * plan year, and moved only by five people or more (`steppedCount`), so nothing moves when one
 * person enrols, orders or sends their kit back.
 */
export function figure(ends: readonly Date[], countAt: (end: Date) => number) {
  return shownCount(steppedCount(ends.map(countAt)));
}

/**
 * The ends of the months from `firstMonth` (YYYY-MM) to `lastMonth` (or without end) that have
 * ended at `now`: the instants a portal figure is counted at.
 */
export function endedMonthEnds(firstMonth: string, lastMonth: string | null, now: Date) {
  const lastEnded = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
  const last = lastMonth !== null && lastMonth < lastEnded ? lastMonth : lastEnded;
  return last < firstMonth ? [] : monthEnds(monthsBetween(firstMonth, last));
}

/** The group whose employer admin the account is, from its session alone: everything of the portal is that group's. */
export async function adminGroupOf(db: Executor, userId: string) {
  const [row] = await db
    .select({ group: employerGroups })
    .from(employerAdmins)
    .innerJoin(employerGroups, eq(employerGroups.id, employerAdmins.groupId))
    .where(and(eq(employerAdmins.userId, userId), sql`${employerAdmins.acceptedAt} is not null`));
  if (!row) throw new AppError(403, 'NOT_AN_EMPLOYER_ADMIN', 'This account is not an employer admin of any group.');
  return row.group;
}

/**
 * The employer admin's portal: their own group, found from their session (no group id is ever
 * taken from the request), with its plan year, cap and figures counted over the plan year's ended
 * months, moved only by five people or more and shown as "fewer than 5" when small, and a prepaid
 * group's bank as monthly statements. No name, e-mail or order is ever part of it, nor anything
 * that moves when one person enrols or orders.
 */
export async function portalOf(db: Executor, userId: string, now = new Date()) {
  const group = await adminGroupOf(db, userId);
  const ends = endedMonthEnds(group.planYearStart.slice(0, 7), group.planYearEnd.slice(0, 7), now);
  const enrolledAt = (
    await db
      .select({ at: employerEnrollments.createdAt })
      .from(employerEnrollments)
      .where(
        and(
          eq(employerEnrollments.groupId, group.id),
          eq(employerEnrollments.planYearStart, group.planYearStart),
          countedByEmployer(employerEnrollments.userId),
        ),
      )
  ).map((row) => row.at);
  const enrolled = figure(ends, (end) => enrolledAt.filter((at) => at < end).length);
  // who may enrol is the employer's own list (its census, its codes); by domain, it is who enrolled
  const eligible =
    group.eligibility === 'census'
      ? shownCount(
          (
            await db
              .select({ n: count() })
              .from(employerCensusMembers)
              .where(and(eq(employerCensusMembers.groupId, group.id), isNull(employerCensusMembers.removedInVersion)))
          )[0]?.n ?? 0,
        )
      : group.eligibility === 'code'
        ? shownCount((await db.select({ n: count() }).from(employerCodes).where(eq(employerCodes.groupId, group.id)))[0]?.n ?? 0)
        : enrolled;
  const timelines = await orderTimelines(db, group.id, group.planYearStart);
  const reachedBy = (stage: Exclude<Stage, 'left'>) => (end: Date) => timelines.filter((order) => before(order[stage], end)).length;
  return {
    group: {
      name: group.name,
      slug: group.slug,
      eligibility: group.eligibility,
      planYearStart: group.planYearStart,
      planYearEnd: group.planYearEnd,
      capEmployees: group.capEmployees,
      capSpendCents: group.capSpendCents,
      billingMode: group.billingMode,
    },
    // the prepaid bank by ended month, never its live balance (decision 0057)
    bankStatements: group.billingMode === 'prepaid' ? await bankStatementsOf(db, group.id, now) : [],
    // the last month the figures were counted at, null before the plan year's first month has ended
    figuresAsOf: ends.length > 0 ? ends[ends.length - 1]!.toISOString() : null,
    figures: {
      eligible,
      enrolled,
      ordered: figure(ends, (end) => timelines.filter((order) => order.placedAt < end && !before(order.left, end)).length),
      kitsReturned: figure(ends, reachedBy('returned')),
      resultsReady: figure(ends, reachedBy('results')),
      programStarted: figure(ends, reachedBy('program')),
    },
  };
}
