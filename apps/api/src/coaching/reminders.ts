import { and, eq, gt, lte, notExists, sql } from 'drizzle-orm';
import { coachingBookings, coachingSlots, jobs, users } from '@shop/db';
import { coachingReminderEmail } from '../email/coaching-templates.ts';
import { enqueueEmail } from '../email/queue.ts';
import type { JobHandler } from '../jobs/worker.ts';
import { sessionEmail, type CoachingDeps } from './service.ts';

declare module '../jobs/queue.ts' {
  interface JobPayloads {
    /** e-mails each member whose booked session starts within the next day, once per session */
    'coaching.remind': Record<string, never>;
  }
}

/** A session is reminded once it starts within this long: the day before. */
export const coachingReminderAheadMs = 24 * 3600 * 1000;

/** The reminder's singleton key: one per booking, whichever run or worker gets there. */
export const coachingReminderKey = (bookingId: string) => `coaching-reminder:${bookingId}`;

/**
 * The queue's `coaching.remind`, hourly: every booked session that starts within the next 24
 * hours and has not been reminded gets one e-mail with its time and room. A booking can no longer
 * be moved once inside those 24 hours, so one reminder per booking is right; the e-mail's
 * singleton key makes it once even when two runs (or two workers) find the same session.
 */
export function coachingReminderJob(deps: Omit<CoachingDeps, 'video'>): JobHandler<'coaching.remind'> {
  return async (_payload, context) => {
    const now = context.now;
    const due = await deps.db
      .select({ booking: coachingBookings, slot: coachingSlots, coachName: users.name })
      .from(coachingBookings)
      .innerJoin(coachingSlots, eq(coachingSlots.id, coachingBookings.slotId))
      .innerJoin(users, eq(users.id, coachingSlots.coachId))
      .where(
        and(
          eq(coachingBookings.status, 'booked'),
          eq(coachingSlots.status, 'published'),
          gt(coachingSlots.startsAt, now),
          lte(coachingSlots.startsAt, new Date(now.getTime() + coachingReminderAheadMs)),
          notExists(
            deps.db
              .select({ one: sql`1` })
              .from(jobs)
              .where(sql`${jobs.singletonKey} = 'coaching-reminder:' || ${coachingBookings.id}::text`),
          ),
        ),
      )
      .limit(500);
    for (const row of due) {
      await deps.db.transaction(async (tx) => {
        const email = await sessionEmail(deps, tx, row.booking, row.slot, row.coachName, now);
        await enqueueEmail(tx, coachingReminderEmail(email), coachingReminderKey(row.booking.id));
      });
    }
  };
}
