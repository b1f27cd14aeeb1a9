import { and, eq, exists, lte, notExists, notInArray, sql } from 'drizzle-orm';
import { sampleFreeProductCodes } from '@shop/core';
import { jobs, orderItems, orders, type Database } from '@shop/db';
import { collectionReminderEmail } from '../email/lifecycle-templates.ts';
import { enqueueEmail } from '../email/queue.ts';
import type { JobHandler } from '../jobs/worker.ts';

/** How long after payment a customer who has not chosen a home kit or a lab is reminded. */
export const collectionReminderAfterMs = 48 * 3600 * 1000;

/**
 * The queue's `collection.remind`: every paid order still waiting for its collection choice 48
 * hours after payment, with something that needs a sample, gets one reminder. The e-mail's singleton key is the order's, so the
 * hourly runs (and two workers) send it once per order.
 */
export function collectionReminderJob(db: Database, publicUrl: string): JobHandler<'collection.remind'> {
  return async (_payload, context) => {
    const paidBefore = new Date(context.now.getTime() - collectionReminderAfterMs);
    const waiting = await db
      .select({ id: orders.id, number: orders.number, email: orders.email })
      .from(orders)
      .where(
        and(
          eq(orders.status, 'collection_pending'),
          lte(orders.paidAt, paidBefore),
          // an order paid before sample-free products stayed paid may wait here with nothing to collect
          exists(
            db
              .select({ one: sql`1` })
              .from(orderItems)
              .where(and(eq(orderItems.orderId, orders.id), notInArray(orderItems.productCode, [...sampleFreeProductCodes]))),
          ),
          // reminded already: skip it here rather than lean on the singleton key every hour
          notExists(
            db
              .select({ one: sql`1` })
              .from(jobs)
              .where(sql`${jobs.singletonKey} = 'collection-reminder:' || ${orders.id}`),
          ),
        ),
      )
      .limit(500);
    for (const order of waiting) {
      const url = `${publicUrl}/collection?order=${encodeURIComponent(order.id)}`;
      await enqueueEmail(db, collectionReminderEmail(order.email, order.number, url), `collection-reminder:${order.id}`);
    }
  };
}
