import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  clinicCards,
  clinicClients,
  clinicInvitations,
  clinicMembers,
  clinics,
  clinicWebhookDeliveries,
  clinicWebhookEndpoints,
  orders,
  providerOrders,
  rewardLedger,
  users,
  type Executor,
} from '@shop/db';
import { CLINIC_FEE_KIND } from './fees.ts';

/**
 * What the console reads of clinics: who they are, their people, their card, their webhooks and
 * their pay links in counts. A client's name, date of birth or results are not read here: an
 * order is opened from its number, on the order's own page, whose reads are audited.
 */

/** How many orders the clinic page lists, newest first. */
export const CLINIC_RECENT_PAY_LINKS = 25;

const countOf = (query: ReturnType<typeof sql>) => sql<number>`(${query})`.mapWith(Number);

/** Every clinic with counts that name nobody, newest first. */
export function listClinics(db: Executor) {
  return db
    .select({
      id: clinics.id,
      name: clinics.name,
      type: clinics.type,
      city: clinics.city,
      state: clinics.state,
      createdAt: clinics.createdAt,
      people: countOf(sql`select count(*) from ${clinicMembers} where ${clinicMembers.clinicId} = ${clinics.id}`),
      clients: countOf(sql`select count(*) from ${clinicClients} where ${clinicClients.clinicId} = ${clinics.id}`),
      payLinks: countOf(sql`select count(*) from ${providerOrders} where ${providerOrders.clinicId} = ${clinics.id}`),
      paid: countOf(
        sql`select count(*) from ${providerOrders} where ${providerOrders.clinicId} = ${clinics.id} and ${providerOrders.status} = 'paid'`,
      ),
      hasCard: sql<boolean>`exists (select 1 from ${clinicCards} where ${clinicCards.clinicId} = ${clinics.id} and ${clinicCards.paymentMethod} is not null)`,
    })
    .from(clinics)
    .orderBy(desc(clinics.createdAt))
    .limit(500);
}

export async function clinicRow(db: Executor, clinicId: string) {
  const [clinic] = await db.select().from(clinics).where(eq(clinics.id, clinicId));
  return clinic;
}

export function clinicPeople(db: Executor, clinicId: string) {
  return db
    .select({ id: clinicMembers.id, name: users.name, email: users.email, role: clinicMembers.role, joinedAt: clinicMembers.createdAt })
    .from(clinicMembers)
    .innerJoin(users, eq(users.id, clinicMembers.userId))
    .where(eq(clinicMembers.clinicId, clinicId))
    .orderBy(clinicMembers.createdAt);
}

/** The invitations nobody accepted or revoked: waiting, or expired unanswered. */
export function openInvitations(db: Executor, clinicId: string) {
  return db
    .select({
      id: clinicInvitations.id,
      name: clinicInvitations.name,
      email: clinicInvitations.email,
      role: clinicInvitations.role,
      sentAt: clinicInvitations.createdAt,
      expiresAt: clinicInvitations.expiresAt,
    })
    .from(clinicInvitations)
    .where(and(eq(clinicInvitations.clinicId, clinicId), isNull(clinicInvitations.acceptedAt), isNull(clinicInvitations.revokedAt)))
    .orderBy(desc(clinicInvitations.createdAt));
}

export async function clinicCard(db: Executor, clinicId: string) {
  const [card] = await db
    .select({
      brand: clinicCards.cardBrand,
      last4: clinicCards.cardLast4,
      expMonth: clinicCards.expMonth,
      expYear: clinicCards.expYear,
      saved: sql<boolean>`${clinicCards.paymentMethod} is not null`,
      updatedAt: clinicCards.updatedAt,
    })
    .from(clinicCards)
    .where(eq(clinicCards.clinicId, clinicId));
  return card;
}

/** The clinic's webhook endpoints, each with its deliveries counted by state. */
export function clinicEndpoints(db: Executor, clinicId: string) {
  const deliveries = (status: string) =>
    countOf(
      sql`select count(*) from ${clinicWebhookDeliveries} where ${clinicWebhookDeliveries.endpointId} = ${clinicWebhookEndpoints.id} and ${clinicWebhookDeliveries.status} = ${status}`,
    );
  return db
    .select({
      id: clinicWebhookEndpoints.id,
      url: clinicWebhookEndpoints.url,
      createdAt: clinicWebhookEndpoints.createdAt,
      removedAt: clinicWebhookEndpoints.removedAt,
      delivered: deliveries('delivered'),
      retrying: deliveries('retrying'),
      failed: deliveries('failed'),
    })
    .from(clinicWebhookEndpoints)
    .where(eq(clinicWebhookEndpoints.clinicId, clinicId))
    .orderBy(desc(clinicWebhookEndpoints.createdAt));
}

/**
 * The clinic's orders counted as its dashboard names their states (core's `payLinkStates`): a
 * client's link waiting (sent or opened) or expired unpaid, paid through the shop, marked paid
 * elsewhere by the clinic, cancelled.
 */
export async function payLinkCounts(db: Executor, clinicId: string, now: Date) {
  const waiting = sql`${providerOrders.status} = 'sent'`;
  const expired = sql`${providerOrders.payer} <> 'clinic' and ${providerOrders.expiresAt} <= ${now}`;
  const counted = (condition: ReturnType<typeof sql>) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);
  const [counts] = await db
    .select({
      waiting: counted(sql`${waiting} and not (${expired})`),
      expired: counted(sql`${waiting} and ${expired}`),
      paid: counted(sql`${providerOrders.status} = 'paid' and ${providerOrders.paidElsewhereAt} is null`),
      paidElsewhere: counted(sql`${providerOrders.paidElsewhereAt} is not null`),
      cancelled: counted(sql`${providerOrders.status} = 'cancelled'`),
      clinicPaid: counted(
        sql`${providerOrders.payer} = 'clinic' and ${providerOrders.status} = 'paid' and ${providerOrders.paidElsewhereAt} is null`,
      ),
    })
    .from(providerOrders)
    .where(eq(providerOrders.clinicId, clinicId));
  return counts ?? { waiting: 0, expired: 0, paid: 0, paidElsewhere: 0, cancelled: 0, clinicPaid: 0 };
}

/** The clinic's latest pay links, with the order each made: numbers and states, never the client. */
export function recentPayLinks(db: Executor, clinicId: string) {
  return db
    .select({
      id: providerOrders.id,
      payer: providerOrders.payer,
      status: providerOrders.status,
      totalCents: providerOrders.totalCents,
      feeCents: providerOrders.feeCents,
      sentAt: providerOrders.sentAt,
      openedAt: providerOrders.openedAt,
      expiresAt: providerOrders.expiresAt,
      paidAt: providerOrders.paidAt,
      paidElsewhereAt: providerOrders.paidElsewhereAt,
      resultsRelease: providerOrders.resultsRelease,
      orderId: orders.id,
      orderNumber: orders.number,
      orderStatus: orders.status,
    })
    .from(providerOrders)
    .leftJoin(orders, eq(orders.id, providerOrders.orderId))
    .where(eq(providerOrders.clinicId, clinicId))
    .orderBy(desc(providerOrders.sentAt))
    .limit(CLINIC_RECENT_PAY_LINKS);
}

/**
 * The clinic's fees in cents, summed as its own fees page sums them (fees.ts): every earning,
 * what was refunded (voided earnings and clawbacks) and what was paid out; owed is what is left.
 */
export async function clinicFeeSums(db: Executor, clinicId: string) {
  const sumWhere = (condition: ReturnType<typeof sql>) =>
    sql<number>`coalesce(sum(abs(${rewardLedger.amountCents})) filter (where ${condition}), 0)`.mapWith(Number);
  const [sums] = await db
    .select({
      earned: sumWhere(sql`${rewardLedger.entry} = 'earning'`),
      refunded: sumWhere(sql`${rewardLedger.entry} = 'clawback' or ${rewardLedger.status} = 'voided'`),
      paidOut: sumWhere(sql`${rewardLedger.entry} = 'earning' and ${rewardLedger.status} = 'paid'`),
    })
    .from(rewardLedger)
    .where(and(eq(rewardLedger.clinicId, clinicId), eq(rewardLedger.kind, CLINIC_FEE_KIND)));
  const { earned = 0, refunded = 0, paidOut = 0 } = sums ?? {};
  return { earned, refunded, paidOut, owed: earned - refunded - paidOut };
}
