import { and, asc, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { mailboxOf, providerReferralSchema, REFERRAL_REWARD_CENTS, rewardClearsAt, type LeadData } from '@shop/core';
import { clinicMembers, orders, providerOrders, providerReferrals, rewardLedger, users, type Database, type Executor } from '@shop/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden } from '../errors.ts';
import { onEvent, type EventRecorder } from '../events/bus.ts';
import type { DomainEventPayloads } from '../events/catalog.ts';
import { submitLead } from '../leads/service.ts';
import { errorResponses } from '../schemas.ts';

/** The provider referral's reward, the same $50 as a member's (specification: "provider referral $50"). */
export const PROVIDER_REFERRAL_REWARD_CENTS = REFERRAL_REWARD_CENTS;

/**
 * A clinic's member refers a practitioner: the lead is kept like a visitor's (the team reaches
 * out the same way), and the referral is kept for the member's clinic, once per clinic and
 * mailbox, so that the practitioner's clinic's first paid order earns the referring clinic.
 */
export async function referProvider(
  deps: { db: Database; events: EventRecorder },
  referrer: { clinicId: string; userId: string },
  data: LeadData<'provider_referral'>,
): Promise<{ message: string }> {
  const answer = await submitLead(deps, 'provider_referral', data);
  await deps.db
    .insert(providerReferrals)
    .values({
      referrerClinicId: referrer.clinicId,
      referredByUserId: referrer.userId,
      providerEmail: mailboxOf(data.providerEmail),
      providerFirstName: data.providerFirstName,
      providerLastName: data.providerLastName,
      providerType: data.providerType,
    })
    .onConflictDoNothing();
  return answer;
}

/**
 * `POST /api/providers/referrals`, in the provider area: the referral of a signed-in clinic
 * member. The area's guard admits provider admins and staff; the clinic is the member's own,
 * read from the session, never from the request.
 */
export const providerReferralRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/referrals',
    {
      schema: {
        tags: ['providers'],
        summary: "Refer a practitioner for the member's clinic: it earns $50 when the practitioner's clinic's first order clears",
        body: providerReferralSchema,
        response: { 200: z.object({ message: z.string() }), ...errorResponses },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      // the area admitted the account's role; its membership names the clinic (read here, not from the provider area's
      // hook, so that this folder does not depend on the providers' one)
      const [member] = await app.db
        .select({ clinicId: clinicMembers.clinicId })
        .from(clinicMembers)
        .where(eq(clinicMembers.userId, user.id));
      if (!member) throw forbidden('Your account is not a member of a clinic.');
      return referProvider(app, { clinicId: member.clinicId, userId: user.id }, request.body);
    },
  );
};

/**
 * When a clinic's order is paid through its pay link, the clinic that referred it (by one of its
 * members' addresses) earns the provider referral's $50, pending until the order clears the
 * refund window; a refund or cancellation voids it like any earning (ledger.ts). Only the clinic's
 * first paid order counts, and only once: the referral's row is locked and `rewarded_order_id` is
 * written with the entry, so a replayed event, a second order paid at the same moment or a later
 * order finds it taken. A clinic that referred itself (its own member's address) earns nothing.
 */
export const rewardProviderReferralOfPaidOrder = onEvent({
  name: 'affiliates.provider-referral',
  on: 'provider_order.paid',
  mode: 'in-transaction',
  handle: (tx, event) => rewardProviderReferral(tx, event.payload),
});

export async function rewardProviderReferral(tx: Executor, paid: DomainEventPayloads['provider_order.paid']): Promise<void> {
  const mailboxes = (
    await tx
      .select({ email: users.email })
      .from(clinicMembers)
      .innerJoin(users, eq(users.id, clinicMembers.userId))
      .where(eq(clinicMembers.clinicId, paid.clinicId))
  ).map((row) => mailboxOf(row.email));
  // bound already, or first referred by one of its members' addresses: the earliest referral wins
  const [referral] = await tx
    .select()
    .from(providerReferrals)
    .where(
      or(
        eq(providerReferrals.referredClinicId, paid.clinicId),
        mailboxes.length > 0
          ? and(isNull(providerReferrals.referredClinicId), inArray(providerReferrals.providerEmail, mailboxes))
          : sql`false`,
      ),
    )
    .orderBy(sql`${providerReferrals.referredClinicId} is null`, asc(providerReferrals.createdAt), asc(providerReferrals.id))
    .limit(1)
    .for('update');
  if (!referral || referral.rewardedOrderId !== null) return;
  if (referral.referrerClinicId === paid.clinicId) return;
  if (referral.referredClinicId === null) {
    // a clinic is bound to one referrer: a concurrent binding by another referral loses here
    const bound = await tx
      .update(providerReferrals)
      .set({ referredClinicId: paid.clinicId })
      .where(and(eq(providerReferrals.id, referral.id), isNull(providerReferrals.referredClinicId)))
      .returning({ id: providerReferrals.id });
    if (bound.length === 0) return;
  }
  const [order] = await tx.select({ paidAt: orders.paidAt, number: orders.number }).from(orders).where(eq(orders.id, paid.orderId));
  if (!order?.paidAt) return;
  // the clinic's first order: none of its other pay links was paid before this one
  const [earlier] = await tx
    .select({ id: providerOrders.id })
    .from(providerOrders)
    .where(
      and(
        eq(providerOrders.clinicId, paid.clinicId),
        ne(providerOrders.id, paid.providerOrderId),
        eq(providerOrders.status, 'paid'),
        lt(providerOrders.paidAt, order.paidAt),
      ),
    )
    .limit(1);
  if (earlier) return;
  const written = await tx
    .insert(rewardLedger)
    .values({
      kind: 'provider_referral',
      clinicId: referral.referrerClinicId,
      orderId: paid.orderId,
      amountCents: PROVIDER_REFERRAL_REWARD_CENTS,
      status: 'pending',
      reason: `A referred clinic's first order #${order.number} paid`,
      clearsAt: rewardClearsAt(order.paidAt),
    })
    .onConflictDoNothing()
    .returning({ id: rewardLedger.id });
  if (written.length === 0) return;
  await tx.update(providerReferrals).set({ rewardedOrderId: paid.orderId }).where(eq(providerReferrals.id, referral.id));
}
