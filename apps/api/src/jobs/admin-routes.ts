import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordAudit } from '../audit/log.ts';
import { conflict } from '../errors.ts';
import { noticeMessage } from '../operator-notices/message.ts';
import { openNotices } from '../operator-notices/repository.ts';
import { errorResponses } from '../schemas.ts';
import { discardFailedJob, listJobsNeedingAttention, queueFigures, retryFailedJob } from './repository.ts';

// a failed job's error as the console shows it: enough to tell one failure from another
const ERROR_SHOWN = 300;
const ATTENTION_LIMIT = 100;

const jobParams = z.object({ id: z.uuid() });
const movedJob = z.object({ id: z.string(), name: z.string(), status: z.string() });

/**
 * The job queue in the console, for operators: each queue's depth and the age of its oldest due
 * job, the jobs that failed for good or whose worker stopped, and a failed job's retry or discard
 * (each audited), and the open operator notices (a clinic's webhook endpoint failing for a day).
 * A job's payload names a person (an e-mail's address, an order): it is never shown.
 */
export const adminJobRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/jobs',
    {
      config: { roles: ['operator'] },
      schema: {
        tags: ['admin'],
        summary: 'The job queues: depth, oldest due age, failed and stuck jobs; open operator notices',
        response: {
          200: z.object({
            notices: z.array(z.object({ id: z.string(), kind: z.string(), message: z.string(), openedAt: z.string() })),
            queues: z.array(
              z.object({
                name: z.string(),
                queued: z.number(),
                due: z.number(),
                oldestDueSeconds: z.number(),
                running: z.number(),
                stuck: z.number(),
                failed: z.number(),
              }),
            ),
            attention: z.array(
              z.object({
                id: z.string(),
                name: z.string(),
                status: z.enum(['failed', 'stuck']),
                attempts: z.number(),
                maxAttempts: z.number(),
                lastError: z.string().nullable(),
                since: z.string(),
              }),
            ),
          }),
          ...errorResponses,
        },
      },
    },
    async (_request, reply) => {
      const now = new Date();
      const queues = await queueFigures(app.db, now);
      const attention = await listJobsNeedingAttention(app.db, now, ATTENTION_LIMIT);
      const notices = await openNotices(app.db);
      reply.header('cache-control', 'private, no-store');
      return {
        notices: notices.map((notice) => ({
          id: notice.id,
          kind: notice.kind,
          message: noticeMessage(notice),
          openedAt: notice.openedAt.toISOString(),
        })),
        queues,
        attention: attention.map((job) => ({
          id: job.id,
          name: job.name,
          status: job.status === 'failed' ? ('failed' as const) : ('stuck' as const),
          attempts: job.attempts,
          maxAttempts: job.maxAttempts,
          lastError: job.lastError ? job.lastError.slice(0, ERROR_SHOWN) : null,
          since: job.since.toISOString(),
        })),
      };
    },
  );

  for (const move of [
    { path: '/jobs/:id/retry', action: 'job.retry', summary: 'Queue a failed job again, for one more attempt', run: retryFailedJob },
    { path: '/jobs/:id/discard', action: 'job.discard', summary: 'Set a failed job aside for good', run: discardFailedJob },
  ]) {
    app.post(
      move.path,
      {
        config: { roles: ['operator'] },
        schema: { tags: ['admin'], summary: move.summary, params: jobParams, response: { 200: movedJob, ...errorResponses } },
      },
      async (request) => {
        const user = await request.requireUser();
        return app.db.transaction(async (tx) => {
          const job = await move.run(tx, request.params.id, new Date());
          if (!job) throw conflict('JOB_NOT_FAILED', 'This job is not failed: it may have been retried or set aside already.');
          await recordAudit(tx, {
            actor: { id: user.id, role: user.role ?? 'operator' },
            action: move.action,
            subjectType: 'job',
            subjectId: job.id,
            detail: { name: job.name, attempts: job.attempts },
            ip: request.ip,
          });
          return { id: job.id, name: job.name, status: job.status };
        });
      },
    );
  }
};
