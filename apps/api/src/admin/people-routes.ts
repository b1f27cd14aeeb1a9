import { leadKinds } from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordAudit } from '../audit/log.ts';
import { errorResponses } from '../schemas.ts';
import { toCsv } from '../csv.ts';
import { searchCustomers, searchLeads } from './search-repository.ts';

const PAGE_SIZE = 25;
const EXPORT_LIMIT = 10_000;
const paging = { page: z.coerce.number().int().min(1).max(10_000).default(1) };
const leadQuery = z.object({
  kind: z.enum(leadKinds).optional(),
  q: z.string().max(254).optional(),
  email: z.string().trim().max(254).optional(),
});

/** Customers and leads in the console, and the leads as a CSV file. */
export const adminPeopleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/customers',
    {
      schema: {
        tags: ['admin'],
        summary: 'Customers by name or e-mail, with how many orders each placed',
        querystring: z.object({ q: z.string().max(254).optional(), ...paging }),
        response: {
          200: z.object({
            customers: z.array(
              z.object({ id: z.string(), name: z.string(), email: z.string(), createdAt: z.string(), orderCount: z.number() }),
            ),
            page: z.number(),
            pageSize: z.number(),
            total: z.number(),
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { q, page } = request.query;
      const { rows, total } = await searchCustomers(app.db, q, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
      return { customers: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })), page, pageSize: PAGE_SIZE, total };
    },
  );

  app.get(
    '/leads',
    {
      // what visitors left in the forms is personal data the shop's operators work, no one else
      config: { roles: ['operator'] },
      schema: {
        tags: ['admin'],
        summary: 'What visitors left in the storefront’s forms, newest first',
        querystring: leadQuery.extend(paging),
        response: {
          200: z.object({
            leads: z.array(
              z.object({
                id: z.string(),
                kind: z.string(),
                email: z.string(),
                fields: z.record(z.string(), z.union([z.string(), z.boolean()])),
                createdAt: z.string(),
              }),
            ),
            page: z.number(),
            pageSize: z.number(),
            total: z.number(),
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { page, ...filter } = request.query;
      const { rows, total } = await searchLeads(app.db, filter, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
      return {
        leads: rows.map((row) => ({
          id: row.id,
          kind: row.kind,
          email: row.email,
          fields: row.fields,
          createdAt: row.createdAt.toISOString(),
        })),
        page,
        pageSize: PAGE_SIZE,
        total,
      };
    },
  );

  app.get(
    '/leads.csv',
    {
      config: { roles: ['operator'] },
      schema: {
        tags: ['admin'],
        summary: 'The leads as a CSV file, safe to open in a spreadsheet',
        querystring: leadQuery,
        response: { 200: z.string(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      const { rows } = await searchLeads(app.db, request.query, { limit: EXPORT_LIMIT, offset: 0 });
      const fieldNames = [...new Set(rows.flatMap((row) => Object.keys(row.fields)))].sort();
      const csv = toCsv(
        ['created_at', 'kind', 'email', ...fieldNames],
        rows.map((row) => [row.createdAt.toISOString(), row.kind, row.email, ...fieldNames.map((name) => row.fields[name] ?? '')]),
      );
      // exporting personal data is itself worth a line in the audit log
      await recordAudit(app.db, {
        actor: { id: user.id, role: user.role ?? 'unknown' },
        action: 'leads.export',
        subjectType: 'lead',
        subjectId: 'all',
        detail: { count: rows.length },
        ip: request.ip,
      });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="leads-${new Date().toISOString().slice(0, 10)}.csv"`)
        .send(csv);
    },
  );
};
