import {
  bookingRefusal,
  changeRefusal,
  coachingMessages,
  coachingSessionsOf,
  CHANGE_NOTICE_HOURS,
  easternDate,
  easternDay,
  easternTime,
  formatEastern,
} from '@shop/core';
import { coachingBookings, coachingSlots, type CoachingBookingRow, type CoachingSlotRow, type Database, type Executor } from '@shop/db';
import { eq } from 'drizzle-orm';
import { badRequest, conflict, notFound } from '../errors.ts';
import { isRowId } from '../validation.ts';
import { embeddedVideo, type VideoPort } from './video.ts';
import { enqueueEmail } from '../email/queue.ts';
import { coachingBookedEmail, coachingCancelledEmail, coachingMovedEmail, type SessionEmailInput } from '../email/coaching-templates.ts';
import {
  activeBookingOfSlot,
  bookedPerLine,
  coachingLines,
  findSlotWithCoach,
  lockOwnBooking,
  lockSlot,
  memberOf,
  memberSessions,
  openSlots,
} from './repository.ts';

export interface CoachingDeps {
  db: Database;
  publicUrl: string;
  /** the shop's sender (`Base <hello@shop.local>`): the invitations' organizer */
  emailFrom: string;
  /** where sessions meet (VIDEO_ROOMS); the shop's own room page when left out */
  video?: VideoPort;
  now?: () => Date;
}

/** The most open slots a member is shown at once, soonest first. */
const OPEN_SLOTS_LIMIT = 200;
const HOUR_MS = 3600_000;

export const slotMissing = () => notFound('SLOT_NOT_FOUND', coachingMessages.slotGone);
const bookingMissing = () => notFound('SESSION_NOT_FOUND', 'We could not find this session.');

/** A session as its member sees it. */
function sessionView(row: { booking: CoachingBookingRow; slot: CoachingSlotRow; coachName: string }, now: Date) {
  const refusal = changeRefusal(row.slot.startsAt, now);
  return {
    id: row.booking.id,
    slotId: row.slot.id,
    startsAt: row.slot.startsAt.toISOString(),
    endsAt: row.slot.endsAt.toISOString(),
    when: formatEastern(row.slot.startsAt),
    minutes: Math.round((row.slot.endsAt.getTime() - row.slot.startsAt.getTime()) / 60000),
    coachName: row.coachName,
    /** the video room's link; null for a session booked before rooms existed */
    meetingUrl: row.booking.meetingUrl,
    past: row.slot.endsAt.getTime() <= now.getTime(),
    canChange: refusal === null,
    changeRefusal: refusal,
  };
}

function slotView(row: { slot: CoachingSlotRow; coachName: string }) {
  return {
    id: row.slot.id,
    startsAt: row.slot.startsAt.toISOString(),
    endsAt: row.slot.endsAt.toISOString(),
    day: easternDate(row.slot.startsAt),
    dayLabel: easternDay(row.slot.startsAt),
    time: easternTime(row.slot.startsAt),
    when: formatEastern(row.slot.startsAt),
    minutes: Math.round((row.slot.endsAt.getTime() - row.slot.startsAt.getTime()) / 60000),
    coachName: row.coachName,
  };
}

/** The sessions a member paid for and how many are booked: credits come from paid order lines, bookings spend them. */
async function credits(tx: Executor, userId: string, options: { lock?: boolean } = {}) {
  const lines = await coachingLines(tx, userId, options);
  const booked = await bookedPerLine(tx, userId);
  const withRoom = lines.map((line) => ({
    ...line,
    sessions: coachingSessionsOf(line, line.orderStatus),
    booked: booked.get(line.orderItemId) ?? 0,
  }));
  const paid = withRoom.reduce((sum, line) => sum + line.sessions, 0);
  const used = [...booked.values()].reduce((sum, n) => sum + n, 0);
  return { paid, booked: used, remaining: Math.max(0, paid - used), lines: withRoom };
}

/** What /account/coaching shows: the credits, the booked sessions and the slots open to book. */
export async function memberCoaching(deps: CoachingDeps, userId: string) {
  const now = deps.now?.() ?? new Date();
  const [counted, sessions, open] = await Promise.all([
    credits(deps.db, userId),
    memberSessions(deps.db, userId),
    // a slot is open to book until 24 hours before it starts
    openSlots(deps.db, new Date(now.getTime() + CHANGE_NOTICE_HOURS * HOUR_MS), OPEN_SLOTS_LIMIT),
  ]);
  return {
    credits: { paid: counted.paid, booked: counted.booked, remaining: counted.remaining },
    changeNoticeHours: CHANGE_NOTICE_HOURS,
    sessions: sessions.map((row) => sessionView(row, now)),
    openSlots: open.map(slotView),
  };
}

function organizer(emailFrom: string) {
  const match = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(emailFrom);
  return match ? { name: match[1] || 'Base', email: match[2]! } : { name: 'Base', email: emailFrom.trim() };
}

/** What every e-mail of a session needs: who, when, and the invitation's identity (UID and version). */
export async function sessionEmail(
  deps: CoachingDeps,
  tx: Executor,
  booking: CoachingBookingRow,
  slot: CoachingSlotRow,
  coachName: string,
  now: Date,
): Promise<SessionEmailInput> {
  const member = await memberOf(tx, booking.userId);
  const from = organizer(deps.emailFrom);
  return {
    to: member!.email,
    startsAt: slot.startsAt,
    endsAt: slot.endsAt,
    coachName,
    accountUrl: `${deps.publicUrl}/account/coaching`,
    meetingUrl: booking.meetingUrl,
    invitation: {
      uid: `coaching-${booking.id}@${from.email.split('@')[1] ?? 'shop.local'}`,
      sequence: booking.sequence,
      stamp: now,
      organizer: from,
      attendee: { name: member!.name, email: member!.email },
    },
  };
}

/** A slot the member may take now, locked: refused with the reason a person reads. */
async function takeableSlot(tx: Executor, slotId: string, now: Date) {
  if (!isRowId(slotId)) throw slotMissing();
  const slot = await lockSlot(tx, slotId);
  if (!slot || slot.status !== 'published') throw slotMissing();
  const refusal = bookingRefusal(slot, now);
  if (refusal) throw badRequest(slot.startsAt.getTime() <= now.getTime() ? 'SLOT_IN_PAST' : 'TOO_LATE', refusal);
  if (await activeBookingOfSlot(tx, slot.id)) throw slotTaken();
  const withCoach = await findSlotWithCoach(tx, slot.id);
  return { slot, coachName: withCoach!.coachName };
}

const slotTaken = () => conflict('SLOT_TAKEN', coachingMessages.slotTaken);

/**
 * The database's own refusal of a second booking of a slot, when the row lock was not enough
 * (a booking committed between the check and the insert cannot happen under the lock, but the
 * index is the rule's last word).
 */
function isSlotTakenByIndex(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    const { code, constraint, message } = current as { code?: unknown; constraint?: unknown; message?: unknown };
    if (
      code === '23505' &&
      (constraint === 'coaching_bookings_one_per_slot' || String(message).includes('coaching_bookings_one_per_slot'))
    ) {
      return true;
    }
  }
  return false;
}

async function oneTransaction<T>(db: Database, work: (tx: Executor) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(work);
  } catch (error) {
    if (isSlotTakenByIndex(error)) throw slotTaken();
    throw error;
  }
}

/** Books a slot with one of the member's sessions, under the slot's lock: of two members racing for it, one gets it. */
export async function bookSession(deps: CoachingDeps, userId: string, slotId: string) {
  const now = deps.now?.() ?? new Date();
  if (!isRowId(slotId)) throw slotMissing();
  const [asked] = await deps.db.select().from(coachingSlots).where(eq(coachingSlots.id, slotId));
  if (!asked) throw slotMissing();
  // the room is made before the transaction: no lock waits on the provider, and a booking refused
  // below leaves at most an unused room behind
  const room = await (deps.video ?? embeddedVideo(deps.publicUrl)).createRoom({ startsAt: asked.startsAt, endsAt: asked.endsAt });
  const booked = await oneTransaction(deps.db, async (tx) => {
    const counted = await credits(tx, userId, { lock: true });
    const line = counted.lines.find((each) => each.sessions > each.booked);
    if (!line) throw conflict('NO_SESSION_LEFT', coachingMessages.noCredit);
    const { slot, coachName } = await takeableSlot(tx, slotId, now);
    const [booking] = await tx
      .insert(coachingBookings)
      .values({
        slotId: slot.id,
        userId,
        orderId: line.orderId,
        orderItemId: line.orderItemId,
        meetingRoom: room.room,
        meetingUrl: room.url,
      })
      .returning();
    await enqueueEmail(tx, coachingBookedEmail(await sessionEmail(deps, tx, booking!, slot, coachName, now)));
    return { booking: booking!, slot, coachName };
  });
  return sessionView(booked, now);
}

/** Moves a booked session to another open slot: the same booking (the calendar's UID), one version more. */
export async function rescheduleSession(deps: CoachingDeps, userId: string, bookingId: string, slotId: string) {
  const now = deps.now?.() ?? new Date();
  const moved = await oneTransaction(deps.db, async (tx) => {
    if (!isRowId(bookingId)) throw bookingMissing();
    const booking = await lockOwnBooking(tx, userId, bookingId);
    if (!booking || booking.status !== 'booked') throw bookingMissing();
    if (booking.slotId === slotId) throw badRequest('SAME_SLOT', coachingMessages.sameSlot);
    const current = await findSlotWithCoach(tx, booking.slotId);
    const refusal = changeRefusal(current!.slot.startsAt, now);
    if (refusal) throw badRequest('TOO_LATE', refusal);
    const { slot, coachName } = await takeableSlot(tx, slotId, now);
    const [updated] = await tx
      .update(coachingBookings)
      .set({ slotId: slot.id, sequence: booking.sequence + 1, updatedAt: now })
      .where(eq(coachingBookings.id, booking.id))
      .returning();
    const email = await sessionEmail(deps, tx, updated!, slot, coachName, now);
    await enqueueEmail(tx, coachingMovedEmail({ ...email, previousStartsAt: current!.slot.startsAt }));
    return { booking: updated!, slot, coachName };
  });
  return sessionView(moved, now);
}

/** Cancels a member's own session up to 24 hours before it: the session can be booked again. */
export async function cancelSession(deps: CoachingDeps, userId: string, bookingId: string) {
  const now = deps.now?.() ?? new Date();
  await deps.db.transaction(async (tx) => {
    if (!isRowId(bookingId)) throw bookingMissing();
    const booking = await lockOwnBooking(tx, userId, bookingId);
    if (!booking || booking.status !== 'booked') throw bookingMissing();
    const current = await findSlotWithCoach(tx, booking.slotId);
    const refusal = changeRefusal(current!.slot.startsAt, now);
    if (refusal) throw badRequest('TOO_LATE', refusal);
    const cancelled = await cancelBooking(tx, booking, now);
    const email = await sessionEmail(deps, tx, cancelled, current!.slot, current!.coachName, now);
    await enqueueEmail(tx, coachingCancelledEmail({ ...email, byCoach: false }));
  });
  return memberCoaching(deps, userId);
}

/** Marks a booking cancelled, one version more (the calendar's CANCEL outranks the invitation). */
export async function cancelBooking(tx: Executor, booking: CoachingBookingRow, now: Date): Promise<CoachingBookingRow> {
  const [cancelled] = await tx
    .update(coachingBookings)
    .set({ status: 'cancelled', sequence: booking.sequence + 1, cancelledAt: now, updatedAt: now })
    .where(eq(coachingBookings.id, booking.id))
    .returning();
  return cancelled!;
}
