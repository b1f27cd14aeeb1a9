import { isSampleRejectionReason, sampleRejectionLabels, sampleRejectionSchema } from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordAudit } from '../audit/log.ts';
import { conflict, notFound } from '../errors.ts';
import { expireKit, replaceLostKit } from '../orders/kit-failures.ts';
import { findKitFailure, listOpenKitTasks, lockKitOf, resolveKitFailure } from '../orders/kit-failures-repository.ts';
import { isUuid } from '../orders/lifecycle.ts';
import { lockOrder } from '../orders/lifecycle-repository.ts';
import { actionRoles } from '../orders/permissions.ts';
import { recordSampleRejection, sampleRejectionResultSchema } from '../results/sample-rejection.ts';
import { errorResponses } from '../schemas.ts';
import { validationFailed } from '../validation.ts';

const taskSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  orderNumber: z.number().int(),
  kitSlug: z.string(),
  kitTitle: z.string(),
  kind: z.enum(['rejected', 'lost']),
  /** why, in the member's words */
  cause: z.string(),
  note: z.string().nullable(),
  createdAt: z.string(),
  /** how long the task has waited, in whole hours */
  ageHours: z.number().int(),
});

const lostWords: Record<string, string> = {
  not_delivered: 'Lost: the kit never arrived',
  no_sample: 'Lost: no sample reached the lab',
  sample_not_received: 'Lost: the sample the member posted never reached the lab',
};

/** What happened, as the clinician reads it: the rejection's reason, or the lost-kit case. */
function causeForStaff(kind: string, cause: string): string {
  if (kind === 'rejected' && isSampleRejectionReason(cause)) return `The lab rejected the sample again: ${sampleRejectionLabels[cause]}`;
  return lostWords[cause] ?? cause;
}

const taskParams = z.object({ id: z.string().max(64) });
const resolveBody = z.object({ note: z.string().trim().max(2000).optional() }).optional();

/**
 * Failed samples and lost kits in the console: an operator (or clinician) rejects a sample the
 * lab reported another way, and clinicians work the tasks of kits that failed twice (another kit
 * at no charge, or the order refunded).
 */
export const adminKitFailureRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/orders/:id/kits/:kitSlug/reject-sample',
    {
      config: { roles: actionRoles.reject_sample },
      schema: {
        tags: ['admin'],
        summary: 'Reject a kit’s sample with a reason: a replacement at no charge once per kit, then a clinician’s task',
        params: z.object({ id: z.string().max(64), kitSlug: z.string().max(64) }),
        body: z.unknown(),
        response: { 201: sampleRejectionResultSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const parsed = sampleRejectionSchema.safeParse(request.body ?? {});
      if (!parsed.success) throw validationFailed(parsed.error.issues);
      const user = await request.requireUser();
      const rejected = await recordSampleRejection(
        { db: app.db, events: app.events },
        {
          orderId: request.params.id,
          kitSlug: request.params.kitSlug,
          rejection: parsed.data,
          actor: { id: user.id, role: user.role ?? 'unknown' },
          ip: request.ip,
        },
      );
      return reply.status(201).send(rejected);
    },
  );

  app.get(
    '/kit-tasks',
    {
      config: { roles: ['clinician', 'operator'] },
      schema: {
        tags: ['admin'],
        summary: 'Kits that failed twice or were lost with other samples in: the clinicians’ open tasks, oldest first',
        response: { 200: z.object({ tasks: z.array(taskSchema) }), ...errorResponses },
      },
    },
    async () => {
      const now = Date.now();
      const tasks = await listOpenKitTasks(app.db);
      return {
        tasks: tasks.map((task) => ({
          ...task,
          kind: task.kind as 'rejected' | 'lost',
          cause: causeForStaff(task.kind, task.cause),
          createdAt: task.createdAt.toISOString(),
          ageHours: Math.floor((now - task.createdAt.getTime()) / 3_600_000),
        })),
      };
    },
  );

  for (const resolution of ['replacement', 'refund'] as const) {
    app.post(
      `/kit-tasks/:id/${resolution === 'replacement' ? 'replace' : 'refund'}`,
      {
        config: { roles: ['clinician'] },
        schema: {
          tags: ['admin'],
          summary:
            resolution === 'replacement'
              ? 'A clinician sends another kit (or lab order) at no charge for a kit’s task'
              : 'A clinician ends a kit’s task by refunding its order in full',
          params: taskParams,
          body: resolveBody,
          response: { 200: z.object({ id: z.string(), resolution: z.enum(['replacement', 'refund']) }), ...errorResponses },
        },
      },
      async (request) => {
        const user = await request.requireUser();
        const { id } = request.params;
        const task = isUuid(id) ? await findKitFailure(app.db, id) : undefined;
        if (!task || task.outcome !== 'clinician') throw notFound('TASK_NOT_FOUND', 'We could not find this task.');
        await app.db.transaction(async (tx) => {
          const order = await lockOrder(tx, task.orderId);
          const kit = order && (await lockKitOf(tx, order.id, task.kitSlug));
          if (!order || !kit) throw notFound('TASK_NOT_FOUND', 'We could not find this task.');
          if (!(await resolveKitFailure(tx, task.id, user.id, resolution))) {
            throw conflict('TASK_RESOLVED', 'This task was already resolved.');
          }
          if (resolution === 'replacement') await replaceLostKit(tx, app.events, order, kit, task.cause, user.id, 'clinician');
          else await expireKit(tx, app.events, order, kit, task.cause, user.id);
          await recordAudit(tx, {
            actor: { id: user.id, role: user.role ?? 'clinician' },
            action: `kit_task.${resolution}`,
            subjectType: 'order',
            subjectId: order.id,
            detail: { taskId: task.id, kitSlug: task.kitSlug, note: request.body?.note ?? null },
            ip: request.ip,
          });
        });
        return { id: task.id, resolution };
      },
    );
  }
};
