import { and, isNull, lt, notExists, sql } from 'drizzle-orm';
import { cartItems, carts, orders, type Database } from '@shop/db';
import type { JobHandler, JobLog } from '../jobs/worker.ts';

/** An anonymous cart nobody touched for this long is deleted. */
export const anonymousCartLifetimeMs = 30 * 24 * 3600 * 1000;

/** Deletes anonymous carts untouched since `before` that never became an order; answers how many. */
export async function deleteStaleAnonymousCarts(db: Database, before: Date): Promise<number> {
  const cutoff = sql`${before.toISOString()}::timestamptz`;
  const deleted = await db
    .delete(carts)
    .where(
      and(
        isNull(carts.userId),
        lt(carts.updatedAt, cutoff),
        notExists(
          db
            .select({ one: sql`1` })
            .from(orders)
            .where(sql`${orders.cartId} = ${carts.id}`),
        ),
        // a line added without touching the cart still counts as a visit
        notExists(
          db
            .select({ one: sql`1` })
            .from(cartItems)
            .where(and(sql`${cartItems.cartId} = ${carts.id}`, sql`${cartItems.createdAt} >= ${cutoff}`)),
        ),
      ),
    )
    .returning({ id: carts.id });
  return deleted.length;
}

/** The queue's `cart.expire`, queued hourly by the scheduler. */
export function expireCartsJob(db: Database, log: JobLog): JobHandler<'cart.expire'> {
  return async (_payload, context) => {
    const removed = await deleteStaleAnonymousCarts(db, new Date(context.now.getTime() - anonymousCartLifetimeMs));
    if (removed > 0) log.info({ removed }, 'anonymous carts expired');
  };
}
