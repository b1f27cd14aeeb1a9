import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordAudit } from '../audit/log.ts';
import { conflict, notFound } from '../errors.ts';
import { errorResponses } from '../schemas.ts';
import { lockMember } from '../erasure/repository.ts';
import { scheduleMinorRemoval } from './service.ts';

export const minorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/customers/:id/minor',
    {
      schema: {
        tags: ['admin'],
        summary: 'Report a customer as under 18: the account and everything tied to it is removed within 24 hours',
        params: z.object({ id: z.string().min(1).max(64) }),
        response: { 202: z.object({ userId: z.string(), dueAt: z.string() }), ...errorResponses },
      },
    },
    async (request, reply) => {
      const staff = await request.requireUser();
      const result = await app.db.transaction(async (tx) => {
        const user = await lockMember(tx, request.params.id);
        if (!user) throw notFound('CUSTOMER_NOT_FOUND', 'We could not find this customer.');
        if (user.role !== 'customer') throw conflict('NOT_A_CUSTOMER', 'Only a customer account can be removed as a minor’s.');
        const { dueAt } = await scheduleMinorRemoval(tx, user.id, 'reported_by_staff');
        await recordAudit(tx, {
          actor: { id: staff.id, role: staff.role ?? 'staff' },
          action: 'customer.report_minor',
          subjectType: 'customer',
          subjectId: user.id,
          detail: { dueAt: dueAt.toISOString() },
          ip: request.ip,
        });
        return { userId: user.id, dueAt: dueAt.toISOString() };
      });
      return reply.code(202).send(result);
    },
  );
};
