import { and, eq } from 'drizzle-orm';
import { bankLevel, bankNoticeMessages, bankNoticeRule, coveredOrderCents, crossedLowLine, type BankLevel } from '@shop/core';
import { domainEvents, employerCartCovers, employerEnrollments, employerGroups, type Database, type Executor } from '@shop/db';
import { layout } from '../email/templates.ts';
import { emailGroupAdmins } from './group-admins.ts';
import { onEvent, type EventRecorder } from '../events/bus.ts';

type NoticeGroup = { coverCents: number | null; includesProgram: boolean; billingMode: string; bankBalanceCents: number };

/** Where a group's bank stands against core's rule; null for a group billed by invoice, which has no bank. */
export function bankLevelOf(group: NoticeGroup): BankLevel | null {
  return group.billingMode === 'prepaid' ? bankLevel(group.bankBalanceCents, coveredOrderCents(group)) : null;
}

/**
 * A covered order's draw, in its transaction (the group's row locked): when it took the bank from
 * above the low line to below it, `employer_bank.low` is recorded, once for this crossing (the
 * draw's ledger entry is the crossing's key). A later top-up above the line and another draw below
 * it is a new crossing.
 */
export async function noteLowCrossing(
  tx: Executor,
  events: EventRecorder,
  crossing: { groupId: string; beforeCents: number; afterCents: number; entryId: string },
) {
  const [group] = await tx
    .select({ coverCents: employerGroups.coverCents, includesProgram: employerGroups.includesProgram })
    .from(employerGroups)
    .where(eq(employerGroups.id, crossing.groupId));
  if (!group || !crossedLowLine(crossing.beforeCents, crossing.afterCents, coveredOrderCents(group))) return;
  await events.record(tx, 'employer_bank.low', { groupId: crossing.groupId, crossingId: crossing.entryId });
}

const utcDay = (now: Date) => now.toISOString().slice(0, 10);

/**
 * An empty bank refused the employee of this cart (its preview or its checkout): the group's
 * admins are told, at most once per group and UTC day. The refused checkout's own transaction is
 * rolled back, so the event is recorded in a transaction of its own; a day's event found already
 * records nothing, and two refusals racing on the same day are made one e-mail by the outbox's key.
 */
export async function noteEmptyBankRefusal(db: Database, events: EventRecorder, cartId: string, now = new Date()) {
  const [cover] = await db
    .select({ groupId: employerEnrollments.groupId })
    .from(employerCartCovers)
    .innerJoin(employerEnrollments, eq(employerEnrollments.id, employerCartCovers.enrollmentId))
    .where(eq(employerCartCovers.cartId, cartId));
  if (!cover) return;
  const day = utcDay(now);
  const subjectId = `${cover.groupId}:${day}`;
  const [told] = await db
    .select({ id: domainEvents.id })
    .from(domainEvents)
    .where(and(eq(domainEvents.subjectId, subjectId), eq(domainEvents.type, 'employer_bank.empty_refused')))
    .limit(1);
  if (told) return;
  await db.transaction((tx) => events.record(tx, 'employer_bank.empty_refused', { groupId: cover.groupId, day }));
}

const portalAction = (publicUrl: string) => ({ label: 'Open the employer portal', url: `${publicUrl}/business/portal` });

/** employer_bank.low: each admin of the group hears once per crossing (the outbox's key), in aggregate words only. */
export const tellEmployerAdminsOfLowBank = (publicUrl: string) =>
  onEvent({
    name: 'employers.tell-admins-of-low-bank',
    on: 'employer_bank.low',
    mode: 'queued',
    handle: (tx, { payload }) =>
      emailGroupAdmins(tx, payload.groupId, (groupName, email) => ({
        message: layout(
          'employer-bank-low',
          email,
          bankNoticeMessages.lowSubject(groupName),
          [bankNoticeMessages.low(groupName), bankNoticeMessages.whatHappens, bankNoticeMessages.topUp],
          portalAction(publicUrl),
        ),
        key: `employer-bank-low:${payload.crossingId}:${email}`,
      })),
  });

/** employer_bank.empty_refused: each admin hears at most once per group and day (the outbox's key holds it under races too). */
export const tellEmployerAdminsOfEmptyBank = (publicUrl: string) =>
  onEvent({
    name: 'employers.tell-admins-of-empty-bank',
    on: 'employer_bank.empty_refused',
    mode: 'queued',
    handle: (tx, { payload }) =>
      emailGroupAdmins(tx, payload.groupId, (groupName, email) => ({
        message: layout(
          'employer-bank-empty',
          email,
          bankNoticeMessages.emptySubject(groupName),
          [bankNoticeMessages.empty(groupName), bankNoticeMessages.whatHappens, bankNoticeMessages.topUp, bankNoticeMessages.onceADay],
          portalAction(publicUrl),
        ),
        key: `employer-bank-empty:${payload.groupId}:${payload.day}:${email}`,
      })),
  });

/** The portal's banner: the bank's level (never its balance, decision 0057), and the rule it is measured by. */
export function bankNoticeView(group: NoticeGroup) {
  const level = bankLevelOf(group);
  return {
    level,
    message: level === 'low' ? bankNoticeMessages.lowBanner : level === 'empty' ? bankNoticeMessages.emptyBanner : null,
    lowBelowCoveredOrders: bankNoticeRule.lowBelowCoveredOrders,
  };
}
