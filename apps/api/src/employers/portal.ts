import { and, count, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { employerMessages, monthEnds, monthsBetween, steppedCount } from '@shop/core';
import {
  employerAdmins,
  employerCensusMembers,
  employerCodes,
  employerCoveredOrders,
  employerEnrollments,
  employerGroups,
  orderEvents,
  orders,
  users,
  type Database,
  type Executor,
} from '@shop/db';
import { recordAudit } from '../audit/log.ts';
import { layout } from '../email/templates.ts';
import { enqueueEmail } from '../email/queue.ts';
import type { SecretSealer } from '../email/sealed-secrets.ts';
import { AppError, conflict, notFound } from '../errors.ts';
import { linkTokenHash, mintLink } from '../invitations/single-use-links.ts';
import { bankStatementsOf } from './bank-statements.ts';
import type { StaffActor } from './console.ts';

export const INVITATION_DAYS = 7;
/** Below this many people a figure could point at someone: it is shown as "fewer than 5". */
export const SMALL_COUNT = 5;

const LINK_PURPOSE = 'employer-admin';

/**
 * Invites an employer admin: a single-use link valid for INVITATION_DAYS, e-mailed through the
 * outbox (sealed at rest) and kept as a hash. A group has at most a few admins.
 */
export async function inviteEmployerAdmin(
  deps: { db: Database; publicUrl: string; emailSecrets: SecretSealer },
  actor: StaffActor,
  groupId: string,
  email: string,
  now = new Date(),
): Promise<{ email: string; expiresAt: string }> {
  const { token, tokenHash, expiresAt } = mintLink(now, INVITATION_DAYS, LINK_PURPOSE);
  await deps.db.transaction(async (tx) => {
    const [group] = await tx.select().from(employerGroups).where(eq(employerGroups.id, groupId)).for('update');
    if (!group) throw notFound('EMPLOYER_GROUP_NOT_FOUND', employerMessages.groupNotFound);
    const [admins] = await tx.select({ n: count() }).from(employerAdmins).where(eq(employerAdmins.groupId, groupId));
    if ((admins?.n ?? 0) >= 5) throw conflict('TOO_MANY_ADMINS', 'A group has at most 5 employer admins, invitations included.');
    await tx.insert(employerAdmins).values({ groupId, email: email.toLowerCase(), tokenHash, expiresAt, invitedBy: actor.user.id });
    const url = `${deps.publicUrl}/business/portal/accept?token=${encodeURIComponent(token)}`;
    const message = layout(
      'employer-admin-invitation',
      email,
      `You are invited to the ${group.name} employer portal`,
      [
        `Base invites you to the employer portal of ${group.name}: your employees' cover, census and codes, and figures that never name anyone.`,
        `The link works once, for ${INVITATION_DAYS} days. Sign in or create your account with this e-mail address, then open it.`,
      ],
      { label: 'Open the employer portal', url },
    );
    await enqueueEmail(tx, deps.emailSecrets.seal({ ...message, secrets: [url] }));
    await recordAudit(tx, {
      actor: { id: actor.user.id, role: actor.user.role ?? 'operator' },
      action: 'employer_group.admin_invite',
      subjectType: 'employer_group',
      subjectId: groupId,
      detail: { email: email.toLowerCase() },
      ip: actor.ip,
    });
  });
  return { email: email.toLowerCase(), expiresAt: expiresAt.toISOString() };
}

const invitationInvalid = () =>
  new AppError(404, 'INVITATION_INVALID', 'This invitation link is not valid, was used already or has expired. Ask Base for a new one.');

/**
 * Accepts an invitation, once: the signed-in account (whose e-mail it was sent to) becomes an
 * employer admin of the group. Staff accounts keep their role and cannot accept.
 */
export async function acceptInvitation(
  db: Database,
  user: { id: string; email: string; role?: string | null },
  token: string,
  now = new Date(),
) {
  return db.transaction(async (tx) => {
    const [invite] = await tx
      .select()
      .from(employerAdmins)
      .where(
        and(
          eq(employerAdmins.tokenHash, linkTokenHash(token, LINK_PURPOSE)),
          isNull(employerAdmins.acceptedAt),
          gt(employerAdmins.expiresAt, now),
        ),
      )
      .for('update');
    if (!invite) throw invitationInvalid();
    if (invite.email !== user.email.toLowerCase()) {
      throw new AppError(
        403,
        'INVITATION_OTHER_EMAIL',
        `This invitation was sent to another e-mail address. Sign in as ${invite.email} to accept it.`,
      );
    }
    if (user.role !== 'customer' && user.role !== 'employer_admin') {
      throw new AppError(403, 'INVITATION_STAFF', 'A staff account cannot be an employer admin. Use another account.');
    }
    const [elsewhere] = await tx
      .select({ id: employerAdmins.id })
      .from(employerAdmins)
      .where(and(eq(employerAdmins.userId, user.id), sql`${employerAdmins.groupId} <> ${invite.groupId}`));
    if (elsewhere) throw conflict('ADMIN_OF_ANOTHER_GROUP', 'This account is an employer admin of another group already.');
    await tx.update(employerAdmins).set({ userId: user.id, acceptedAt: now }).where(eq(employerAdmins.id, invite.id));
    await tx.update(users).set({ role: 'employer_admin', updatedAt: now }).where(eq(users.id, user.id));
    return { groupId: invite.groupId };
  });
}

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
    .where(and(eq(employerCoveredOrders.groupId, groupId), eq(employerCoveredOrders.planYearStart, planYearStart)));
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
      .where(and(eq(employerEnrollments.groupId, group.id), eq(employerEnrollments.planYearStart, group.planYearStart)))
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
