/** A member books, moves or cancels a session up to this many hours before it starts, not later: the coach plans the day. */
export const CHANGE_NOTICE_HOURS = 24;
export const DEFAULT_SLOT_MINUTES = 30;
export const MIN_SLOT_MINUTES = 15;
export const MAX_SLOT_MINUTES = 120;

const HOUR_MS = 60 * 60 * 1000;

export const coachingMessages = {
  slotInPast: 'This time has already passed. Please choose a time in the future.',
  slotLength: `A session lasts between ${MIN_SLOT_MINUTES} and ${MAX_SLOT_MINUTES} minutes.`,
  slotOverlap: 'You already have a slot at this time.',
  slotTaken: 'This slot was just taken. Please choose another.',
  slotGone: 'This slot is no longer available. Please choose another.',
  tooLate: `Sessions can be changed or cancelled up to ${CHANGE_NOTICE_HOURS} hours before they start. Please contact us if you cannot make it.`,
  bookTooLate: `Sessions are booked at least ${CHANGE_NOTICE_HOURS} hours ahead. Please choose a later time.`,
  noCredit: 'You have no health coach session left to book. A session comes with the Health coach consultation or the Improvement Program.',
  sameSlot: 'Your session is already at this time.',
} as const;

export interface SlotTime {
  startsAt: Date;
  endsAt: Date;
}

/** Whether a session starting then may still be booked, moved or cancelled at `now`. */
export function withinChangeWindow(startsAt: Date, now: Date): boolean {
  return startsAt.getTime() - now.getTime() >= CHANGE_NOTICE_HOURS * HOUR_MS;
}

/** Why a member may not book (or move to) this slot now, or null when they may. */
export function bookingRefusal(slot: SlotTime, now: Date): string | null {
  if (slot.startsAt.getTime() <= now.getTime()) return coachingMessages.slotInPast;
  if (!withinChangeWindow(slot.startsAt, now)) return coachingMessages.bookTooLate;
  return null;
}

/** Why a booked session may not be moved or cancelled now, or null when it may. */
export function changeRefusal(startsAt: Date, now: Date): string | null {
  return withinChangeWindow(startsAt, now) ? null : coachingMessages.tooLate;
}

export function slotEnd(startsAt: Date, minutes: number): Date {
  return new Date(startsAt.getTime() + minutes * 60 * 1000);
}

function overlaps(a: SlotTime, b: SlotTime): boolean {
  return a.startsAt.getTime() < b.endsAt.getTime() && b.startsAt.getTime() < a.endsAt.getTime();
}

/**
 * Why a coach may not publish this slot, or null when they may: it starts in the future, lasts
 * 15 to 120 minutes and overlaps none of the coach's own published slots (`existing`).
 */
export function slotRefusal(candidate: { startsAt: Date; minutes: number }, existing: readonly SlotTime[], now: Date): string | null {
  if (!Number.isInteger(candidate.minutes) || candidate.minutes < MIN_SLOT_MINUTES || candidate.minutes > MAX_SLOT_MINUTES) {
    return coachingMessages.slotLength;
  }
  if (candidate.startsAt.getTime() <= now.getTime()) return coachingMessages.slotInPast;
  const slot = { startsAt: candidate.startsAt, endsAt: slotEnd(candidate.startsAt, candidate.minutes) };
  return existing.some((other) => overlaps(slot, other)) ? coachingMessages.slotOverlap : null;
}
