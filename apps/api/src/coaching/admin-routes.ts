import { coachingSlotSchema } from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Role } from '../auth/session.ts';
import { errorResponses } from '../schemas.ts';
import { cancelSlot, consoleSlots, publishSlot } from './console.ts';
import type { CoachingDeps } from './service.ts';

/** Who publishes coaching slots and sees who booked them: health coaches, and operators who run the shop. */
export const coachingRoles = ['coach', 'operator'] as const satisfies readonly Role[];

const slotSchema = z.object({
  id: z.string(),
  coachId: z.string(),
  coachName: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  when: z.string(),
  minutes: z.number().int(),
  status: z.string(),
  booking: z
    .object({ id: z.string(), name: z.string(), email: z.string(), bookedAt: z.string(), meetingUrl: z.string().nullable() })
    .nullable(),
});
const listSchema = z.object({ slots: z.array(slotSchema) });

/** The console's coaching: publish slots, see who booked them, cancel one (its member is told). */
export const adminCoachingRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (): CoachingDeps => ({ db: app.db, publicUrl: app.config.PUBLIC_URL, emailFrom: app.config.EMAIL_FROM, video: app.video });

  app.get(
    '/coaching/slots',
    {
      config: { roles: coachingRoles },
      schema: {
        tags: ['admin'],
        summary: 'Coaching slots not yet over, soonest first, with who booked each (name and e-mail)',
        response: { 200: listSchema, ...errorResponses },
      },
    },
    async () => ({ slots: await consoleSlots(deps()) }),
  );

  app.post(
    '/coaching/slots',
    {
      config: { roles: coachingRoles },
      schema: {
        tags: ['admin'],
        summary:
          'Publish a coaching slot of the signed-in coach: in the future, 15 to 120 minutes (30 by default), overlapping none of theirs',
        body: coachingSlotSchema,
        response: { 201: slotSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      const slot = await publishSlot(
        deps(),
        { user, ip: request.ip },
        { startsAt: new Date(request.body.startsAt), minutes: request.body.minutes },
      );
      return reply.status(201).send(slot);
    },
  );

  app.post(
    '/coaching/slots/:id/cancel',
    {
      config: { roles: coachingRoles },
      schema: {
        tags: ['admin'],
        summary: 'Cancel a coaching slot (a coach their own, an operator any): its booking is cancelled and the member e-mailed',
        params: z.object({ id: z.string().max(64) }),
        response: { 200: listSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      return { slots: await cancelSlot(deps(), { user, ip: request.ip }, request.params.id) };
    },
  );
};
