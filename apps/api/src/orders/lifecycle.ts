import { randomInt } from 'node:crypto';
import {
  kitTransition,
  kitsForOrder,
  orderEventForKits,
  type ConsoleActionName,
  type KitEvent,
  type KitStatus,
  type OrderStatus,
} from '@shop/core';
import type { Database, Executor } from '@shop/db';
import { recordAudit } from '../audit/log.ts';
import type { SessionUser } from '../auth/auth.ts';
import { kitShippedEmail, sampleReceivedEmail } from '../email/kit-templates.ts';
import { badRequest, conflict, forbidden, notFound } from '../errors.ts';
import type { EventRecorder } from '../events/bus.ts';
import { enqueueEmail } from '../email/queue.ts';
import { moveOrder } from './moves.ts';
import { mayDo } from './permissions.ts';
import { findCollectionChoice } from './repository.ts';
import {
  findKit,
  findKitByCode,
  insertKits,
  listKits,
  lockOrder,
  orderItemsOf,
  recordKitStep,
  updateKit,
  type KitRow,
  type OrderRow,
} from './lifecycle-repository.ts';

export interface LifecycleDeps {
  db: Database;
  /** records what happened to an order for its consumers (store credit, subscriptions, e-mails) */
  events: EventRecorder;
  publicUrl: string;
}

export interface Actor {
  user: SessionUser;
  ip: string | null;
}

export const orderMissing = () => notFound('ORDER_NOT_FOUND', 'We could not find this order.');
export const isUuid = (value: string) => /^[0-9a-f-]{36}$/i.test(value);

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
export function newKitCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const characters = Array.from({ length: 8 }, () => alphabet[randomInt(alphabet.length)]);
  return `${characters.slice(0, 4).join('')}-${characters.slice(4).join('')}`;
}

/**
 * A clinician approves an order: it moves on by its collection method, its kits are made, and
 * `order.approved` is recorded for what follows (the member's e-mail). A program's retest is
 * approved this way too, by 'system'.
 */
export async function approve(
  tx: Executor,
  events: EventRecorder,
  order: OrderRow,
  actorId: string,
  reason: string | undefined,
): Promise<OrderRow> {
  const choice = await findCollectionChoice(tx, order.id);
  const method = (choice?.method ?? 'home') as 'home' | 'lab';
  const moved = await moveOrder(tx, order, { type: 'clinician_approved', method }, actorId, reason ?? 'Approved by a clinician');
  const planned = kitsForOrder(await orderItemsOf(tx, order.id), method);
  await insertKits(
    tx,
    planned.map((kit) => ({ orderId: order.id, kitSlug: kit.kitSlug, title: kit.title, status: kit.status, code: newKitCode() })),
  );
  await events.record(tx, 'order.approved', { orderId: order.id, number: order.number, email: order.email, method, actor: actorId });
  return moved;
}

/** An operator cancels an order: it moves to cancelled (and what it started ends: `order.cancelled`). */
export async function cancelOrder(
  tx: Executor,
  events: EventRecorder,
  order: OrderRow,
  actorId: string,
  reason: string | undefined,
): Promise<OrderRow> {
  const moved = await moveOrder(tx, order, { type: 'cancel' }, actorId, reason ?? 'Cancelled by an operator');
  await events.record(tx, 'order.cancelled', { orderId: order.id, actor: actorId });
  return moved;
}

/** Moves one kit along its track, writes the step in the order's timeline, and lets the order follow its kits. */
export async function moveKit(
  tx: Executor,
  order: OrderRow,
  kit: KitRow,
  event: KitEvent,
  actorId: string,
): Promise<{ order: OrderRow; kit: KitRow }> {
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
    const next = orderEventForKits(
      current.status,
      (await listKits(tx, order.id)).map((row) => row.status as KitStatus),
    );
    if (!next) break;
    current = await moveOrder(tx, current, next, actorId);
  }
  return { order: current, kit: moved };
}

export async function shipKit(
  deps: LifecycleDeps,
  tx: Executor,
  order: OrderRow,
  kitSlug: string,
  trackingNumber: string,
  actorId: string,
) {
  if ((order.status as OrderStatus) !== 'kit_preparing') {
    throw conflict('ORDER_STATE', `An order that is ${order.status.replaceAll('_', ' ')} has no kit to ship.`);
  }
  const kit = await findKit(tx, order.id, kitSlug);
  if (!kit) throw notFound('KIT_NOT_FOUND', 'This order has no such kit.');
  const result = await moveKit(tx, order, kit, { type: 'ship', trackingNumber }, actorId);
  await enqueueEmail(
    tx,
    kitShippedEmail(order.email, order.number, kit.title, trackingNumber.trim(), orderUrl(deps, order)),
    `kit-shipped:${kit.id}`,
  );
  await deps.events.record(tx, 'kit.shipped', {
    orderId: order.id,
    kitSlug,
    shippedAt: (result.kit.shippedAt ?? new Date()).toISOString(),
  });
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
    if (!kit)
      throw badRequest('KIT_CODE_UNKNOWN', 'This code does not match a kit of this order. Please check the code printed on your kit.');
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
