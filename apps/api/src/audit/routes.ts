import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../schemas.ts';
import { resultsReadsOf, searchAuditLog } from './repository.ts';

const PAGE_SIZE = 50;
const READS_SHOWN = 100;

const auditEntrySchema = z.object({
  id: z.string(),
  seq: z.number().nullable(),
  at: z.string(),
  action: z.string(),
  subjectType: z.string(),
  subjectId: z.string(),
  /** the console area a read was in (orders, messages, outbox…), for reads recorded by the console */
  area: z.string().nullable(),
  /** the filters a console list was asked with (a search, a recipient) */
  filters: z.record(z.string(), z.string()).nullable(),
  actor: z.object({ id: z.string().nullable(), role: z.string(), name: z.string().nullable(), email: z.string().nullable() }),
  member: z.object({ id: z.string(), email: z.string().nullable() }).nullable(),
});

const filterText = z.string().trim().max(254).optional();

/** "Jane Q. Doe" → "J. Q. D.": enough for a member to tell two readers apart, without the staff member's full name. */
export function initialsOf(name: string | null): string {
  const words = (name ?? '').split(/\s+/).filter((word) => /\p{L}/u.test(word));
  return words.map((word) => `${[...word][0]!.toUpperCase()}.`).join(' ');
}

/** The audit log in the console: operators only, filtered by member and by staff member, paged. */
export const adminAuditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit',
    {
      // who read whose data is itself sensitive: the operators who answer for it, no one else
      config: { roles: ['operator'] },
      schema: {
        tags: ['admin'],
        summary: 'The audit log, newest first: who read or changed which member’s data, filtered by member and by staff, paged',
        querystring: z.object({
          member: filterText,
          staff: filterText,
          page: z.coerce.number().int().min(1).max(10_000).default(1),
        }),
        response: {
          200: z.object({ entries: z.array(auditEntrySchema), page: z.number(), pageSize: z.number(), total: z.number() }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { member, staff, page } = request.query;
      const { rows, total } = await searchAuditLog(
        app.db,
        { member: member || undefined, staff: staff || undefined },
        { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE },
      );
      return {
        entries: rows.map((row) => {
          const area = row.detail.area;
          const filters = row.detail.filters;
          return {
            id: row.id,
            seq: row.seq,
            at: row.createdAt.toISOString(),
            action: row.action,
            subjectType: row.subjectType,
            subjectId: row.subjectId,
            area: typeof area === 'string' ? area : null,
            filters: isTextRecord(filters) ? filters : null,
            actor: { id: row.actorId, role: row.actorRole, name: row.actorName, email: row.actorEmail },
            member: row.memberId ? { id: row.memberId, email: row.memberEmail } : null,
          };
        }),
        page,
        pageSize: PAGE_SIZE,
        total,
      };
    },
  );
};

function isTextRecord(value: unknown): value is Record<string, string> {
  return typeof value === 'object' && value !== null && Object.values(value).every((item) => typeof item === 'string');
}

/** A member's own view of the log: who at the shop read their results, and when. */
export const accountAuditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/results-reads',
    {
      schema: {
        tags: ['account'],
        summary: 'Who at the shop read the member’s results and when (their role and initials), newest first',
        response: {
          200: z.object({ reads: z.array(z.object({ at: z.string(), role: z.string(), initials: z.string() })) }),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const user = await request.requireUser();
      const rows = await resultsReadsOf(app.db, user.id, READS_SHOWN);
      reply.header('cache-control', 'private, no-store');
      return { reads: rows.map((row) => ({ at: row.at.toISOString(), role: row.role, initials: initialsOf(row.name) })) };
    },
  );
};
