import { formatEastern } from '@shop/core';
import { coachingBookings, coachingSlots, users } from '@shop/db';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../errors.ts';
import { errorResponses } from '../schemas.ts';

const roomSchema = z.object({
  coachName: z.string(),
  /** "Tuesday, December 1, 2026, 10:00 AM ET" */
  when: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  minutes: z.number().int(),
});

const roomMissing = () => notFound('ROOM_NOT_FOUND', 'There is no session in this room: check the link in your e-mail.');

/**
 * The shop's own room page (VIDEO_ROOMS=embedded): whoever holds the link, which is unguessable
 * and sent only to the member, reads whom the session is with and when. Nothing about the member
 * or their health is here; a cancelled session's room is gone.
 */
export const meetingRoomRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/meet/:room',
    {
      schema: {
        tags: ['coaching'],
        summary: 'A health coach session’s room on the shop’s own domain: the coach and the time',
        params: z.object({ room: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/) }),
        response: { 200: roomSchema, ...errorResponses },
      },
    },
    async (request) => {
      const [row] = await app.db
        .select({ slot: coachingSlots, coachName: users.name })
        .from(coachingBookings)
        .innerJoin(coachingSlots, eq(coachingSlots.id, coachingBookings.slotId))
        .innerJoin(users, eq(users.id, coachingSlots.coachId))
        .where(and(eq(coachingBookings.meetingRoom, request.params.room), eq(coachingBookings.status, 'booked')));
      if (!row) throw roomMissing();
      return {
        coachName: row.coachName,
        when: formatEastern(row.slot.startsAt),
        startsAt: row.slot.startsAt.toISOString(),
        endsAt: row.slot.endsAt.toISOString(),
        minutes: Math.round((row.slot.endsAt.getTime() - row.slot.startsAt.getTime()) / 60000),
      };
    },
  );
};
