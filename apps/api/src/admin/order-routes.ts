import {
  biomarkersOrdered,
  consoleActions,
  consoleReasonSchema,
  formatMoney,
  guaranteeApplicationSchema,
  guaranteeMethods,
  kitShipmentSchema,
  orderStatuses,
  type KitSlug,
  type KitStatus,
  type OrderStatus,
} from '@shop/core';
import { eq } from 'drizzle-orm';
import { users } from '@shop/db';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listKits, orderItemsOf } from '../orders/lifecycle-repository.ts';
import { resendReceipt } from '../orders/receipt.ts';
import { refundable, refundOrder, type RefundDeps } from '../billing/refunds.ts';
import { approve, cancelOrder, consoleAction, receiveSample, shipKit } from '../orders/lifecycle.ts';
import { kitViewSchema } from '../orders/lifecycle-views.ts';
import { actionRoles, mayDo } from '../orders/permissions.ts';
import { orderDetailSchema, orderSummarySchema } from '../orders/routes.ts';
import { describeOrder, summarizeOrder } from '../orders/service.ts';
import { findOrder } from '../orders/repository.ts';
import { notFound } from '../errors.ts';
import { errorResponses, errorSchema } from '../schemas.ts';
import { validationFailed } from '../validation.ts';
import { applyGuarantee, guaranteeOf, type GuaranteeState } from '../programs/guarantee.ts';
import { attributionForConsole } from '../affiliates/attribution.ts';
import { searchOrders } from './search-repository.ts';
import { approvalQueue } from './approval-queue.ts';
import { orderParties } from './order-parties.ts';
import { approvalVerdict, claimApproval, licenceLine } from '../clinicians/physician.ts';

const PAGE_SIZE = 25;
const params = z.object({ id: z.string().max(64) });
const kitParams = params.extend({ kitSlug: z.string().max(64) });
const reasonBody = z.object({ reason: z.string().max(2000).optional() }).optional();

const adminOrderSchema = orderDetailSchema.extend({
  customer: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  /** the employer group that covered the order, if one did */
  employerGroup: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** the clinic that ordered it for its client, and whether the clinic paid it; null for an order of no clinic */
  clinic: z.object({ id: z.string(), name: z.string(), paid: z.boolean() }).nullable(),
  kits: z.array(
    kitViewSchema.extend({
      code: z.string().nullable(),
      /** the biomarkers the order bought in this kit: exactly the results it takes */
      biomarkers: z.array(z.string()),
    }),
  ),
  actions: z.array(z.object({ action: z.string(), kitSlug: z.string().optional(), allowed: z.boolean() })),
  /**
   * for a clinician looking at an order that waits for approval: where the person tested lives,
   * the licence of theirs that covers it, or why they may not approve it (null for anyone else)
   */
  approval: z.object({ testedState: z.string().nullable(), licence: z.string().nullable(), refusal: z.string().nullable() }).nullable(),
  /** the Improvement Program's guarantee, for a program order (null for any other) */
  guarantee: z
    .object({
      eligible: z.boolean(),
      /** what the member paid for the program's tests: what the guarantee gives back to them */
      amount: z.string(),
      amountCents: z.number().int(),
      /** what an employer that covered the order paid for them: back to the employer (null when none) */
      employerAmount: z.string().nullable(),
      /** why it cannot be applied now */
      message: z.string().nullable(),
      applied: z.object({ method: z.enum(guaranteeMethods), amount: z.string(), at: z.string() }).nullable(),
      refundStarted: z.boolean(),
    })
    .nullable(),
  /** who sent the customer (an affiliate's code or a member's referral) and what the order earned them; null when no one did */
  attribution: z
    .object({
      affiliateCode: z.string().nullable(),
      affiliateName: z.string().nullable(),
      referralCode: z.string().nullable(),
      selfReferral: z.boolean(),
      rewards: z.array(z.object({ kind: z.string(), entry: z.string(), status: z.string(), amount: z.string(), reason: z.string() })),
    })
    .nullable(),
});

const guaranteeBody = z.object({ reason: z.string().max(2000).optional(), method: z.string().max(32).optional() }).optional();

function guaranteeView(state: GuaranteeState) {
  if (!state.eligible && state.code === 'NOT_A_PROGRAM') return null;
  return {
    eligible: state.eligible,
    amount: formatMoney(state.applied?.amountCents ?? state.amountCents - state.employerCents),
    amountCents: state.applied?.amountCents ?? state.amountCents - state.employerCents,
    employerAmount:
      (state.applied?.employerCents ?? state.employerCents) > 0 ? formatMoney(state.applied?.employerCents ?? state.employerCents) : null,
    message: state.eligible || state.applied ? null : state.message,
    applied: state.applied
      ? { method: state.applied.method, amount: formatMoney(state.applied.amountCents), at: state.applied.at.toISOString() }
      : null,
    refundStarted: state.refundStarted,
  };
}

function reasonOf(body: unknown): string | undefined {
  const parsed = consoleReasonSchema.safeParse(body ?? {});
  if (!parsed.success) throw validationFailed(parsed.error.issues);
  return parsed.data.reason || undefined;
}

/** The order console: search, one order with what may be done to it now, and the actions. */
export const adminOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (): RefundDeps => ({ db: app.db, gateway: app.payments, events: app.events, publicUrl: app.config.PUBLIC_URL });

  async function view(orderId: string, user: { id: string; role?: string | null } | null | undefined) {
    const role = user?.role;
    const order = /^[0-9a-f-]{36}$/i.test(orderId) ? await findOrder(app.db, orderId) : undefined;
    if (!order) throw notFound('ORDER_NOT_FOUND', 'We could not find this order.');
    const [detail, kits, items, canRefund, guarantee, [customer], attribution, parties] = await Promise.all([
      describeOrder(app.db, order),
      listKits(app.db, order.id),
      orderItemsOf(app.db, order.id),
      refundable(app.db, order.id),
      guaranteeOf(app.db, order),
      app.db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(eq(users.id, order.userId)),
      attributionForConsole(app.db, order.id),
      orderParties(app.db, order),
    ]);
    // who may approve it: a clinician licensed where the person tested lives (the console shows why not)
    const verdict =
      order.status === 'approval_pending' && role === 'clinician' && user ? await approvalVerdict(app.db, order, user.id) : null;
    const actions = consoleActions(
      order.status as OrderStatus,
      kits.map((kit) => ({ kitSlug: kit.kitSlug, status: kit.status as KitStatus })),
      canRefund,
      guarantee.eligible,
    ).map((action) => ({ ...action, allowed: mayDo(role, action.action) && !(action.action === 'approve' && verdict?.refusal) }));
    return {
      ...detail,
      customer: customer ?? null,
      ...parties,
      kits: detail.kits.map((kit, index) => ({
        ...kit,
        code: kits[index]?.code ?? null,
        // a kit row's slug is one of the catalog's (an unknown one would match no test)
        biomarkers: biomarkersOrdered(items, kit.kitSlug as KitSlug),
      })),
      actions,
      approval: verdict && {
        testedState: verdict.testedState,
        licence: verdict.licence ? licenceLine(verdict.licence.state, verdict.licence.number) : null,
        refusal: verdict.refusal?.message ?? null,
      },
      guarantee: guaranteeView(guarantee),
      attribution: attribution && {
        ...attribution,
        rewards: attribution.rewards.map(({ amountCents, ...reward }) => ({ ...reward, amount: formatMoney(amountCents) })),
      },
    };
  }

  app.get(
    '/orders',
    {
      schema: {
        tags: ['admin'],
        summary: 'Orders for the console: search by order number or e-mail, filter by status, paged',
        querystring: z.object({
          q: z.string().max(254).optional(),
          status: z
            .enum(orderStatuses)
            .optional()
            .or(z.literal('').transform(() => undefined)),
          page: z.coerce.number().int().min(1).max(10_000).default(1),
        }),
        response: {
          200: z.object({ orders: z.array(orderSummarySchema), page: z.number(), pageSize: z.number(), total: z.number() }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { q, status, page } = request.query;
      const { rows, total } = await searchOrders(app.db, { q, status }, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
      return { orders: rows.map((row) => summarizeOrder(row)), page, pageSize: PAGE_SIZE, total };
    },
  );

  app.get(
    '/orders/approval-queue',
    {
      schema: {
        tags: ['admin'],
        summary:
          'The orders waiting for a clinician, oldest first, with their age: those a clinician asking may approve, those another may, and those no one on the team is licensed for',
        response: {
          200: z.object({
            orders: z.array(
              z.object({
                id: z.string(),
                number: z.number(),
                testedState: z.string().nullable(),
                stateName: z.string().nullable(),
                waitingSince: z.string(),
                ageHours: z.number().int(),
                lane: z.enum(['yours', 'others', 'unlicensed']),
                refusal: z.string().nullable(),
              }),
            ),
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => ({ orders: await approvalQueue(app.db, await request.requireUser()) }),
  );

  app.get(
    '/orders/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'One order with its customer, kits, timeline and the actions allowed now',
        params,
        response: { 200: adminOrderSchema, ...errorResponses },
      },
    },
    async (request) => view(request.params.id, await request.currentUser()),
  );

  const actionSchema = (summary: string, body: z.ZodType = reasonBody) => ({
    tags: ['admin'],
    summary,
    body,
    response: { 200: adminOrderSchema, ...errorResponses, 502: errorSchema },
  });
  const actor = async (request: FastifyRequest) => ({ user: await request.requireUser(), ip: request.ip });

  app.post(
    '/orders/:id/approve',
    { config: { roles: actionRoles.approve }, schema: { ...actionSchema('Approve an order (clinicians): its kits are created'), params } },
    async (request) => {
      const who = await actor(request);
      const reason = reasonOf(request.body);
      // the approving clinician becomes the physician of record, licensed where the person tested lives
      await consoleAction(
        deps(),
        'approve',
        request.params.id,
        who,
        async (tx, order) => {
          const moved = await approve(tx, app.events, order, who.user.id, reason);
          await claimApproval(tx, order, who.user);
          return moved;
        },
        { reason },
      );
      return view(request.params.id, who.user);
    },
  );

  app.post(
    '/orders/:id/decline',
    { config: { roles: actionRoles.decline }, schema: { ...actionSchema('Decline an order (clinicians): it is refunded'), params } },
    async (request) => {
      const who = await actor(request);
      const reason = reasonOf(request.body);
      await refundOrder(deps(), 'decline', request.params.id, who, reason);
      return view(request.params.id, who.user);
    },
  );

  app.post(
    '/orders/:id/refund',
    {
      config: { roles: actionRoles.refund },
      schema: { ...actionSchema('Refund an order through the payment provider, once (operators)'), params },
    },
    async (request) => {
      const who = await actor(request);
      const reason = reasonOf(request.body);
      await refundOrder(deps(), 'refund', request.params.id, who, reason);
      return view(request.params.id, who.user);
    },
  );

  app.post(
    '/orders/:id/cancel',
    { config: { roles: actionRoles.cancel }, schema: { ...actionSchema('Cancel an order where the rules allow (operators)'), params } },
    async (request) => {
      const who = await actor(request);
      const reason = reasonOf(request.body);
      await consoleAction(
        deps(),
        'cancel',
        request.params.id,
        who,
        (tx, order) => cancelOrder(tx, app.events, order, who.user.id, reason),
        { reason },
      );
      return view(request.params.id, who.user);
    },
  );

  app.post(
    '/orders/:id/resend-email',
    {
      config: { roles: actionRoles.resend_email },
      schema: { ...actionSchema('Send the order’s receipt again (support, operators)'), params },
    },
    async (request) => {
      const who = await actor(request);
      await consoleAction(deps(), 'resend_email', request.params.id, who, (tx, order) => resendReceipt(tx, order, app.config.PUBLIC_URL), {
        email: 'receipt',
      });
      return view(request.params.id, who.user);
    },
  );

  app.post(
    '/orders/:id/guarantee',
    {
      config: { roles: actionRoles.apply_guarantee },
      schema: {
        ...actionSchema(
          'Apply the Improvement Program’s guarantee, once (operators): what the member paid for its tests goes back to the card or as store credit',
          guaranteeBody,
        ),
        params,
      },
    },
    async (request) => {
      const who = await actor(request);
      const parsed = guaranteeApplicationSchema.safeParse(request.body ?? {});
      if (!parsed.success) throw validationFailed(parsed.error.issues);
      await applyGuarantee(deps(), request.params.id, who, parsed.data);
      return view(request.params.id, who.user);
    },
  );

  app.post(
    '/orders/:id/kits/:kitSlug/ship',
    {
      config: { roles: actionRoles.ship },
      schema: {
        ...actionSchema('Ship a kit with its tracking number (operators)', z.object({ trackingNumber: z.string().max(200) })),
        params: kitParams,
      },
    },
    async (request) => {
      const who = await actor(request);
      const parsed = kitShipmentSchema.safeParse(request.body);
      if (!parsed.success) throw validationFailed(parsed.error.issues);
      const { kitSlug, id } = request.params;
      await consoleAction(
        deps(),
        'ship',
        id,
        who,
        (tx, order) => shipKit(deps(), tx, order, kitSlug, parsed.data.trackingNumber, who.user.id),
        {
          kitSlug,
          trackingNumber: parsed.data.trackingNumber,
        },
      );
      return view(id, who.user);
    },
  );

  app.post(
    '/orders/:id/kits/:kitSlug/sample-received',
    {
      config: { roles: actionRoles.sample_received },
      schema: { ...actionSchema('Record that a kit’s sample reached the lab (operators)'), params: kitParams },
    },
    async (request) => {
      const who = await actor(request);
      const { kitSlug, id } = request.params;
      await consoleAction(deps(), 'sample_received', id, who, (tx, order) => receiveSample(deps(), tx, order, kitSlug, who.user.id), {
        kitSlug,
      });
      return view(id, who.user);
    },
  );
};
