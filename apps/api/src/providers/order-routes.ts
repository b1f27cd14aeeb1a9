import { clinicOrderStages, payLinkStates, providerOrderSchema, providerPayers, resultsReleaseStates } from '@shop/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, errorSchema } from '../schemas.ts';
import { chargeRefusal, orderPaidByClinic, resendClinicPaidOrderEmail, retryClinicOrder, type ClinicOrderDeps } from './clinic-orders.ts';
import {
  cancelProviderOrder,
  listProviderOrders,
  markProviderOrderPaidElsewhere,
  providerOrderView,
  resendProviderOrder,
  sendProviderOrder,
  type ProviderOrderDeps,
} from './orders.ts';
import type { ClinicMember } from './members.ts';
import type { FastifyRequest } from 'fastify';

export const providerOrderSchemaOut = z.object({
  id: z.string(),
  clientId: z.string(),
  clientName: z.string(),
  payer: z.enum(providerPayers),
  state: z.enum(payLinkStates),
  paidElsewhere: z.boolean(),
  items: z.array(z.object({ key: z.string(), title: z.string(), price: z.string() })),
  /** the clinic's fee, part of the total; null without one */
  fee: z.string().nullable(),
  total: z.string(),
  sentAt: z.string(),
  openedAt: z.string().nullable(),
  expiresAt: z.string(),
  paidAt: z.string().nullable(),
  orderNumber: z.number().nullable(),
  /** the client's order was refunded: everything paid for it went back */
  refunded: z.boolean(),
  /** the client withdrew their consent to share their health data with the clinic (decision 0081): no results or progress below */
  consentWithdrawn: z.boolean(),
  /** where the results' release stands; null when the client withdrew their consent to share */
  results: z.enum(resultsReleaseStates).nullable(),
  resultsReleasedAt: z.string().nullable(),
  /** where the client's paid order stands (core's clinicOrderTrack): null before it is paid through the shop, or once it has nothing to follow */
  track: z
    .object({
      stage: z.enum(clinicOrderStages),
      reached: z.array(z.object({ stage: z.enum(clinicOrderStages), on: z.string().nullable() })),
      next: z.object({ label: z.string(), from: z.string(), to: z.string() }).nullable(),
    })
    .nullable(),
});
const params = z.object({ id: z.string().max(64) });
const idempotencyKey = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,100}$/, { error: 'Idempotency-Key must be 8 to 100 letters, digits, - or _' })
  .optional();
/** Who orders: practitioners and admins (staff draft orders for them: draft-routes.ts). */
const orderers = { clinicRoles: ['admin', 'practitioner'] as const };

/**
 * The clinic's orders for its clients, inside the provider area (its hook has found the member):
 * an order of another clinic, or of a client the member does not see, is not found.
 */
export function registerProviderOrderRoutes(app: FastifyInstance, memberOf: (request: FastifyRequest) => ClinicMember) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const deps = (): ProviderOrderDeps => ({ db: app.db, publicUrl: app.config.PUBLIC_URL, emailSecrets: app.emailSecrets });
  const clinicDeps = (): ClinicOrderDeps => ({ ...deps(), checkout: app.checkout });

  api.get(
    '/orders',
    {
      schema: {
        tags: ['providers'],
        summary:
          'The clinic’s orders for the clients the member sees, newest first, with each pay link’s state; one client’s with clientId (audited)',
        querystring: z.object({ clientId: z.string().max(64).optional() }),
        response: { 200: z.object({ orders: z.array(providerOrderSchemaOut) }), ...errorResponses },
      },
    },
    async (request) => listProviderOrders(deps(), memberOf(request), request.query.clientId),
  );

  api.post(
    '/orders',
    {
      config: orderers,
      schema: {
        tags: ['providers'],
        summary:
          'Order tests for a client, paid by the client (with the clinic’s fee of $0 to $500 on its own line, for custom_fee): an e-mail with a pay link valid 14 days, reminders after 2 and 6 days; or paid by the clinic’s saved card (clinic), charged at once, once per Idempotency-Key, and the client e-mailed a link to their order (practitioners and admins; audited)',
        description:
          '402: the clinic’s card was declined or its bank wants the card’s holder; the order waits, unseen by the client, for an admin to charge it again or cancel it. 409: no clinic card.',
        headers: z.object({ 'idempotency-key': idempotencyKey }),
        body: providerOrderSchema,
        response: { 201: providerOrderSchemaOut, 402: errorSchema, 502: errorSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const member = memberOf(request);
      if (request.body.payer !== 'clinic') return reply.status(201).send(await sendProviderOrder(deps(), member, request.body));
      const placed = await orderPaidByClinic(clinicDeps(), member, request.body, request.headers['idempotency-key']);
      const refusal = chargeRefusal(placed.charge);
      if (refusal) throw refusal;
      return reply.status(201).send(await providerOrderView(app.db, member, placed.providerOrderId));
    },
  );

  api.post(
    '/orders/:id(^[\\w-]+$)/charge',
    {
      config: { clinicRoles: ['admin'] as const },
      schema: {
        tags: ['providers'],
        summary:
          'Charge the clinic’s saved card again for an order it pays whose card was declined (admins; audited): a new attempt, and nothing charged twice',
        params,
        response: { 200: providerOrderSchemaOut, 402: errorSchema, 502: errorSchema, ...errorResponses },
      },
    },
    async (request) => {
      const member = memberOf(request);
      const placed = await retryClinicOrder(clinicDeps(), member, request.params.id);
      const refusal = chargeRefusal(placed.charge);
      if (refusal) throw refusal;
      return providerOrderView(app.db, member, placed.providerOrderId);
    },
  );

  api.post(
    '/orders/:id(^[\\w-]+$)/client-email',
    {
      config: orderers,
      schema: {
        tags: ['providers'],
        summary:
          'Send the client of a paid order of the clinic its e-mail again, with a new link valid 14 days; the previous link stops working (practitioners and admins; audited)',
        params,
        response: { 200: providerOrderSchemaOut, ...errorResponses },
      },
    },
    async (request) => {
      const member = memberOf(request);
      await resendClinicPaidOrderEmail(deps(), member, request.params.id);
      return providerOrderView(app.db, member, request.params.id);
    },
  );

  api.post(
    '/orders/:id(^[\\w-]+$)/resend',
    {
      config: orderers,
      schema: {
        tags: ['providers'],
        summary: 'Send the client a new pay link, valid 14 days; the previous link stops working (practitioners and admins; audited)',
        params,
        response: { 200: providerOrderSchemaOut, ...errorResponses },
      },
    },
    async (request) => resendProviderOrder(deps(), memberOf(request), request.params.id),
  );

  api.post(
    '/orders/:id(^[\\w-]+$)/cancel',
    {
      config: orderers,
      schema: {
        tags: ['providers'],
        summary: 'Cancel an unpaid order: its pay link can no longer be paid (practitioners and admins; audited)',
        params,
        response: { 200: providerOrderSchemaOut, ...errorResponses },
      },
    },
    async (request) => cancelProviderOrder(deps(), memberOf(request), request.params.id),
  );

  api.post(
    '/orders/:id(^[\\w-]+$)/mark-paid',
    {
      config: orderers,
      schema: {
        tags: ['providers'],
        summary:
          'Mark an unpaid order paid elsewhere: its pay link closes as paid, and no order of the shop is made (practitioners and admins; audited)',
        params,
        response: { 200: providerOrderSchemaOut, ...errorResponses },
      },
    },
    async (request) => markProviderOrderPaidElsewhere(deps(), memberOf(request), request.params.id),
  );
}
