import { and, eq, ne } from 'drizzle-orm';
import { formatMoney, providerOrderMessages } from '@shop/core';
import {
  accounts,
  cartItems,
  clinicClients,
  clinicMembers,
  clinics,
  orders,
  providerOrders,
  users,
  type Database,
  type Executor,
} from '@shop/db';
import { MIN_PASSWORD_LENGTH } from '../auth/auth.ts';
import { hashPassword } from '../auth/password.ts';
import { AppError, badRequest, forbidden, notFound } from '../errors.ts';
import { createCart, findCart } from '../cart/repository.ts';
import { placeOrder, type CheckoutResult } from '../checkout/service.ts';
import type { CheckoutDeps } from '../billing/attempts.ts';
import { onEvent } from '../events/bus.ts';
import { enqueueEmail } from '../email/queue.ts';
import { payLinkExpiredEmail } from '../email/provider-templates.ts';
import type { JobHandler } from '../jobs/worker.ts';
import { feeLineOf, hashPayLinkToken, payLinkState } from './orders.ts';

const invalid = () => notFound('PAY_LINK_INVALID', providerOrderMessages.linkInvalid);

async function findByToken(db: Executor, token: string) {
  const [row] = await db
    .select({ order: providerOrders, client: clinicClients, clinicName: clinics.name })
    .from(providerOrders)
    .innerJoin(clinicClients, eq(clinicClients.id, providerOrders.clientId))
    .innerJoin(clinics, eq(clinics.id, providerOrders.clinicId))
    .where(eq(providerOrders.tokenHash, hashPayLinkToken(token)));
  return row;
}

/** Why a link cannot be paid now, or null when it can. */
function refusalOf(state: ReturnType<typeof payLinkState>): AppError | null {
  if (state === 'cancelled') return new AppError(410, 'PAY_LINK_CANCELLED', providerOrderMessages.linkCancelled);
  if (state === 'expired') return new AppError(410, 'PAY_LINK_EXPIRED', providerOrderMessages.linkExpired);
  if (state === 'paid') return new AppError(409, 'PAY_LINK_PAID', providerOrderMessages.linkPaid);
  return null;
}

/**
 * What the client's pay page shows: the clinic, the tests, the clinic's fee on its own line, the
 * total, and whether the link can be paid. The first look marks the link opened for the clinic.
 */
export async function openPayLink(db: Database, token: string, now = new Date()) {
  const found = await findByToken(db, token);
  if (!found) throw invalid();
  const { order, client, clinicName } = found;
  if (order.payer === 'clinic') return openClinicPaidOrder(db, found, now);
  const state = payLinkState(order, now);
  if (state === 'sent') {
    await db
      .update(providerOrders)
      .set({ openedAt: now, updatedAt: now })
      .where(and(eq(providerOrders.id, order.id), eq(providerOrders.tokenHash, order.tokenHash)));
  }
  return {
    clinicName,
    firstName: client.firstName,
    email: client.email,
    paidByClinic: false,
    needsPassword: false,
    items: order.items.map((item) => ({ title: item.title, price: formatMoney(item.priceCents) })),
    fee: feeLineOf(order, clinicName),
    total: formatMoney(order.totalCents) as string | null,
    totalCents: order.totalCents as number | null,
    expiresAt: order.expiresAt.toISOString(),
    state: state === 'sent' ? ('opened' as const) : state,
    orderId: order.status === 'paid' ? order.orderId : null,
    refundNote: order.feeCents > 0 ? providerOrderMessages.declineRefundWithFee : providerOrderMessages.declineRefund,
    message: refusalOf(state)?.message ?? null,
  };
}

/**
 * An order the clinic paid, as its client's link shows it (docs/decisions/0047-clinic-pays.md): the
 * clinic, the tests and who paid, never a price; whether the client's account still needs a
 * password; and the order to go to once they are in. The link works for 14 days from the e-mail.
 */
async function openClinicPaidOrder(db: Database, found: NonNullable<Awaited<ReturnType<typeof findByToken>>>, now: Date) {
  const { order, client, clinicName } = found;
  if (order.status !== 'paid' || order.expiresAt <= now) throw clinicLinkExpired();
  return {
    clinicName,
    firstName: client.firstName,
    email: client.email,
    paidByClinic: true,
    needsPassword: order.clientUserId ? !(await hasPassword(db, order.clientUserId)) : false,
    items: order.items.map((item) => ({ title: item.title, price: null })),
    fee: null,
    total: null,
    totalCents: null,
    expiresAt: order.expiresAt.toISOString(),
    state: 'paid' as const,
    orderId: order.orderId,
    refundNote: providerOrderMessages.clinicPaidRefund,
    message: null,
  };
}

const clinicLinkExpired = () => new AppError(410, 'PAY_LINK_EXPIRED', providerOrderMessages.clinicLinkExpired);

async function hasPassword(db: Executor, userId: string): Promise<boolean> {
  const [credential] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
  return Boolean(credential);
}

/** The client's address, for the account step of a link that can still be paid (or of an order the clinic paid). */
export async function payableEmailOf(db: Database, token: string, now = new Date()): Promise<string> {
  const found = await findByToken(db, token);
  if (!found) throw invalid();
  if (found.order.payer === 'clinic') {
    if (found.order.status !== 'paid' || found.order.expiresAt <= now) throw clinicLinkExpired();
    return found.client.email;
  }
  const refusal = refusalOf(payLinkState(found.order, now));
  if (refusal) throw refusal;
  return found.client.email;
}

/**
 * The client of an order the clinic paid chooses their password with the link of its e-mail: the
 * account the order made has none. Only once: with the account's row locked, a password already
 * chosen (by this link or another way) is kept, and the client signs in with it instead.
 */
export async function choosePasswordWithLink(db: Database, token: string, password: string, now = new Date()): Promise<boolean> {
  const found = await findByToken(db, token);
  if (!found || found.order.payer !== 'clinic' || !found.order.clientUserId) return false;
  if (found.order.status !== 'paid' || found.order.expiresAt <= now) throw clinicLinkExpired();
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw badRequest('PASSWORD_TOO_SHORT', `Please use a password of at least ${MIN_PASSWORD_LENGTH} characters`);
  }
  const userId = found.order.clientUserId;
  const digest = await hashPassword(password);
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    if (await hasPassword(tx, userId)) return false;
    await tx.insert(accounts).values({ id: crypto.randomUUID(), accountId: userId, providerId: 'credential', userId, password: digest });
    // the address is the client's: the clinic's e-mail reached it
    await tx.update(users).set({ emailVerified: true, updatedAt: now }).where(eq(users.id, userId));
    return true;
  });
}

/**
 * Pays a client's pay link by card, through the checkout's one way to charge: the link's cart is
 * made once, under the link's row lock, and its order is placed like any cart's (one order per
 * cart, one live attempt per order, one charge per attempt key). Double clicks, two tabs and a
 * reminder's link opened twice all end at the same order and the same charge.
 */
export async function payPayLink(
  deps: CheckoutDeps,
  user: { id: string; email: string },
  input: {
    token: string;
    paymentMethod: string;
    idempotencyKey: string | undefined;
    /** the consent to share with the clinic, ticked on the pay page: its order needs it (decision 0081) */
    sharing: { given: readonly string[]; ipAddress: string | null; userAgent: string | null };
  },
  now = new Date(),
): Promise<CheckoutResult> {
  const found = await findByToken(deps.db, input.token);
  if (!found) throw invalid();
  if (found.client.email.toLowerCase() !== user.email.toLowerCase()) throw forbidden(providerOrderMessages.wrongAccount);
  const paidOrder = async (orderId: string): Promise<CheckoutResult | null> => {
    const [paid] = await deps.db.select().from(orders).where(eq(orders.id, orderId));
    return paid ? { kind: 'paid', order: paid } : null;
  };
  const paidByThisClient = (row: typeof found.order) =>
    row.status === 'paid' && row.orderId !== null && row.clientUserId === user.id ? row.orderId : null;
  // a retry after success finds its order again
  const paidBefore = paidByThisClient(found.order);
  if (paidBefore) {
    const result = await paidOrder(paidBefore);
    if (result) return result;
  }
  const claim = await deps.db.transaction(async (tx): Promise<{ paidOrderId: string } | { cartId: string }> => {
    const [locked] = await tx.select().from(providerOrders).where(eq(providerOrders.id, found.order.id)).for('update');
    if (!locked || locked.tokenHash !== found.order.tokenHash) throw invalid();
    // a press that waited on the lock while its twin's payment committed is answered with that order
    const paidMeanwhile = paidByThisClient(locked);
    if (paidMeanwhile) return { paidOrderId: paidMeanwhile };
    const refusal = refusalOf(payLinkState(locked, now));
    if (refusal) throw refusal;
    if (locked.cartId) return { cartId: locked.cartId };
    const made = await createCart(tx, user.id);
    await tx.insert(cartItems).values(
      locked.items.map((item) => ({
        cartId: made.id,
        productCode: item.productCode,
        testId: item.testId,
        // a lab test ordered on its own, as an area test is
        origin: item.testId === null ? null : 'area',
        quantity: 1,
      })),
    );
    await tx.update(providerOrders).set({ cartId: made.id, clientUserId: user.id, updatedAt: now }).where(eq(providerOrders.id, locked.id));
    return { cartId: made.id };
  });
  if ('paidOrderId' in claim) {
    const result = await paidOrder(claim.paidOrderId);
    if (result) return result;
    throw invalid();
  }
  const cartRow = await findCart(deps.db, claim.cartId);
  if (!cartRow) throw invalid();
  const fee = feeLineOf(found.order, found.clinicName);
  return placeOrder(deps, {
    user,
    cart: cartRow,
    paymentMethod: input.paymentMethod,
    idempotencyKey: input.idempotencyKey,
    // the client lives where the clinic said: the sale rules checked it when the link was sent
    testedState: found.client.state,
    // the order shares the client's results and progress with the clinic: the page's consent, required and kept
    sharing: input.sharing,
    // the clinic's fee is a line of the order: in its total, its receipt, and refunded with it
    ...(fee ? { fee: { label: fee.label, cents: fee.cents } } : {}),
  });
}

/**
 * When the order of a pay link's cart is paid, the link is: whatever settled it (the client's
 * request, the bank's return, a webhook, reconciliation). Money taken wins over a cancel that
 * raced it: the clinic sees the link paid, and the client has their order.
 */
export const closePayLinkOfPaidOrder = onEvent({
  name: 'providers.close-paid-pay-link',
  on: 'order.paid',
  mode: 'in-transaction',
  handle: async (tx, event, events) => {
    // the move to paid saw no pay link of the order's cart
    if (event.payload.holds?.payLink === false) return;
    const paidAt = new Date(event.payload.paidAt);
    const [row] = await tx
      .update(providerOrders)
      .set({ status: 'paid', orderId: event.payload.orderId, paidAt, paidElsewhereAt: null, updatedAt: paidAt })
      .where(and(eq(providerOrders.cartId, event.payload.cartId), ne(providerOrders.status, 'paid')))
      .returning();
    if (!row) return;
    await events.record(tx, 'provider_order.paid', {
      providerOrderId: row.id,
      clinicId: row.clinicId,
      clientId: row.clientId,
      orderId: event.payload.orderId,
      totalCents: event.payload.totalCents,
    });
  },
});

/** A reminder of a link still unpaid, and still the same link (a resend queues its own). */
export function payLinkReminderJob(db: Database): JobHandler<'provider_order.remind'> {
  return async ({ providerOrderId, tokenHash, email }) => {
    await db.transaction(async (tx) => {
      const [row] = await tx.select().from(providerOrders).where(eq(providerOrders.id, providerOrderId)).for('update');
      if (!row || row.tokenHash !== tokenHash) return;
      const state = payLinkState(row, new Date());
      if (state !== 'sent' && state !== 'opened') return;
      await enqueueEmail(tx, email);
      await tx
        .update(providerOrders)
        .set({ remindersSent: row.remindersSent + 1, updatedAt: new Date() })
        .where(eq(providerOrders.id, row.id));
    });
  };
}

/** A link that ended unpaid: the member who sent it is told, so they can send it again. */
export function payLinkExpiryJob(db: Database, publicUrl: string): JobHandler<'provider_order.expire'> {
  return async ({ providerOrderId, tokenHash }) => {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ order: providerOrders, client: clinicClients, clinicName: clinics.name, senderEmail: users.email })
        .from(providerOrders)
        .innerJoin(clinicClients, eq(clinicClients.id, providerOrders.clientId))
        .innerJoin(clinics, eq(clinics.id, providerOrders.clinicId))
        .leftJoin(clinicMembers, eq(clinicMembers.id, providerOrders.createdBy))
        .leftJoin(users, eq(users.id, clinicMembers.userId))
        .where(eq(providerOrders.id, providerOrderId))
        .for('update', { of: providerOrders });
      if (!row || row.order.tokenHash !== tokenHash || payLinkState(row.order, new Date()) !== 'expired' || !row.senderEmail) return;
      await enqueueEmail(
        tx,
        payLinkExpiredEmail({
          to: row.senderEmail,
          clientName: `${row.client.firstName} ${row.client.lastName}`,
          clinicName: row.clinicName,
          url: `${publicUrl}/providers/dashboard`,
        }),
        `provider-order-expired:${tokenHash}`,
      );
    });
  };
}
