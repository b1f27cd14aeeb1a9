import { labFileKinds } from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { enforce, limits } from '../rate-limit/limiter.ts';
import { errorResponses, errorSchema } from '../schemas.ts';
import { acceptLabFileBodies, labFileUpload, uploadedBytes } from './file-http.ts';
import { renderLabPlan } from './pdf.ts';
import { memberPlan, memberPlans, uploadLabFile, type LabReviewDeps } from './service.ts';

export const labFileSchema = z.object({
  id: z.string(),
  label: z.string(),
  kind: z.enum(labFileKinds),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  uploadedAt: z.string(),
});

export const labPlanViewSchema = z.object({
  summary: z.string(),
  eatMore: z.array(z.string()),
  eatLess: z.array(z.string()),
  meals: z.array(z.string()),
  shopping: z.array(z.string()),
});

const memberPlanSchema = z.object({
  orderId: z.string(),
  orderNumber: z.number().int(),
  status: z.enum(['awaiting_upload', 'in_review', 'delivered']),
  files: z.array(labFileSchema),
  maxFiles: z.number().int(),
  submittedAt: z.string().nullable(),
  dueAt: z.string().nullable(),
  dueText: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  plan: labPlanViewSchema.nullable(),
});

const uploadedSchema = z.object({ reviewId: z.string(), dueAt: z.string(), dueText: z.string(), files: z.number().int() });
const orderParams = z.object({ orderId: z.string().max(64) });

/**
 * The member's nutritional plans: upload the lab report (the file's bytes as the body, one file a
 * request, at most 10 MB), follow the review, read the plan and download it as a PDF.
 */
export const labReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (): LabReviewDeps => ({ db: app.db, cipher: app.results.cipher, files: app.files, events: app.events });

  acceptLabFileBodies(app);

  app.get(
    '/nutritional-plans',
    {
      schema: {
        tags: ['account'],
        summary: 'The member’s nutritional plans: waiting for labs, in review (with its due time) or written (an audited read)',
        response: { 200: z.object({ plans: z.array(memberPlanSchema) }), ...errorResponses },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      return { plans: await memberPlans(deps(), user, request.ip) };
    },
  );

  app.post(
    '/nutritional-plans/:orderId/files',
    {
      ...labFileUpload,
      schema: {
        tags: ['account'],
        summary:
          'Upload one file of the member’s lab report for a nutritional plan they paid for: a PDF, JPEG or PNG of at most 10 MB, sent as the body (application/octet-stream). The first file starts the 48-hour review.',
        params: orderParams,
        response: { 201: uploadedSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      await enforce(app.db, limits.labUploadsPerAccount, user.id);
      return reply.status(201).send(await uploadLabFile(deps(), user, request.params.orderId, uploadedBytes(request.body)));
    },
  );

  app.get(
    '/nutritional-plans/:orderId/plan.pdf',
    {
      schema: {
        tags: ['account'],
        summary: 'The member’s written nutritional plan as a PDF (an audited read)',
        params: orderParams,
        // the 200 is a PDF, sent as bytes; only the error bodies go through the serializer
        response: { 401: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      const written = await memberPlan(deps(), user, request.params.orderId, request.ip);
      const pdf = await renderLabPlan(written);
      return reply
        .header('content-disposition', `attachment; filename="base-nutritional-plan-${written.orderNumber}.pdf"`)
        .header('cache-control', 'private, no-store')
        .type('application/pdf')
        .send(Buffer.from(pdf) as never);
    },
  );
};
