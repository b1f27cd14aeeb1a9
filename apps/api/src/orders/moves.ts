import { and, eq } from 'drizzle-orm';
import { transition, type OrderEvent, type OrderStatus } from '@shop/core';
import { orderEvents, orders, type Executor } from '@shop/db';
import { conflict } from '../errors.ts';
import type { OrderRow } from './repository.ts';

/**
 * Moves an order one step through the state machine, guarded by its current status so that two
 * racing writers cannot both move it, and records the step in its timeline.
 */
export async function moveOrder(tx: Executor, order: OrderRow, event: OrderEvent, actor: string, reason?: string): Promise<OrderRow> {
  const result = transition(order.status as OrderStatus, event);
  if (!result.ok) throw conflict('ORDER_STATE', result.reason);
  const [updated] = await tx
    .update(orders)
    .set({
      status: result.status,
      updatedAt: new Date(),
      ...(event.type === 'payment_succeeded' ? { paidAt: new Date() } : {}),
    })
    .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
    .returning();
  if (!updated) {
    // someone moved it first; what they did is the answer
    const [current] = await tx.select().from(orders).where(eq(orders.id, order.id));
    if (!current) throw new Error('order vanished');
    return current;
  }
  await tx.insert(orderEvents).values({
    orderId: order.id,
    event: event.type,
    fromStatus: order.status,
    toStatus: result.status,
    actor,
    reason: reason ?? null,
  });
  return updated;
}
