import { coachingMessages, formatEastern, slotEnd, slotRefusal } from '@shop/core';
import { coachingSlots, type Executor } from '@shop/db';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../audit/log.ts';
import { enqueueEmail } from '../email/queue.ts';
import { coachingCancelledEmail } from '../email/coaching-templates.ts';
import { badRequest, conflict, forbidden } from '../errors.ts';
import type { Actor } from '../orders/lifecycle.ts';
import { isRowId } from '../validation.ts';
import { activeBookingOfSlot, findSlotWithCoach, lockCoach, lockSlot, overlappingSlots, upcomingSlotsWithBookings } from './repository.ts';
import { cancelBooking, sessionEmail, slotMissing, type CoachingDeps } from './service.ts';

const CONSOLE_LIMIT = 500;

/** Publishes a slot of the person who sends it (a coach, or an operator who coaches), checked against their own slots. */
export async function publishSlot(deps: CoachingDeps, actor: Actor, input: { startsAt: Date; minutes: number }) {
  const now = deps.now?.() ?? new Date();
  const coachId = actor.user.id;
  return deps.db.transaction(async (tx) => {
    await lockCoach(tx, coachId);
    const endsAt = slotEnd(input.startsAt, input.minutes);
    const existing = await overlappingSlots(tx, coachId, input.startsAt, endsAt);
    const refusal = slotRefusal(input, existing, now);
    if (refusal) {
      const code =
        refusal === coachingMessages.slotOverlap
          ? 'SLOT_OVERLAPS'
          : refusal === coachingMessages.slotInPast
            ? 'SLOT_IN_PAST'
            : 'SLOT_LENGTH';
      throw refusal === coachingMessages.slotOverlap ? conflict(code, refusal) : badRequest(code, refusal);
    }
    const [slot] = await tx.insert(coachingSlots).values({ coachId, startsAt: input.startsAt, endsAt }).returning();
    await recordAudit(tx, {
      actor: { id: actor.user.id, role: actor.user.role ?? 'unknown' },
      action: 'coaching.slot_publish',
      subjectType: 'coaching_slot',
      subjectId: slot!.id,
      detail: { startsAt: slot!.startsAt.toISOString(), endsAt: slot!.endsAt.toISOString() },
      ip: actor.ip,
    });
    return consoleSlot({
      slot: slot!,
      coachName: actor.user.name,
      bookingId: null,
      bookedAt: null,
      meetingUrl: null,
      memberName: null,
      memberEmail: null,
    });
  });
}

function consoleSlot(row: Awaited<ReturnType<typeof upcomingSlotsWithBookings>>[number]) {
  return {
    id: row.slot.id,
    coachId: row.slot.coachId,
    coachName: row.coachName,
    startsAt: row.slot.startsAt.toISOString(),
    endsAt: row.slot.endsAt.toISOString(),
    when: formatEastern(row.slot.startsAt),
    minutes: Math.round((row.slot.endsAt.getTime() - row.slot.startsAt.getTime()) / 60000),
    status: row.slot.status,
    // who booked: a name and an address to reach them, never anything of their health
    booking:
      row.bookingId && row.memberEmail
        ? {
            id: row.bookingId,
            name: row.memberName ?? '',
            email: row.memberEmail,
            bookedAt: row.bookedAt!.toISOString(),
            // the coach joins the same room as the member
            meetingUrl: row.meetingUrl,
          }
        : null,
  };
}

/** The console's list: every slot not yet over, with who booked it. */
export async function consoleSlots(deps: CoachingDeps) {
  const now = deps.now?.() ?? new Date();
  const rows = await upcomingSlotsWithBookings(deps.db, now, CONSOLE_LIMIT);
  return rows.map(consoleSlot);
}

/**
 * Cancels a slot: its booking, if any, is cancelled with it and the member is e-mailed the
 * calendar's cancel; their session can be booked again. A coach cancels their own slots; an
 * operator any.
 */
export async function cancelSlot(deps: CoachingDeps, actor: Actor, slotId: string) {
  const now = deps.now?.() ?? new Date();
  await deps.db.transaction(async (tx: Executor) => {
    if (!isRowId(slotId)) throw slotMissing();
    const slot = await lockSlot(tx, slotId);
    if (!slot) throw slotMissing();
    if (actor.user.role !== 'operator' && slot.coachId !== actor.user.id) throw forbidden('You may cancel your own slots only.');
    if (slot.status === 'cancelled') throw conflict('SLOT_CANCELLED', 'This slot is already cancelled.');
    await tx.update(coachingSlots).set({ status: 'cancelled', cancelledAt: now }).where(eq(coachingSlots.id, slot.id));
    const booking = await activeBookingOfSlot(tx, slot.id);
    if (booking) {
      const cancelled = await cancelBooking(tx, booking, now);
      const withCoach = await findSlotWithCoach(tx, slot.id);
      const email = await sessionEmail(deps, tx, cancelled, slot, withCoach!.coachName, now);
      await enqueueEmail(tx, coachingCancelledEmail({ ...email, byCoach: true }));
    }
    await recordAudit(tx, {
      actor: { id: actor.user.id, role: actor.user.role ?? 'unknown' },
      action: 'coaching.slot_cancel',
      subjectType: 'coaching_slot',
      subjectId: slot.id,
      detail: { startsAt: slot.startsAt.toISOString(), bookingCancelled: booking?.id ?? null },
      ip: actor.ip,
    });
  });
  return consoleSlots(deps);
}
