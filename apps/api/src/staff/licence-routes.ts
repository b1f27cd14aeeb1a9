import { clinicianLicenceSchema, usStates } from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listClinicians, removeLicence, setLicence } from '../clinicians/licences.ts';
import { errorResponses } from '../schemas.ts';
import { validationFailed } from '../validation.ts';
import { staffAdminRoles } from './admin-routes.ts';

const listSchema = z.object({
  clinicians: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      email: z.string(),
      licences: z.array(z.object({ state: z.enum(usStates), number: z.string(), expiresOn: z.string() })),
    }),
  ),
});
const params = z.object({ id: z.string().max(64) });
const body = z.object({ state: z.string().max(8), number: z.string().max(200), expiresOn: z.string().max(32) });

/** The console's clinicians page: operators keep each clinician's licences (state, number, last day), audited. */
export const adminLicenceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/clinicians',
    {
      config: { roles: staffAdminRoles },
      schema: {
        tags: ['admin'],
        summary: 'The team’s clinicians with their licences by state',
        response: { 200: listSchema, ...errorResponses },
      },
    },
    async () => ({ clinicians: await listClinicians(app.db) }),
  );

  app.post(
    '/clinicians/:id(^[\\w-]+$)/licences',
    {
      config: { roles: staffAdminRoles },
      schema: {
        tags: ['admin'],
        summary: 'Record a clinician’s licence in a state, or renew it (the same state again); audited',
        params,
        body,
        response: { 200: listSchema, ...errorResponses },
      },
    },
    async (request) => {
      const parsed = clinicianLicenceSchema.safeParse(request.body);
      if (!parsed.success) throw validationFailed(parsed.error.issues);
      const user = await request.requireUser();
      return { clinicians: await setLicence(app.db, { user, ip: request.ip }, request.params.id, parsed.data) };
    },
  );

  app.post(
    '/clinicians/:id(^[\\w-]+$)/licences/:state(^[A-Z]{2}$)/remove',
    {
      config: { roles: staffAdminRoles },
      schema: {
        tags: ['admin'],
        summary: 'Remove a clinician’s licence in a state; orders they approved keep it as it was (audited)',
        params: params.extend({ state: z.string().max(2) }),
        response: { 200: listSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      return { clinicians: await removeLicence(app.db, { user, ip: request.ip }, request.params.id, request.params.state) };
    },
  );
};
