import { coachingBookingSchema, coachingCancelSchema, coachingRescheduleSchema } from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../schemas.ts';
import { bookSession, cancelSession, memberCoaching, rescheduleSession, type CoachingDeps } from './service.ts';

const creditsSchema = z.object({ paid: z.number().int(), booked: z.number().int(), remaining: z.number().int() });
export const coachingSessionSchema = z.object({
  id: z.string(),
  slotId: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  /** "Tuesday, December 1, 2026, 10:00 AM ET" */
  when: z.string(),
  minutes: z.number().int(),
  coachName: z.string(),
  /** where to join the session: its video room */
  meetingUrl: z.string().nullable(),
  past: z.boolean(),
  /** whether it may still be moved or cancelled (24 hours ahead), and why not */
  canChange: z.boolean(),
  changeRefusal: z.string().nullable(),
});
export const openSlotSchema = z.object({
  id: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  /** the Eastern day, `2026-12-01`, to group by */
  day: z.string(),
  dayLabel: z.string(),
  time: z.string(),
  when: z.string(),
  minutes: z.number().int(),
  coachName: z.string(),
});
const overviewSchema = z.object({
  credits: creditsSchema,
  changeNoticeHours: z.number().int(),
  sessions: z.array(coachingSessionSchema),
  openSlots: z.array(openSlotSchema),
});

/** The member's health coach sessions: what they paid for, what is booked, and the times open to book. */
export const coachingRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (): CoachingDeps => ({
    db: app.db,
    publicUrl: app.config.PUBLIC_URL,
    emailFrom: app.config.EMAIL_FROM,
    video: app.video,
  });

  app.get(
    '/coaching',
    {
      schema: {
        tags: ['account'],
        summary: 'The signed-in member’s health coach sessions: paid, booked and remaining, their booked sessions and the open slots',
        response: { 200: overviewSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      return memberCoaching(deps(), user.id);
    },
  );

  app.get(
    '/coaching/slots',
    {
      schema: {
        tags: ['account'],
        summary: 'The coaching slots open to book: published, at least 24 hours ahead, not booked; soonest first',
        response: { 200: z.object({ openSlots: z.array(openSlotSchema) }), ...errorResponses },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      return { openSlots: (await memberCoaching(deps(), user.id)).openSlots };
    },
  );

  app.post(
    '/coaching/bookings',
    {
      schema: {
        tags: ['account'],
        summary: 'Book an open slot with one of the member’s paid sessions; the invitation is e-mailed',
        body: coachingBookingSchema,
        response: { 201: coachingSessionSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      return reply.status(201).send(await bookSession(deps(), user.id, request.body.slotId));
    },
  );

  app.post(
    '/coaching/reschedule',
    {
      schema: {
        tags: ['account'],
        summary: 'Move a booked session to another open slot, up to 24 hours before it; the updated invitation is e-mailed',
        body: coachingRescheduleSchema,
        response: { 200: coachingSessionSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      return rescheduleSession(deps(), user.id, request.body.bookingId, request.body.slotId);
    },
  );

  app.post(
    '/coaching/cancel',
    {
      schema: {
        tags: ['account'],
        summary: 'Cancel a booked session up to 24 hours before it; the session can be booked again',
        body: coachingCancelSchema,
        response: { 200: overviewSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      return cancelSession(deps(), user.id, request.body.bookingId);
    },
  );
};
