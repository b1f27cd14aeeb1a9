import { healthDataConsentTexts, resultEntriesBodySchema } from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { enforce, limits } from '../rate-limit/limiter.ts';
import { resultsEntryRoles } from '../results/access.ts';
import { errorResponses, errorSchema } from '../schemas.ts';
import {
  consoleOutsideFile,
  consoleOutsideQueue,
  consoleOutsideReport,
  deleteOutsideReport,
  enterOutsideResults,
  memberOutsideReports,
  uploadOutsideReport,
  type OutsideReportDeps,
} from './outside-service.ts';
import { acceptLabFileBodies, labFileUpload, sendLabFile, uploadedBytes } from './file-http.ts';
import { labFileSchema } from './routes.ts';

const memberReportSchema = z.object({
  id: z.string(),
  labName: z.string(),
  collectedOn: z.string(),
  status: z.enum(['waiting', 'entered']),
  statusText: z.string(),
  file: labFileSchema,
  uploadedAt: z.string(),
  enteredAt: z.string().nullable(),
});

const uploadQuery = z.object({
  labName: z.string().max(300).default(''),
  collectedOn: z.string().max(40).default(''),
  /** the version of the consent to collect the page showed, when the member ticked it with this upload */
  consentVersion: z.string().max(80).optional(),
});

const reportParams = z.object({ id: z.string().max(64) });
// an id is a word of letters, digits and hyphens: `/outside-reports//` is the queue misspelt
const REPORT = ':id(^[\\w-]+$)';

const queueItemSchema = z.object({
  id: z.string(),
  memberFirstName: z.string(),
  collectedOn: z.string(),
  uploadedAt: z.string(),
  file: labFileSchema,
});

const consoleReportSchema = z.object({
  id: z.string(),
  memberName: z.string(),
  labName: z.string(),
  collectedOn: z.string(),
  uploadedAt: z.string(),
  enteredAt: z.string().nullable(),
  file: labFileSchema,
});

/**
 * The member's reports from other labs, for their health record: list them, upload one (the file's
 * bytes as the body, the lab and the collection day in the query), delete one while it waits.
 */
export const outsideReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (): OutsideReportDeps => ({ db: app.db, cipher: app.results.cipher, files: app.files, events: app.events });

  acceptLabFileBodies(app);

  app.get(
    '/outside-reports',
    {
      schema: {
        tags: ['account'],
        summary:
          'The member’s reports from other labs: waiting to be entered or in the health record; and whether an upload must carry the consent to collect health data',
        response: { 200: z.object({ reports: z.array(memberReportSchema), consentNeeded: z.boolean() }), ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      reply.header('cache-control', 'private, no-store');
      return memberOutsideReports(deps(), user);
    },
  );

  app.post(
    '/outside-reports',
    {
      ...labFileUpload,
      schema: {
        tags: ['account'],
        summary:
          'Upload a report from another lab for the health record: a PDF, JPEG or PNG of at most 10 MB as the body (application/octet-stream), the lab’s name and the collection day (YYYY-MM-DD) in the query. Needs the consent to collect health data, in force or given with `consentVersion`; it waits for staff to enter its values.',
        querystring: uploadQuery,
        response: { 201: memberReportSchema, 422: errorSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      await enforce(app.db, limits.labUploadsPerAccount, user.id);
      const body = uploadedBytes(request.body);
      const { labName, collectedOn, consentVersion } = request.query;
      const consent = consentVersion ? { kind: healthDataConsentTexts.collect_health_data.kind, version: consentVersion } : undefined;
      const report = await uploadOutsideReport(deps(), user, { labName, collectedOn, consent }, body, {
        ipAddress: request.ip || null,
        userAgent: request.headers['user-agent'] ?? null,
      });
      return reply.status(201).send(report);
    },
  );

  app.post(
    `/outside-reports/${REPORT}/delete`,
    {
      schema: {
        tags: ['account'],
        summary: 'Delete one of the member’s reports from another lab while it waits to be entered (its sealed file goes with it)',
        params: reportParams,
        response: { 200: z.object({ deleted: z.literal(true) }), ...errorResponses },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      return deleteOutsideReport(deps(), user, request.params.id, request.ip || null);
    },
  );
};

/**
 * The console's outside reports: the queue of those waiting, one opened with its file, and the
 * form's entry of its values (clinicians and operators, who enter an order's results by hand).
 */
export const adminOutsideReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (): OutsideReportDeps => ({ db: app.db, cipher: app.results.cipher, files: app.files, events: app.events });

  app.get(
    '/outside-reports',
    {
      config: { roles: resultsEntryRoles },
      schema: {
        tags: ['admin', 'results'],
        summary: 'Reports from other labs waiting for their values to be entered, oldest first (the member’s first name only)',
        response: { 200: z.object({ waiting: z.array(queueItemSchema) }), ...errorResponses },
      },
    },
    async () => consoleOutsideQueue(deps()),
  );

  app.get(
    `/outside-reports/${REPORT}`,
    {
      config: { roles: resultsEntryRoles },
      schema: {
        tags: ['admin', 'results'],
        summary: 'One report from another lab, opened to enter its values: whose, the lab, the collection day, its file (an audited read)',
        params: reportParams,
        response: { 200: consoleReportSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      return consoleOutsideReport(deps(), user, request.params.id, request.ip || null);
    },
  );

  app.get(
    `/outside-reports/${REPORT}/file`,
    {
      config: { roles: resultsEntryRoles },
      schema: {
        tags: ['admin', 'results'],
        summary: 'The file of a report from another lab, decrypted for the staff entering its values (an audited read)',
        params: reportParams,
        // the 200 is the file's bytes; only the error bodies go through the serializer
        response: { 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      const file = await consoleOutsideFile(deps(), user, request.params.id, request.ip || null);
      return sendLabFile(reply, file, `outside-report-${request.params.id.slice(0, 8)}`);
    },
  );

  app.post(
    `/outside-reports/${REPORT}/results`,
    {
      config: { roles: resultsEntryRoles },
      schema: {
        tags: ['admin', 'results'],
        summary: 'Enter the values of a report from another lab, once: they become an outside result set in the member’s health record',
        description:
          '422: a biomarker the catalog does not know (RESULTS_UNKNOWN_BIOMARKER) or a unit it does not take for one (RESULTS_WRONG_UNIT); the message names it, and nothing is stored. 409 once entered.',
        params: reportParams,
        body: resultEntriesBodySchema,
        response: {
          201: z.object({ id: z.string(), resultSetId: z.string(), enteredAt: z.string(), biomarkers: z.number().int() }),
          422: errorSchema,
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      const entered = await enterOutsideResults(deps(), user, request.params.id, request.body.results, request.ip || null);
      request.log.info({ reportId: entered.id, biomarkers: entered.biomarkers }, 'outside results entered');
      return reply.status(201).send(entered);
    },
  );
};
