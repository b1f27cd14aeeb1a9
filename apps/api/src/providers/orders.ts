import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  PAY_LINK_DAYS,
  PAY_LINK_REMINDER_DAYS,
  clinicFeeLabel,
  clinicOrderTrack,
  findCatalogItem,
  formatMoney,
  providerOrderMessages,
  type PayLinkState,
  type ResultsReleaseState,
  type ProviderOrderForm,
  type ProviderPayer,
} from '@shop/core';
import {
  clinicClients,
  orders,
  payments,
  providerOrders,
  type ClinicClientRow,
  type Database,
  type Executor,
  type ProviderOrderRow,
} from '@shop/db';
import { payLinkEmail } from '../email/provider-templates.ts';
import { enqueueEmail } from '../email/queue.ts';
import type { SecretSealer } from '../email/sealed-secrets.ts';
import { enqueue } from '../jobs/queue.ts';
import { conflict, notFound } from '../errors.ts';
import { assertSoldIn } from '../sale-rules/where-sold.ts';
import { visibleTo } from './clients.ts';
import { clientWithdrewSharing } from './client-consent.ts';
import { fulfilmentOf, type OrderFulfilment } from './order-track.ts';
import { auditMemberAction, type ClinicMember } from './members.ts';
import type { SealedEmail } from '../email/sealed-secrets.ts';
import { shopLongDay } from '../email/dates.ts';

declare module '../jobs/queue.ts' {
  interface JobPayloads {
    /** a pay link's reminder (its e-mail sealed when the link was sent), sent only if the same link is still unpaid */
    'provider_order.remind': { providerOrderId: string; tokenHash: string; email: SealedEmail };
    /** a pay link's end: the member who sent it is told, if the same link is still unpaid */
    'provider_order.expire': { providerOrderId: string; tokenHash: string };
  }
}

export interface ProviderOrderDeps {
  db: Database;
  publicUrl: string;
  emailSecrets: SecretSealer;
  now?: () => Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const ROW_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const clientMissing = () => notFound('CLIENT_NOT_FOUND', 'We could not find this client.');
const orderMissing = () => notFound('PROVIDER_ORDER_NOT_FOUND', 'We could not find this order.');

/** Only its hash is stored: the token is in the client's e-mail alone. */
export const hashPayLinkToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** What the clinic sees of a pay link: paid and cancelled are final; an unpaid link is expired after its 14 days. */
export function payLinkState(row: Pick<ProviderOrderRow, 'status' | 'openedAt' | 'expiresAt'>, now: Date): PayLinkState {
  if (row.status === 'paid') return 'paid';
  if (row.status === 'cancelled') return 'cancelled';
  if (row.expiresAt <= now) return 'expired';
  return row.openedAt ? 'opened' : 'sent';
}

/**
 * What the clinic sees of an order: a pay link's state, or for an order the clinic pays, paid,
 * cancelled, or waiting on its card (the status of its last attempt: declined, or the bank wants
 * the card's holder). An order the clinic pays has no link to expire before it is paid.
 */
export function providerOrderState(
  row: Pick<ProviderOrderRow, 'payer' | 'status' | 'openedAt' | 'expiresAt'>,
  clinicAttempt: string | null,
  now: Date,
): PayLinkState {
  if (row.payer !== 'clinic' || row.status !== 'sent') return payLinkState(row, now);
  if (clinicAttempt === 'requires_action') return 'needs_card_holder';
  if (clinicAttempt === 'failed' || clinicAttempt === 'canceled') return 'card_declined';
  return 'sent';
}

/** The status of the last attempt to charge the clinic's card for the order of this clinic order's cart. */
const clinicAttemptStatus = sql<
  string | null
>`(select ${payments.status} from ${payments} inner join ${orders} on ${orders.id} = ${payments.orderId} where ${orders.cartId} = ${providerOrders.cartId} and ${payments.purpose} = 'clinic_card' order by ${payments.createdAt} desc limit 1)`;

/** The clinic's fee of an order as its own line, named after the clinic; null without one. */
export function feeLineOf(row: Pick<ProviderOrderRow, 'feeCents'>, clinicName: string) {
  return row.feeCents > 0 ? { label: clinicFeeLabel(clinicName), amount: formatMoney(row.feeCents), cents: row.feeCents } : null;
}

/**
 * Where the client's order of the shop stands, as the clinic follows it (core's `clinicOrderTrack`):
 * only for an order paid through the shop, from its fulfilment and its results' release.
 */
function trackOf(row: ProviderOrderRow, orderStatus: string | null, fulfilment: OrderFulfilment | undefined) {
  if (!orderStatus) return null;
  return clinicOrderTrack({
    fulfilment: { status: orderStatus, method: null, timeline: [], kits: [], ...fulfilment, items: row.items },
    results: {
      state: row.resultsRelease as ResultsReleaseState,
      heldAt: row.resultsHeldAt?.toISOString() ?? null,
      releasedAt: row.resultsReleasedAt?.toISOString() ?? null,
    },
  });
}

/**
 * One of the clinic's orders as it sees it. Of a client who withdrew their consent to share
 * (`sharingWithdrawn`), what the clinic itself ordered and its money stay (the tests it chose, the
 * link's state, the total, a refund), and nothing of the client's health: no progress, no results.
 */
export function presentProviderOrder(
  row: ProviderOrderRow,
  client: Pick<ClinicClientRow, 'firstName' | 'lastName'>,
  orderNumber: number | null,
  now: Date,
  clinicAttempt: string | null = null,
  orderStatus: string | null = null,
  fulfilment?: OrderFulfilment,
  sharingWithdrawn = false,
) {
  return {
    id: row.id,
    clientId: row.clientId,
    clientName: `${client.firstName} ${client.lastName}`,
    payer: row.payer as ProviderPayer,
    state: providerOrderState(row, clinicAttempt, now),
    paidElsewhere: row.paidElsewhereAt !== null,
    items: row.items.map((item) => ({ key: item.key, title: item.title, price: formatMoney(item.priceCents) })),
    fee: row.feeCents > 0 ? formatMoney(row.feeCents) : null,
    total: formatMoney(row.totalCents),
    sentAt: row.sentAt.toISOString(),
    openedAt: row.openedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    orderNumber,
    /** the client's order was refunded (a clinician's decline, or the shop's refund): everything paid went back */
    refunded: orderStatus === 'refunded',
    /** the client withdrew their consent to share with the clinic: the fields below are empty */
    consentWithdrawn: sharingWithdrawn,
    results: sharingWithdrawn ? null : (row.resultsRelease as ResultsReleaseState),
    resultsReleasedAt: sharingWithdrawn ? null : (row.resultsReleasedAt?.toISOString() ?? null),
    track: sharingWithdrawn ? null : trackOf(row, orderStatus, fulfilment),
  };
}

/**
 * The clinic's orders with what the dashboard shows of each: the client, the shop's order (its
 * number, whether refunded), the clinic's card's last attempt, and whether the client withdrew
 * their consent to share.
 */
const ordersAsSeen = (db: Executor) =>
  db
    .select({
      order: providerOrders,
      client: clinicClients,
      number: orders.number,
      orderStatus: orders.status,
      clinicAttempt: clinicAttemptStatus,
      sharingWithdrawn: clientWithdrewSharing(),
    })
    .from(providerOrders)
    .innerJoin(clinicClients, eq(clinicClients.id, providerOrders.clientId))
    .leftJoin(orders, eq(orders.id, providerOrders.orderId));

type SeenRow = {
  order: ProviderOrderRow;
  client: ClinicClientRow;
  number: number | null;
  orderStatus: string | null;
  clinicAttempt: string | null;
  sharingWithdrawn: boolean;
};

/** Rows of `ordersAsSeen`, as the clinic sees them, each with its track (none read for a client who withdrew). */
async function presentSeen(db: Executor, rows: SeenRow[], now: Date) {
  const orderIds = rows
    .filter((row) => !row.sharingWithdrawn)
    .map((row) => row.order.orderId)
    .filter((id): id is string => id !== null);
  const fulfilment = await fulfilmentOf(db, orderIds);
  return rows.map((row) =>
    presentProviderOrder(
      row.order,
      row.client,
      row.number,
      now,
      row.clinicAttempt,
      row.orderStatus,
      row.order.orderId ? fulfilment.get(row.order.orderId) : undefined,
      row.sharingWithdrawn,
    ),
  );
}

/** The clinic's orders of the clients the member sees, newest first; one client's when `clientId` is given. */
export async function listProviderOrders(deps: ProviderOrderDeps, member: ClinicMember, clientId: string | undefined) {
  if (clientId !== undefined && !ROW_ID.test(clientId)) throw clientMissing();
  const now = deps.now?.() ?? new Date();
  const rows = await ordersAsSeen(deps.db)
    .where(
      and(eq(providerOrders.clinicId, member.clinicId), visibleTo(member), clientId ? eq(providerOrders.clientId, clientId) : undefined),
    )
    .orderBy(desc(providerOrders.createdAt))
    .limit(500);
  await auditOrder(deps.db, member, 'provider.orders_list', clientId ?? member.clinicId, {
    clientId: clientId ?? null,
    count: rows.length,
  });
  return { orders: await presentSeen(deps.db, rows, now) };
}

function newLink(now: Date) {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashPayLinkToken(token), expiresAt: new Date(now.getTime() + PAY_LINK_DAYS * DAY_MS) };
}

/** E-mails the link, and queues its reminders (sealed now, while the token is known) and its end. */
async function sendLink(
  deps: ProviderOrderDeps,
  tx: Executor,
  row: ProviderOrderRow,
  client: ClinicClientRow,
  clinicName: string,
  token: string,
  now: Date,
) {
  const url = `${deps.publicUrl}/checkout-practitioners?token=${encodeURIComponent(token)}`;
  const email = (reminder: boolean) =>
    deps.emailSecrets.seal(
      payLinkEmail({
        to: client.email,
        firstName: client.firstName,
        clinicName,
        tests: row.items.map((item) => item.title),
        fee: feeLineOf(row, clinicName),
        total: formatMoney(row.totalCents),
        url,
        expiresOn: shopLongDay(row.expiresAt),
        reminder,
      }),
    );
  await enqueueEmail(tx, email(false));
  for (const days of PAY_LINK_REMINDER_DAYS) {
    await enqueue(tx, {
      name: 'provider_order.remind',
      payload: { providerOrderId: row.id, tokenHash: row.tokenHash, email: email(true) },
      runAt: new Date(now.getTime() + days * DAY_MS),
      singletonKey: `provider-order-remind:${row.tokenHash}:${days}`,
    });
  }
  await enqueue(tx, {
    name: 'provider_order.expire',
    payload: { providerOrderId: row.id, tokenHash: row.tokenHash },
    runAt: row.expiresAt,
    singletonKey: `provider-order-expire:${row.tokenHash}`,
  });
}

/**
 * A practitioner or admin orders tests for one of the clients they see, paid by the client (with
 * the clinic's fee on a line of its own, for `custom_fee`): the client is e-mailed a pay link
 * (single use, 14 days), reminded after 2 and 6 days. Prices come from the catalog here, never
 * from the request; the fee was bounded by the form's schema.
 */
export async function sendProviderOrder(deps: ProviderOrderDeps, member: ClinicMember, form: ProviderOrderForm) {
  if (form.payer === 'clinic') throw new Error('an order the clinic pays is charged, not sent: see clinic-orders.ts');
  const now = deps.now?.() ?? new Date();
  const items = pricedItems(form.items);
  const feeCents = form.payer === 'custom_fee' ? (form.feeCents ?? 0) : 0;
  return deps.db.transaction(async (tx) => {
    const client = await visibleClient(tx, member, form.clientId);
    // the client lives where the tests may be sold, or nothing is written
    assertSoldIn(
      client.state,
      items.map((item) => item.productCode),
    );
    const link = newLink(now);
    const [row] = await tx
      .insert(providerOrders)
      .values({
        clinicId: member.clinicId,
        clientId: client.id,
        payer: form.payer,
        items,
        feeCents,
        totalCents: items.reduce((sum, item) => sum + item.priceCents, 0) + feeCents,
        tokenHash: link.tokenHash,
        expiresAt: link.expiresAt,
        sentAt: now,
        createdBy: member.memberId,
      })
      .returning();
    await sendLink(deps, tx, row!, client, member.clinic.name, link.token, now);
    await auditOrder(tx, member, 'provider.order_send', row!.id, {
      clientId: client.id,
      items: form.items,
      payer: form.payer,
      feeCents,
      totalCents: row!.totalCents,
    });
    return presentProviderOrder(row!, client, null, now);
  });
}

/** The tests of an order, priced from the catalog here, never from the request. */
export function pricedItems(keys: readonly string[]) {
  return keys.map((key) => {
    const item = findCatalogItem(key);
    if (!item) throw conflict('UNKNOWN_TEST', providerOrderMessages.unknownItem);
    return { key: item.key, productCode: item.productCode, testId: item.testId, title: item.title, priceCents: item.priceCents };
  });
}

/** One of the clinic's clients the member sees: anyone else's is not found. */
export async function visibleClient(tx: Executor, member: ClinicMember, clientId: string) {
  if (!ROW_ID.test(clientId)) throw clientMissing();
  const [client] = await tx
    .select()
    .from(clinicClients)
    .where(and(visibleTo(member), eq(clinicClients.id, clientId)));
  if (!client) throw clientMissing();
  return client;
}

/** One order as the clinic sees it, after it was sent or charged. */
export async function providerOrderView(db: Executor, member: ClinicMember, id: string) {
  const [row] = await ordersAsSeen(db).where(and(eq(providerOrders.id, id), eq(providerOrders.clinicId, member.clinicId)));
  if (!row) throw orderMissing();
  const [seen] = await presentSeen(db, [row], new Date());
  return seen!;
}

/** The order, locked, if it is this clinic's and its client is one the member sees: else not found. */
export async function lockOwnOrder(tx: Executor, member: ClinicMember, id: string) {
  if (!ROW_ID.test(id)) throw orderMissing();
  const [row] = await tx
    .select({ order: providerOrders, client: clinicClients })
    .from(providerOrders)
    .innerJoin(clinicClients, eq(clinicClients.id, providerOrders.clientId))
    .where(and(eq(providerOrders.id, id), eq(providerOrders.clinicId, member.clinicId), visibleTo(member)))
    .for('update', { of: providerOrders });
  if (!row) throw orderMissing();
  return row;
}

/** A card payment the client started and the gateway may still complete: the clinic waits for it. */
async function paymentUnderway(tx: Executor, row: ProviderOrderRow): Promise<boolean> {
  if (!row.cartId) return false;
  const live = await tx
    .select({ id: payments.id })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(
      and(
        eq(orders.cartId, row.cartId),
        // a clinic's card waiting for its holder is not being paid: the clinic may give up and cancel
        inArray(
          payments.status,
          row.payer === 'clinic' ? ['started', 'processing', 'succeeded'] : ['started', 'processing', 'requires_action', 'succeeded'],
        ),
      ),
    )
    .limit(1);
  return live.length > 0;
}

async function assertStillOpen(tx: Executor, row: ProviderOrderRow) {
  if (row.status === 'paid') throw conflict('PROVIDER_ORDER_PAID', providerOrderMessages.alreadyPaid);
  if (row.status !== 'sent') throw conflict('PROVIDER_ORDER_CLOSED', providerOrderMessages.notOpen);
  if (await paymentUnderway(tx, row)) throw conflict('PROVIDER_ORDER_PAYING', providerOrderMessages.paying);
}

/** A pay link's actions (a new link, paid elsewhere) have no meaning for an order the clinic pays. */
function assertPayLink(row: ProviderOrderRow) {
  if (row.payer === 'clinic') throw conflict('PROVIDER_ORDER_CLINIC_PAID', providerOrderMessages.clinicPaidNoLink);
}

/** Sends the client a new link (the previous one stops working), valid 14 days from now, with its reminders. */
export async function resendProviderOrder(deps: ProviderOrderDeps, member: ClinicMember, id: string) {
  const now = deps.now?.() ?? new Date();
  return deps.db.transaction(async (tx) => {
    const { order, client } = await lockOwnOrder(tx, member, id);
    assertPayLink(order);
    await assertStillOpen(tx, order);
    const link = newLink(now);
    const [row] = await tx
      .update(providerOrders)
      .set({ tokenHash: link.tokenHash, expiresAt: link.expiresAt, sentAt: now, openedAt: null, remindersSent: 0, updatedAt: now })
      .where(eq(providerOrders.id, order.id))
      .returning();
    await sendLink(deps, tx, row!, client, member.clinic.name, link.token, now);
    await auditOrder(tx, member, 'provider.order_resend', order.id, { clientId: client.id });
    return presentProviderOrder(row!, client, null, now);
  });
}

/** Cancels the link: it can no longer be paid. */
export async function cancelProviderOrder(deps: ProviderOrderDeps, member: ClinicMember, id: string) {
  return close(deps, member, id, 'cancel');
}

/** The client paid the clinic some other way: the link closes as paid, and no order of the shop is made. */
export async function markProviderOrderPaidElsewhere(deps: ProviderOrderDeps, member: ClinicMember, id: string) {
  return close(deps, member, id, 'paid_elsewhere');
}

async function close(deps: ProviderOrderDeps, member: ClinicMember, id: string, how: 'cancel' | 'paid_elsewhere') {
  const now = deps.now?.() ?? new Date();
  return deps.db.transaction(async (tx) => {
    const { order, client } = await lockOwnOrder(tx, member, id);
    if (how === 'paid_elsewhere') assertPayLink(order);
    await assertStillOpen(tx, order);
    const [row] = await tx
      .update(providerOrders)
      .set(
        how === 'cancel'
          ? { status: 'cancelled', cancelledAt: now, updatedAt: now }
          : { status: 'paid', paidAt: now, paidElsewhereAt: now, updatedAt: now },
      )
      .where(eq(providerOrders.id, order.id))
      .returning();
    await auditOrder(tx, member, how === 'cancel' ? 'provider.order_cancel' : 'provider.order_mark_paid', order.id, {
      clientId: client.id,
    });
    return presentProviderOrder(row!, client, null, now);
  });
}

/** The audit line of a member's action on one of the clinic's orders. */
export function auditOrder(tx: Executor, member: ClinicMember, action: string, id: string, detail: Record<string, unknown>) {
  return auditMemberAction(tx, member, action, { type: 'provider_order', id }, detail);
}
