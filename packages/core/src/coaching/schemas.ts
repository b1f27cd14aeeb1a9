import { z } from 'zod';
import { DEFAULT_SLOT_MINUTES, MAX_SLOT_MINUTES, MIN_SLOT_MINUTES, coachingMessages } from './rules.ts';

const id = z.string({ error: 'Please choose a time.' }).trim().min(1, { error: 'Please choose a time.' }).max(64);
const length = (number: z.ZodNumber) =>
  number
    .int({ error: coachingMessages.slotLength })
    .min(MIN_SLOT_MINUTES, { error: coachingMessages.slotLength })
    .max(MAX_SLOT_MINUTES, { error: coachingMessages.slotLength });

/** The member's booking of an open slot. */
export const coachingBookingSchema = z.strictObject({ slotId: id });
/** A booked session moved to another open slot. */
export const coachingRescheduleSchema = z.strictObject({ bookingId: z.string().min(1).max(64), slotId: id });
export const coachingCancelSchema = z.strictObject({ bookingId: z.string().min(1).max(64) });

/** A slot the API publishes: its start as an instant, and how long it lasts. */
export const coachingSlotSchema = z.strictObject({
  startsAt: z.iso.datetime({ offset: true, error: 'Please give the date and time the session starts.' }),
  minutes: length(z.number({ error: coachingMessages.slotLength })).default(DEFAULT_SLOT_MINUTES),
});

/** The console's form: a day and a time in Eastern time, as a coach types them, and a length. */
export const coachingSlotFormSchema = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Please give the day of the session.' }),
  time: z.string().regex(/^\d{1,2}:\d{2}$/, { error: 'Please give the time the session starts.' }),
  minutes: z.coerce.number({ error: coachingMessages.slotLength }).pipe(length(z.number())),
});
