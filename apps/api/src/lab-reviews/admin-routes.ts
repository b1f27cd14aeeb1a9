import { labPlanSchema } from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendLabFile } from './file-http.ts';
import { z } from 'zod';
import { errorResponses, errorSchema } from '../schemas.ts';
import { consoleQueue, consoleReview, consoleReviewFile, deliverPlan, labQueueRoles, labReviewerRoles } from './console.ts';
import { labFileSchema, labPlanViewSchema } from './routes.ts';
import type { LabReviewDeps } from './service.ts';

const queueItemSchema = z.object({
  id: z.string(),
  orderNumber: z.number().int(),
  memberFirstName: z.string(),
  files: z.number().int(),
  submittedAt: z.string(),
  dueAt: z.string(),
  deliveredAt: z.string().nullable(),
  reviewerName: z.string().nullable(),
  clock: z.enum(['due', 'late', 'delivered']),
  late: z.boolean(),
  clockText: z.string(),
});

const reviewSchema = queueItemSchema.extend({
  memberName: z.string(),
  goal: z.string().nullable(),
  fileList: z.array(labFileSchema),
  plan: labPlanViewSchema.nullable(),
});

const reviewParams = z.object({ id: z.string().max(64) });
// an id is a word of letters, digits and hyphens: `/lab-reviews//` is the queue misspelt, not a review with no id
const REVIEW = ':id(^[\\w-]+$)';

/**
 * The console's nutritional plan reviews: a queue with each review's 48-hour clock (late ones
 * flagged), and for clinicians and health coaches the labs themselves and the plan they write.
 */
export const adminLabReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (): LabReviewDeps => ({ db: app.db, cipher: app.results.cipher, files: app.files, events: app.events });

  app.get(
    '/lab-reviews',
    {
      config: { roles: labQueueRoles },
      schema: {
        tags: ['admin'],
        summary: 'Nutritional plan reviews: the open ones, soonest due first, with their clock and a late flag; then the latest sent',
        response: {
          200: z.object({ open: z.array(queueItemSchema), late: z.number().int(), delivered: z.array(queueItemSchema) }),
          ...errorResponses,
        },
      },
    },
    async () => consoleQueue(deps()),
  );

  app.get(
    `/lab-reviews/${REVIEW}`,
    {
      config: { roles: labReviewerRoles },
      schema: {
        tags: ['admin'],
        summary: 'One review for its reviewer: the member, their goal, the files and the plan once written (an audited read)',
        params: reviewParams,
        response: { 200: reviewSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      return consoleReview(deps(), user, request.params.id, request.ip);
    },
  );

  app.get(
    `/lab-reviews/${REVIEW}/files/:fileId`,
    {
      config: { roles: labReviewerRoles },
      schema: {
        tags: ['admin'],
        summary: 'One file of a member’s lab report, decrypted for its reviewer (an audited read)',
        params: reviewParams.extend({ fileId: z.string().max(64) }),
        // the 200 is the file's bytes; only the error bodies go through the serializer
        response: { 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      const file = await consoleReviewFile(deps(), user, request.params.id, request.params.fileId, request.ip);
      return sendLabFile(reply, file, `lab-report-${request.params.fileId.slice(0, 8)}`);
    },
  );

  app.post(
    `/lab-reviews/${REVIEW}/plan`,
    {
      config: { roles: labReviewerRoles },
      schema: {
        tags: ['admin'],
        summary: 'Write the plan of a review, once: the member is e-mailed that it is ready',
        params: reviewParams,
        body: labPlanSchema,
        response: { 200: queueItemSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      return deliverPlan(deps(), user, request.params.id, request.body, request.ip);
    },
  );
};
