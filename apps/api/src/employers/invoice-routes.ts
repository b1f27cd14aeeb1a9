import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { employerInvoiceKinds } from '@shop/core';
import type { Role } from '../auth/session.ts';
import { errorResponses, errorSchema } from '../schemas.ts';
import { invoiceOfGroup, invoicePdfOfGroup, invoiceWithOrdersOfGroup, invoicesOfGroup, markInvoice } from './invoice-views.ts';
import { adminGroupOf } from './portal.ts';

export const invoiceSchema = z.object({
  id: z.string(),
  number: z.string(),
  // what it bills: the month's covered orders, or an amount for the prepaid testing bank (decision 0088)
  kind: z.enum(employerInvoiceKinds),
  period: z.string(),
  status: z.enum(['draft', 'open', 'paid', 'void']),
  totalCents: z.number().int(),
  issuedOn: z.string().nullable(),
  dueOn: z.string().nullable(),
  hostedUrl: z.string().nullable(),
  hasPdf: z.boolean(),
  paidOn: z.string().nullable(),
  paidVia: z.enum(['transfer', 'card', 'issuer']).nullable(),
  // the buyer as the invoice printed it when issued (null for an invoice issued before billing details were kept)
  billedTo: z
    .object({
      name: z.string(),
      address: z
        .object({ line1: z.string(), line2: z.string().nullable(), city: z.string(), state: z.string(), zip: z.string() })
        .nullable(),
      email: z.string().nullable(),
      poNumber: z.string().nullable(),
    })
    .nullable(),
});

const invoiceWithItemsSchema = invoiceSchema.extend({
  items: z.array(z.object({ label: z.string(), people: z.number().int(), amountCents: z.number().int() })),
});

const invoiceWithOrdersSchema = invoiceWithItemsSchema.extend({
  lines: z.array(
    z.object({
      kind: z.enum(['charge', 'credit', 'guarantee']),
      orderNumber: z.number().int(),
      orderDate: z.string(),
      amountCents: z.number().int(),
    }),
  ),
});

const invoiceParams = z.object({ invoiceId: z.uuid({ error: 'Unknown invoice' }) });
const groupInvoiceParams = z.object({ id: z.uuid({ error: 'Unknown employer group' }), invoiceId: z.uuid({ error: 'Unknown invoice' }) });

/** The recorded PDF, as a download only its own group's admin (or an operator) is sent. */
const sendPdf = (reply: FastifyReply, invoice: { number: number; pdf: Uint8Array }) =>
  reply
    .header('content-disposition', `attachment; filename="base-invoice-INV-${invoice.number}.pdf"`)
    .header('cache-control', 'private, no-store')
    .type('application/pdf')
    .send(Buffer.from(invoice.pdf));

/**
 * The employer portal's invoices (`/api/business`, employer admins only): their own group's, the
 * group found from the session. An invoice id of another group answers 404, as an unknown one.
 */
export const businessInvoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const groupOf = async (request: { requireUser(): Promise<{ id: string }> }) =>
    (await adminGroupOf(app.db, (await request.requireUser()).id)).id;
  const issuedOnly = { drafts: false };

  app.get(
    '/invoices',
    {
      schema: {
        tags: ['business'],
        summary: 'The signed-in employer admin’s group’s invoices (monthly, and bank top-ups’), newest first',
        response: { 200: z.object({ invoices: z.array(invoiceSchema) }), ...errorResponses },
      },
    },
    async (request) => ({ invoices: await invoicesOfGroup(app.db, await groupOf(request), issuedOnly) }),
  );

  app.get(
    '/invoices/:invoiceId',
    {
      schema: {
        tags: ['business'],
        summary:
          'One invoice of the admin’s group: a line per product with the people behind it (five or more), declines netted in, never an order',
        params: invoiceParams,
        response: { 200: invoiceWithItemsSchema, ...errorResponses },
      },
    },
    async (request) => invoiceOfGroup(app.db, await groupOf(request), request.params.invoiceId, issuedOnly),
  );

  app.get(
    '/invoices/:invoiceId/invoice.pdf',
    {
      schema: {
        tags: ['business'],
        summary: 'One invoice of the admin’s group as a PDF',
        params: invoiceParams,
        // the 200 is a PDF, sent as bytes; only the error bodies go through the serializer
        response: { 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => sendPdf(reply, await invoicePdfOfGroup(app.db, await groupOf(request), request.params.invoiceId, issuedOnly)),
  );
};

/** Employer groups' invoices are the operators'. */
const operatorOnly = ['operator'] as const satisfies readonly Role[];

/** The console's invoices of a group: the list, one with its lines, its PDF, and marking it paid or void. */
export const adminEmployerInvoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const everyInvoice = { drafts: true };

  app.get(
    '/employers/:id/invoices',
    {
      config: { roles: operatorOnly },
      schema: {
        tags: ['admin'],
        summary: 'An employer group’s monthly invoices, newest first (a draft is one being issued)',
        params: z.object({ id: z.uuid({ error: 'Unknown employer group' }) }),
        response: { 200: z.object({ invoices: z.array(invoiceSchema) }), ...errorResponses },
      },
    },
    async (request) => ({ invoices: await invoicesOfGroup(app.db, request.params.id, everyInvoice) }),
  );

  app.get(
    '/employers/:id/invoices/:invoiceId',
    {
      config: { roles: operatorOnly },
      schema: {
        tags: ['admin'],
        summary: 'One invoice of an employer group: the lines its employer reads, and the orders billed on it',
        params: groupInvoiceParams,
        response: { 200: invoiceWithOrdersSchema, ...errorResponses },
      },
    },
    async (request) => invoiceWithOrdersOfGroup(app.db, request.params.id, request.params.invoiceId),
  );

  app.get(
    '/employers/:id/invoices/:invoiceId/invoice.pdf',
    {
      config: { roles: operatorOnly },
      schema: {
        tags: ['admin'],
        summary: 'One invoice of an employer group as a PDF',
        params: groupInvoiceParams,
        response: { 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => sendPdf(reply, await invoicePdfOfGroup(app.db, request.params.id, request.params.invoiceId, everyInvoice)),
  );

  app.post(
    '/employers/:id/invoices/:invoiceId/status',
    {
      config: { roles: operatorOnly },
      schema: {
        tags: ['admin'],
        summary: 'Mark an open invoice paid or void (audited); 409 when it is not open',
        params: groupInvoiceParams,
        body: z.strictObject({ status: z.enum(['paid', 'void']) }),
        response: { 200: invoiceSchema, ...errorResponses },
      },
    },
    async (request) =>
      markInvoice(
        { db: app.db, events: app.events },
        { user: await request.requireUser(), ip: request.ip },
        request.params.id,
        request.params.invoiceId,
        request.body.status,
      ),
  );
};
