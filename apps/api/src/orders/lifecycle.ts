import { randomInt } from 'node:crypto';
import {
  kitTransition,
  kitsForOrder,
  orderEventForKits,
  transition,
  type ConsoleActionName,
  type KitEvent,
  type KitStatus,
  type OrderStatus,
} from '@shop/core';
import type { Database, Executor } from '@shop/db';
import { recordAudit } from '../audit/log.ts';
import type { SessionUser } from '../auth/auth.ts';
import { kitShippedEmail, sampleReceivedEmail } from '../email/kit-templates.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../errors.ts';
import type { EventRecorder } from '../events/bus.ts';
import { enqueueEmail } from '../email/queue.ts';
import { moveOrder } from './moves.ts';
import type { PaymentGateway } from '../payments/port.ts';
import { mayDo } from './permissions.ts';
import { creditUsedBy } from '../store-credit/repository.ts';
import { findCollectionChoice, findOrder } from './repository.ts';
import {
  checkoutPayments,
  findKit,
  findKitByCode,
  insertKits,
  listKits,
  lockOrder,
  markRefunded,
  orderItemsOf,
  recordKitStep,
  updateKit,
  type KitRow,
  type OrderRow,
} from './lifecycle-repository.ts';

export interface LifecycleDeps {
  db: Database;
  gateway: PaymentGateway;
  /** records an order cancelled or refunded for its consumers (store credit, subscriptions) */
  events: EventRecorder;
  publicUrl: string;
}

export interface Actor {
  user: SessionUser;
  ip: string | null;
}

const orderMissing = () => notFound('ORDER_NOT_FOUND', 'We could not find this order.');
const isUuid = (value: string) => /^[0-9a-f-]{36}$/i.test(value);

/** One console action: the role is checked, the order locked, and everything it writes commits together. */
export async function consoleAction<T>(
  deps: LifecycleDeps,
  action: ConsoleActionName,
  orderId: string,
  actor: Actor,
  work: (tx: Executor, order: OrderRow) => Promise<T>,
  detail: Record<string, unknown> = {},
): Promise<T> {
  if (!mayDo(actor.user.role, action)) throw forbidden(`Your role may not ${action.replaceAll('_', ' ')} orders.`);
  if (!isUuid(orderId)) throw orderMissing();
  return deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw orderMissing();
    const result = await work(tx, order);
    await recordAudit(tx, {
      actor: { id: actor.user.id, role: actor.user.role ?? 'unknown' },
      action: `order.${action}`,
      subjectType: 'order',
      subjectId: order.id,
      detail,
      ip: actor.ip,
    });
    return result;
  });
}

/** A kit code as printed: 8 letters and digits without the ones people confuse (0/O, 1/I). */
function newKitCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const characters = Array.from({ length: 8 }, () => alphabet[randomInt(alphabet.length)]);
  return `${characters.slice(0, 4).join('')}-${characters.slice(4).join('')}`;
}

export async function approve(tx: Executor, order: OrderRow, actorId: string, reason: string | undefined): Promise<OrderRow> {
  const choice = await findCollectionChoice(tx, order.id);
  const method = (choice?.method ?? 'home') as 'home' | 'lab';
  const moved = await moveOrder(tx, order, { type: 'clinician_approved', method }, actorId, reason ?? 'Approved by a clinician');
  const planned = kitsForOrder(await orderItemsOf(tx, order.id), method);
  await insertKits(
    tx,
    planned.map((kit) => ({ orderId: order.id, kitSlug: kit.kitSlug, title: kit.title, status: kit.status, code: newKitCode() })),
  );
  return moved;
}

export async function refundable(db: Executor, orderId: string): Promise<boolean> {
  if ((await checkoutPayments(db, orderId)).some((payment) => payment.amountCents > payment.refundedCents)) return true;
  return (await creditOutstanding(db, orderId)) > 0;
}

/** Store credit an order spent and has not given back yet. */
async function creditOutstanding(db: Executor, orderId: string): Promise<number> {
  const credit = await creditUsedBy(db, orderId);
  return credit.spentCents - credit.returnedCents;
}

/** An operator cancels an order: it moves to cancelled (and what it started ends: `order.cancelled`). */
export async function cancelOrder(tx: Executor, events: EventRecorder, order: OrderRow, actorId: string, reason: string | undefined): Promise<OrderRow> {
  const moved = await moveOrder(tx, order, { type: 'cancel' }, actorId, reason ?? 'Cancelled by an operator');
  await events.record(tx, 'order.cancelled', { orderId: order.id, actor: actorId });
  return moved;
}

/**
 * Decline (clinician) or refund (operator): the money goes back through the payment port, once,
 * and `order.refunded` is recorded (store credit the order spent goes back on it).
 * The gateway is asked outside the database transaction (the built-in gateway writes to the same
 * database) with one idempotency key per payment, so two racing requests make one refund; then
 * the order is locked and moved, and the state machine refuses the second: a 409.
 */
export async function refundAndMove(deps: LifecycleDeps, action: 'decline' | 'refund', orderId: string, actor: Actor, reason: string | undefined) {
  if (!mayDo(actor.user.role, action)) throw forbidden(`Your role may not ${action} orders.`);
  if (!isUuid(orderId)) throw orderMissing();
  const order = await findOrder(deps.db, orderId);
  if (!order) throw orderMissing();
  const event = action === 'decline' ? ({ type: 'clinician_declined' } as const) : ({ type: 'refund' } as const);
  const allowed = transition(order.status as OrderStatus, event);
  if (!allowed.ok) throw conflict(order.status === 'refunded' ? 'ALREADY_REFUNDED' : 'ORDER_STATE', order.status === 'refunded' ? 'This order has already been refunded.' : allowed.reason);
  const due = (await checkoutPayments(deps.db, order.id)).filter((payment) => payment.amountCents > payment.refundedCents && payment.providerPaymentId);
  const credit = await creditOutstanding(deps.db, order.id);
  if (action === 'refund' && due.length === 0 && credit === 0) throw conflict('NOTHING_TO_REFUND', 'Nothing was paid for this order that is not already refunded.');
  for (const payment of due) {
    const outcome = await deps.gateway.refund({ paymentId: payment.providerPaymentId!, amountCents: payment.amountCents, idempotencyKey: `refund:${payment.id}` });
    if (outcome.status === 'failed') throw new AppError(502, 'REFUND_FAILED', 'The payment provider refused the refund. Please try again later.');
  }
  const fallback = action === 'decline' ? 'Declined by a clinician' : 'Refunded by an operator';
  const refundedCents = due.reduce((sum, payment) => sum + payment.amountCents - payment.refundedCents, 0);
  return consoleAction(
    deps,
    action,
    order.id,
    actor,
    async (tx, locked) => {
      const moved = await moveOrder(tx, locked, event, actor.user.id, reason ?? fallback);
      for (const payment of due) await markRefunded(tx, payment.id, payment.amountCents);
      await deps.events.record(tx, 'order.refunded', { orderId: locked.id, actor: actor.user.id, refundedCents, storeCreditCents: credit, declined: action === 'decline' });
      return moved;
    },
    { reason, refundedCents, storeCreditCents: credit },
  );
}

/** Moves one kit along its track, writes the step in the order's timeline, and lets the order follow its kits. */
export async function moveKit(tx: Executor, order: OrderRow, kit: KitRow, event: KitEvent, actorId: string): Promise<{ order: OrderRow; kit: KitRow }> {
  const result = kitTransition(kit.status as KitStatus, event);
  if (!result.ok) throw conflict('KIT_STATE', result.reason);
  const now = new Date();
  const stamps: Partial<KitRow> =
    event.type === 'ship'
      ? { trackingNumber: event.trackingNumber.trim(), shippedAt: now }
      : event.type === 'register'
        ? { registeredAt: now, ...(result.status === 'sample_received' ? { sampleReceivedAt: now } : {}) }
        : event.type === 'sample_arrived'
          ? result.status === 'sample_received'
            ? { sampleReceivedAt: now }
            : {}
          : { resultsAt: now };
  const moved = await updateKit(tx, kit, { status: result.status, ...stamps });
  if (!moved) throw conflict('KIT_STATE', 'This kit was just changed by someone else. Please reload the order.');
  await recordKitStep(tx, order, `kit_${result.status}`, actorId, `${kit.title}: ${result.status.replaceAll('_', ' ')}`);
  let current = order;
  for (;;) {
    const next = orderEventForKits(current.status, (await listKits(tx, order.id)).map((row) => row.status as KitStatus));
    if (!next) break;
    current = await moveOrder(tx, current, next, actorId);
  }
  return { order: current, kit: moved };
}

export async function shipKit(deps: LifecycleDeps, tx: Executor, order: OrderRow, kitSlug: string, trackingNumber: string, actorId: string) {
  if ((order.status as OrderStatus) !== 'kit_preparing') {
    throw conflict('ORDER_STATE', `An order that is ${order.status.replaceAll('_', ' ')} has no kit to ship.`);
  }
  const kit = await findKit(tx, order.id, kitSlug);
  if (!kit) throw notFound('KIT_NOT_FOUND', 'This order has no such kit.');
  const result = await moveKit(tx, order, kit, { type: 'ship', trackingNumber }, actorId);
  await enqueueEmail(tx, kitShippedEmail(order.email, order.number, kit.title, trackingNumber.trim(), orderUrl(deps, order)), `kit-shipped:${kit.id}`);
  return result;
}

export async function receiveSample(deps: LifecycleDeps, tx: Executor, order: OrderRow, kitSlug: string, actorId: string) {
  const kit = await findKit(tx, order.id, kitSlug);
  if (!kit) throw notFound('KIT_NOT_FOUND', 'This order has no such kit.');
  const result = await moveKit(tx, order, kit, { type: 'sample_arrived' }, actorId);
  if (result.kit.status === 'sample_received') {
    await enqueueEmail(tx, sampleReceivedEmail(order.email, order.number, kit.title, orderUrl(deps, order)), `sample-received:${kit.id}`);
  }
  return result;
}

/** The customer registers a shipped kit by the code printed on it; a sample held for it is released. */
export async function registerKit(deps: LifecycleDeps, orderId: string, code: string, actorId: string) {
  return deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw orderMissing();
    const kit = await findKitByCode(tx, order.id, code);
    if (!kit) throw badRequest('KIT_CODE_UNKNOWN', 'This code does not match a kit of this order. Please check the code printed on your kit.');
    if (kit.status === 'registered') throw conflict('KIT_ALREADY_REGISTERED', 'This kit is already registered.');
    const result = await moveKit(tx, order, kit, { type: 'register' }, actorId);
    if (result.kit.status === 'sample_received') {
      await enqueueEmail(tx, sampleReceivedEmail(order.email, order.number, kit.title, orderUrl(deps, order)), `sample-received:${kit.id}`);
    }
    return result;
  });
}

function orderUrl(deps: LifecycleDeps, order: OrderRow): string {
  return `${deps.publicUrl}/account/orders/${order.id}`;
}
