import { randomBytes } from 'node:crypto';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { PAY_LINK_DAYS, providerOrderMessages, type ProviderOrderForm } from '@shop/core';
import { cartItems, clinicCards, clinicClients, clinics, orders, providerOrders, users, type Database, type Executor } from '@shop/db';
import { createCart, findCart } from '../cart/repository.ts';
import { openOrder } from '../checkout/open-order.ts';
import { chargeOrderToClinicCard, type ClinicCardReference, type ClinicChargeResult } from '../billing/clinic-charge.ts';
import type { CheckoutDeps } from '../billing/attempts.ts';
import { clinicPaidOrderEmail } from '../email/provider-templates.ts';
import { enqueueEmail } from '../email/queue.ts';
import type { SecretSealer } from '../email/sealed-secrets.ts';
import { onEvent } from '../events/bus.ts';
import { enqueue } from '../jobs/queue.ts';
import type { JobHandler } from '../jobs/worker.ts';
import { AppError, conflict } from '../errors.ts';
import { assertSoldIn } from '../sale-rules/where-sold.ts';
import type { ClinicMember } from './members.ts';
import { auditOrder, hashPayLinkToken, lockOwnOrder, pricedItems, visibleClient, type ProviderOrderDeps } from './orders.ts';
import { shopLongDay } from '../email/dates.ts';

declare module '../jobs/queue.ts' {
  interface JobPayloads {
    /** the client of an order the clinic paid is e-mailed the tests and a link to their order, once */
    'provider_order.tell_client': { providerOrderId: string };
  }
}

export interface ClinicOrderDeps extends ProviderOrderDeps {
  checkout: CheckoutDeps;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The clinic's saved card, ready to charge; refused with where to add one when there is none. */
async function chargeableCardOf(db: Executor, clinicId: string): Promise<ClinicCardReference> {
  const [card] = await db
    .select({ gateway: clinicCards.gateway, customerId: clinicCards.customerId, paymentMethod: clinicCards.paymentMethod })
    .from(clinicCards)
    .where(and(eq(clinicCards.clinicId, clinicId), isNotNull(clinicCards.paymentMethod)));
  if (!card?.paymentMethod) throw conflict('CLINIC_CARD_MISSING', providerOrderMessages.clinicCardMissing);
  return { gateway: card.gateway, customerId: card.customerId, paymentMethod: card.paymentMethod };
}

/**
 * The account that holds the client's order: theirs when the address has one, else made now
 * without a password (the client chooses one from the link the paid order's e-mail carries).
 * Two orders for a new client at once make one account: the address is unique.
 */
async function clientAccount(tx: Executor, client: { email: string; firstName: string; lastName: string }) {
  const email = client.email.toLowerCase();
  await tx
    .insert(users)
    .values({ id: crypto.randomUUID(), email, name: `${client.firstName} ${client.lastName}`.slice(0, 120) })
    .onConflictDoNothing();
  const [account] = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`);
  if (!account) throw new Error('the client’s account vanished after it was made');
  return account;
}

/**
 * A practitioner or admin orders tests for a client, paid by the clinic's saved card
 * (docs/decisions/0047-clinic-pays.md). The clinic's order, the client's account, cart and order of
 * the shop are made once per form key (a double click or a retry finds the same row), then the
 * order is charged through the billing module: one attempt per order under its lock, one charge.
 * A declined card orders nothing: the order waits, unseen by the client, for an admin to retry or
 * cancel it.
 */
export async function orderPaidByClinic(
  deps: ClinicOrderDeps,
  member: ClinicMember,
  form: ProviderOrderForm,
  idempotencyKey: string | undefined,
) {
  const now = deps.now?.() ?? new Date();
  const items = pricedItems(form.items);
  const { row, card } = await deps.db.transaction(async (tx) => {
    const card = await chargeableCardOf(tx, member.clinicId);
    const client = await visibleClient(tx, member, form.clientId);
    // the client lives where the tests may be sold, or nothing is written
    assertSoldIn(
      client.state,
      items.map((item) => item.productCode),
    );
    const totalCents = items.reduce((sum, item) => sum + item.priceCents, 0);
    const [made] = await tx
      .insert(providerOrders)
      .values({
        clinicId: member.clinicId,
        clientId: client.id,
        payer: 'clinic',
        items,
        totalCents,
        // a link nobody holds until the order is paid: the client's e-mail then carries a new one
        tokenHash: hashPayLinkToken(randomBytes(32).toString('base64url')),
        expiresAt: new Date(now.getTime() + PAY_LINK_DAYS * DAY_MS),
        sentAt: now,
        createdBy: member.memberId,
        idempotencyKey: idempotencyKey ?? null,
      })
      .onConflictDoNothing()
      .returning();
    if (!made) {
      // the same form sent again: its twin's order, charged (or found paid) below
      const [twin] = await tx
        .select()
        .from(providerOrders)
        .where(and(eq(providerOrders.clinicId, member.clinicId), eq(providerOrders.idempotencyKey, idempotencyKey ?? '')));
      if (!twin) throw new Error('the clinic’s order vanished after a conflict');
      // a key is one order: sent again for another client, it is a mistake, not a retry
      if (twin.clientId !== client.id || twin.payer !== 'clinic') {
        throw conflict('IDEMPOTENCY_KEY_REUSED', 'This order was already sent for another client. Please reload the page and order again.');
      }
      return { row: twin, card };
    }
    const account = await clientAccount(tx, client);
    const cart = await createCart(tx, account.id);
    await tx.insert(cartItems).values(
      items.map((item) => ({
        cartId: cart.id,
        productCode: item.productCode,
        testId: item.testId,
        origin: item.testId === null ? null : ('area' as const),
        quantity: 1,
      })),
    );
    const [row] = await tx
      .update(providerOrders)
      .set({ cartId: cart.id, clientUserId: account.id })
      .where(eq(providerOrders.id, made.id))
      .returning();
    await auditOrder(tx, member, 'provider.order_send', made.id, { clientId: client.id, items: form.items, payer: 'clinic', totalCents });
    return { row: row!, card };
  });
  return { providerOrderId: row.id, charge: await chargeClinicOrder(deps, row, card, member) };
}

/**
 * An admin charges a clinic's order again after its card was declined (a new attempt, with a new
 * key), once the card is fixed. A paid order is answered as paid; nothing is charged twice.
 */
export async function retryClinicOrder(deps: ClinicOrderDeps, member: ClinicMember, id: string) {
  const row = await deps.db.transaction(async (tx) => {
    const { order } = await lockOwnOrder(tx, member, id);
    if (order.payer !== 'clinic') throw conflict('PROVIDER_ORDER_NOT_CLINIC_PAID', providerOrderMessages.notClinicPaid);
    if (order.status === 'cancelled') throw conflict('PROVIDER_ORDER_CLOSED', providerOrderMessages.notOpen);
    return order;
  });
  const card = await chargeableCardOf(deps.db, member.clinicId);
  await auditOrder(deps.db, member, 'provider.order_charge', row.id, { clientId: row.clientId });
  return { providerOrderId: row.id, charge: await chargeClinicOrder(deps, row, card, member) };
}

/** Places the clinic's order's cart as an order of the shop (once per cart) and charges the clinic's card for it. */
async function chargeClinicOrder(
  deps: ClinicOrderDeps,
  row: typeof providerOrders.$inferSelect,
  card: ClinicCardReference,
  member: ClinicMember,
): Promise<ClinicChargeResult> {
  if (row.status === 'paid') return { status: 'paid', order: (await orderOfCart(deps.db, row.cartId))! };
  const cart = row.cartId ? await findCart(deps.db, row.cartId) : undefined;
  const [account] = row.clientUserId
    ? await deps.db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, row.clientUserId))
    : [];
  if (!cart || !account) throw conflict('PROVIDER_ORDER_CLOSED', providerOrderMessages.notOpen);
  // the client lives where the clinic said: the sale rules checked it when the order was made
  const [client] = await deps.db.select({ state: clinicClients.state }).from(clinicClients).where(eq(clinicClients.id, row.clientId));
  const { order } = await openOrder(deps.db, {
    user: account,
    cart,
    idempotencyKey: undefined,
    paidByClinic: true,
    testedState: client?.state ?? null,
  });
  return chargeOrderToClinicCard(deps.checkout, order, card, `clinic-member:${member.memberId}`);
}

async function orderOfCart(db: Executor, cartId: string | null) {
  if (!cartId) return undefined;
  const [order] = await db.select().from(orders).where(eq(orders.cartId, cartId));
  return order;
}

/** What the member is told when the clinic's card did not pay: nothing was ordered, and why. */
export function chargeRefusal(charge: ClinicChargeResult): AppError | null {
  if (charge.status === 'declined') return new AppError(402, 'CLINIC_CARD_DECLINED', providerOrderMessages.clinicCardDeclined);
  if (charge.status === 'needs_authentication') {
    return new AppError(402, 'CLINIC_CARD_NEEDS_HOLDER', providerOrderMessages.clinicCardNeedsHolder);
  }
  if (charge.status === 'unavailable') {
    return new AppError(502, 'PAYMENT_UNAVAILABLE', 'We could not reach the card’s bank. Please try again in a minute.');
  }
  return null;
}

/** When an order the clinic pays is paid (whoever settled it), its client is told, from the queue. */
export const tellClientOfClinicPaidOrder = onEvent({
  name: 'providers.tell-client-of-clinic-paid-order',
  on: 'provider_order.paid',
  mode: 'in-transaction',
  handle: async (tx, { payload }) => {
    const [row] = await tx
      .select({ payer: providerOrders.payer })
      .from(providerOrders)
      .where(eq(providerOrders.id, payload.providerOrderId));
    if (row?.payer !== 'clinic') return;
    await enqueue(tx, {
      name: 'provider_order.tell_client',
      payload: { providerOrderId: payload.providerOrderId },
      singletonKey: `provider-order-tell-client:${payload.providerOrderId}`,
    });
  },
});

/**
 * E-mails the client of a paid order of the clinic, once: the tests, who paid, and a new link
 * (minted here, only its hash kept) that lets them choose a password and open their order.
 */
export function tellClientJob(db: Database, publicUrl: string, secrets: SecretSealer): JobHandler<'provider_order.tell_client'> {
  return async ({ providerOrderId }) => {
    await db.transaction((tx) => emailClientOfPaidOrder(tx, { publicUrl, emailSecrets: secrets }, providerOrderId, new Date(), 'once'));
  };
}

/**
 * The client of a paid order of the clinic lost its e-mail, or let its link expire: a member of
 * the clinic sends it again, with a new link valid 14 days (the previous one stops working).
 * Audited as a pay link's resend is.
 */
export async function resendClinicPaidOrderEmail(deps: ProviderOrderDeps, member: ClinicMember, id: string): Promise<void> {
  const now = deps.now?.() ?? new Date();
  await deps.db.transaction(async (tx) => {
    const { order, client } = await lockOwnOrder(tx, member, id);
    if (order.payer !== 'clinic') throw conflict('PROVIDER_ORDER_PAY_LINK', providerOrderMessages.payLinkNoClientEmail);
    if (order.status !== 'paid') throw conflict('PROVIDER_ORDER_NOT_PAID', providerOrderMessages.clinicOrderNotPaid);
    const [shopOrder] = order.orderId ? await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, order.orderId)) : [];
    if (shopOrder?.status === 'refunded' || shopOrder?.status === 'cancelled')
      throw conflict('PROVIDER_ORDER_ENDED', providerOrderMessages.clinicOrderEnded);
    await emailClientOfPaidOrder(tx, deps, order.id, now, 'again');
    await auditOrder(tx, member, 'provider.order_resend', order.id, { clientId: client.id });
  });
}

/** The e-mail of a paid order of the clinic, with a new link: once (after payment), or again when asked. */
async function emailClientOfPaidOrder(
  tx: Executor,
  deps: Pick<ProviderOrderDeps, 'publicUrl' | 'emailSecrets'>,
  providerOrderId: string,
  now: Date,
  send: 'once' | 'again',
) {
  const [found] = await tx
    .select({ order: providerOrders, client: clinicClients, clinicName: clinics.name, number: orders.number })
    .from(providerOrders)
    .innerJoin(clinicClients, eq(clinicClients.id, providerOrders.clientId))
    .innerJoin(clinics, eq(clinics.id, providerOrders.clinicId))
    .leftJoin(orders, eq(orders.id, providerOrders.orderId))
    .where(
      and(
        eq(providerOrders.id, providerOrderId),
        eq(providerOrders.status, 'paid'),
        send === 'once' ? isNull(providerOrders.clientToldAt) : undefined,
      ),
    )
    .for('update', { of: providerOrders });
  if (!found) return;
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + PAY_LINK_DAYS * DAY_MS);
  await tx
    .update(providerOrders)
    .set({ tokenHash: hashPayLinkToken(token), expiresAt, clientToldAt: now, updatedAt: now })
    .where(eq(providerOrders.id, providerOrderId));
  const email = clinicPaidOrderEmail({
    to: found.client.email,
    firstName: found.client.firstName,
    clinicName: found.clinicName,
    tests: found.order.items.map((item) => item.title),
    orderNumber: found.number,
    url: `${deps.publicUrl}/checkout-practitioners?token=${encodeURIComponent(token)}`,
    expiresOn: shopLongDay(expiresAt),
  });
  // the first e-mail once whatever the job's retries; each one asked for again is its own
  const key =
    send === 'once' ? `provider-clinic-paid-order:${providerOrderId}` : `provider-clinic-paid-order:${providerOrderId}:${now.getTime()}`;
  await enqueueEmail(tx, deps.emailSecrets.seal(email), key);
}
