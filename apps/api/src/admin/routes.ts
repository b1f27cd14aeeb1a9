import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listOutbox, storedEmail } from '../email/repository.ts';
import { errorResponses } from '../schemas.ts';

/**
 * The outbox in the console. A body's secrets (reset links, gift codes) are opened for a local
 * developer only, outside production; in production the team sees `[hidden N]` where they stood.
 * An e-mail sent by SMTP has no body here at all.
 */
export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const revealSecrets = app.config.NODE_ENV !== 'production';

  app.get(
    '/outbox',
    {
      // e-mails carry what one customer was sent: operators only, support never
      config: { roles: ['operator'] },
      schema: {
        tags: ['admin'],
        summary: 'The e-mails the shop sent or stored, newest first',
        querystring: z.object({ to: z.string().max(254).optional() }),
        response: {
          200: z.object({
            emails: z.array(
              z.object({
                id: z.string(),
                to: z.string(),
                subject: z.string(),
                template: z.string().nullable(),
                text: z.string().nullable(),
                status: z.string(),
                createdAt: z.string(),
                /** how many times its job tried to send it (SMTP down): each try is a row, shown as one e-mail */
                attempts: z.number(),
                firstAttemptAt: z.string(),
              }),
            ),
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const emails = await listOutbox(app.db, request.query.to?.trim().toLowerCase(), 50);
      const bodyOf = (row: (typeof emails)[number]['row']): string | null => {
        if (row.text === null) return null;
        if (!revealSecrets || !row.sealed) return row.text;
        try {
          return app.emailSecrets.open(storedEmail(row)).text;
        } catch {
          // sealed under another key (AUTH_SECRET changed since): shown as stored, its secrets hidden
          return row.text;
        }
      };
      return {
        emails: emails.map(({ row, attempts, firstAttemptAt }) => ({
          id: row.id,
          to: row.toAddress,
          subject: row.subject,
          template: row.template,
          text: bodyOf(row),
          status: row.status,
          createdAt: row.createdAt.toISOString(),
          attempts,
          firstAttemptAt: firstAttemptAt.toISOString(),
        })),
      };
    },
  );
};
