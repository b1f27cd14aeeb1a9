import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  billingModes,
  employerBillingDetailsSchema,
  employerCardTopUpSchema,
  employerTopUpInvoiceSchema,
  MAX_CARD_TOP_UP_CENTS,
  MIN_CARD_TOP_UP_CENTS,
} from '@shop/core';
import { invoicePayeeFrom, transferLines } from '../billing/invoice-payee.ts';
import { errorResponses, errorSchema } from '../schemas.ts';
import { billingDetailsView, saveBillingDetails } from './billing-details.ts';
import { confirmEmployerPayment, payInvoiceByCard, paymentsOfGroup, topUpBankByCard, type PayingAdmin } from './employer-payments.ts';
import { invoiceSchema } from './invoice-routes.ts';
import { adminGroupOf } from './portal.ts';
import { requestTopUpInvoice } from './top-up-invoices.ts';

/** A group's billing details, as the portal and the console show them (each null until set). */
export const billingDetailsViewSchema = z.object({
  address: z.object({ line1: z.string(), line2: z.string().nullable(), city: z.string(), state: z.string(), zip: z.string() }).nullable(),
  email: z.string().nullable(),
  poNumber: z.string().nullable(),
});

const paymentAnswerSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('succeeded'), paymentId: z.string(), amountCents: z.number().int(), card: z.string().nullable() }),
  z.object({ status: z.literal('requires_action'), paymentId: z.string(), clientSecret: z.string() }),
  z.object({ status: z.literal('processing'), paymentId: z.string() }),
]);

const paymentResponses = { 200: paymentAnswerSchema, 402: errorSchema, 502: errorSchema, ...errorResponses };

const paymentMethod = z.string({ error: 'Please enter your card' }).min(3).max(300);

/**
 * The employer portal's billing (`/api/business`, employer admins only, their own group found from
 * the session): the billing details printed on invoices, paying an open invoice by card, and adding
 * funds to a prepaid testing bank by card (docs/decisions/0085-employers-pay-online.md) or by
 * invoice (docs/decisions/0088-bank-top-up-by-invoice.md).
 */
export const businessBillingRoutes: FastifyPluginAsyncZod = async (app) => {
  const payee = invoicePayeeFrom(app.config);
  const adminOf = async (request: { requireUser(): Promise<{ id: string; email: string }>; ip: string }) => {
    const user = await request.requireUser();
    const group = await adminGroupOf(app.db, user.id);
    const admin: PayingAdmin = { user: { id: user.id, email: user.email }, groupId: group.id, ip: request.ip };
    return { admin, group };
  };

  app.get(
    '/billing',
    {
      schema: {
        tags: ['business'],
        summary:
          'The admin’s group’s billing: its billing details, how invoices are paid (online, or by transfer to the seller’s account), its bank’s top-ups and its card payments (never the bank’s live balance: decision 0057)',
        response: {
          200: z.object({
            billingMode: z.enum(billingModes),
            details: billingDetailsViewSchema,
            // whether invoices are issued here (the embedded PDF, paid by card here) or on Stripe's hosted page
            invoicing: z.enum(['embedded', 'stripe']),
            seller: z.object({ legalName: z.string(), address: z.string() }),
            transfer: z.array(z.string()),
            topUp: z.object({ minCents: z.number().int(), maxCents: z.number().int() }),
            payments: z.array(
              z.object({
                id: z.string(),
                purpose: z.enum(['invoice', 'top_up']),
                invoiceId: z.string().nullable(),
                amountCents: z.number().int(),
                status: z.enum(['started', 'processing', 'requires_action', 'succeeded', 'failed']),
                card: z.string().nullable(),
                at: z.string(),
              }),
            ),
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { group } = await adminOf(request);
      return {
        billingMode: group.billingMode,
        details: billingDetailsView(group),
        invoicing: app.config.INVOICING,
        seller: { legalName: payee.legalName, address: payee.address },
        transfer: transferLines(payee),
        topUp: { minCents: MIN_CARD_TOP_UP_CENTS, maxCents: MAX_CARD_TOP_UP_CENTS },
        payments: await paymentsOfGroup(app.db, group.id),
      };
    },
  );

  app.put(
    '/billing/details',
    {
      schema: {
        tags: ['business'],
        summary:
          'Set the group’s billing address (US), accounts-payable e-mail and PO number, printed on the invoices issued from now on (audited)',
        body: employerBillingDetailsSchema,
        response: { 200: billingDetailsViewSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { admin } = await adminOf(request);
      return saveBillingDetails(app.db, admin, request.body);
    },
  );

  app.post(
    '/invoices/:invoiceId/payments',
    {
      schema: {
        tags: ['business'],
        summary:
          'Pay an open invoice of the admin’s group by card, exactly once (a double submit joins the first payment); 402 when declined, the invoice left open',
        params: z.object({ invoiceId: z.uuid({ error: 'Unknown invoice' }) }),
        body: z.strictObject({ paymentMethod }),
        response: paymentResponses,
      },
    },
    async (request) => {
      const { admin } = await adminOf(request);
      return payInvoiceByCard(app.checkout, admin, request.params.invoiceId, request.body.paymentMethod);
    },
  );

  app.post(
    '/payments/:paymentId/confirm',
    {
      schema: {
        tags: ['business'],
        summary: 'After the bank’s check of a card payment (an invoice or a top-up): settle it if the check passed',
        params: z.object({ paymentId: z.uuid({ error: 'Unknown payment' }) }),
        response: paymentResponses,
      },
    },
    async (request) => {
      const { admin } = await adminOf(request);
      return confirmEmployerPayment(app.checkout, admin, request.params.paymentId);
    },
  );

  app.post(
    '/bank/top-ups',
    {
      schema: {
        tags: ['business'],
        summary: 'Add funds to the group’s prepaid testing bank by card, once per request key; credited to the bank’s ledger when paid',
        body: employerCardTopUpSchema.extend({ paymentMethod, requestKey: z.uuid({ error: 'Please reload the page and try again' }) }),
        response: paymentResponses,
      },
    },
    async (request) => {
      const { admin } = await adminOf(request);
      return topUpBankByCard(app.checkout, admin, request.body);
    },
  );

  app.post(
    '/bank/top-up-invoices',
    {
      schema: {
        tags: ['business'],
        summary:
          'Ask for an invoice of an amount for the group’s prepaid testing bank, once per request key: issued and e-mailed to the admins, credited to the bank once it is paid (by card here, or by transfer)',
        body: employerTopUpInvoiceSchema,
        response: { 201: invoiceSchema, 502: errorSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { admin } = await adminOf(request);
      const invoice = await requestTopUpInvoice({ db: app.db, events: app.events }, app.invoicing, admin, request.body);
      return reply.code(201).send(invoice);
    },
  );
};
