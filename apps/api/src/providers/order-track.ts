import { asc, inArray } from 'drizzle-orm';
import type { OrderProgressInput } from '@shop/core';
import { collectionChoices, orderEvents, orderKits, type Executor } from '@shop/db';

/** What the clinic's track of an order is derived from, besides its results' release: no kit code, tracking number or address. */
export interface OrderFulfilment {
  method: OrderProgressInput['method'];
  timeline: Array<OrderProgressInput['timeline'][number]>;
  kits: Array<OrderProgressInput['kits'][number]>;
}

/**
 * The fulfilment of the shop's orders a clinic's orders made (how each is collected, its
 * timeline's steps and its kits' days), in three reads for the whole list, one after the other:
 * the executor may be a transaction, whose one connection runs one statement at a time.
 */
export async function fulfilmentOf(db: Executor, orderIds: readonly string[]): Promise<Map<string, OrderFulfilment>> {
  const found = new Map<string, OrderFulfilment>();
  if (orderIds.length === 0) return found;
  const ids = [...orderIds];
  const methods = await db
    .select({ orderId: collectionChoices.orderId, method: collectionChoices.method })
    .from(collectionChoices)
    .where(inArray(collectionChoices.orderId, ids));
  const steps = await db
    .select({ orderId: orderEvents.orderId, status: orderEvents.toStatus, at: orderEvents.createdAt })
    .from(orderEvents)
    .where(inArray(orderEvents.orderId, ids))
    .orderBy(asc(orderEvents.createdAt));
  const kits = await db
    .select({
      orderId: orderKits.orderId,
      shippedAt: orderKits.shippedAt,
      sampleReceivedAt: orderKits.sampleReceivedAt,
      resultsAt: orderKits.resultsAt,
    })
    .from(orderKits)
    .where(inArray(orderKits.orderId, ids));
  const of = (orderId: string) => {
    let fulfilment = found.get(orderId);
    if (!fulfilment) {
      fulfilment = { method: null, timeline: [], kits: [] };
      found.set(orderId, fulfilment);
    }
    return fulfilment;
  };
  for (const { orderId, method } of methods) of(orderId).method = method === 'lab' ? 'lab' : 'home';
  for (const { orderId, status, at } of steps) of(orderId).timeline.push({ status, at: at.toISOString() });
  for (const { orderId, ...days } of kits) {
    of(orderId).kits.push({
      shippedAt: days.shippedAt?.toISOString() ?? null,
      sampleReceivedAt: days.sampleReceivedAt?.toISOString() ?? null,
      resultsAt: days.resultsAt?.toISOString() ?? null,
    });
  }
  return found;
}
