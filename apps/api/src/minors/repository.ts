import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import {
  cartItems,
  carts,
  emailOutbox,
  jobs,
  minorRemovals,
  orders,
  quizResults,
  subscriptions,
  users,
  verifications,
  type Executor,
} from '@shop/db';

export async function insertMinorRemoval(tx: Executor, input: { userId: string; reason: string; dueAt: Date }): Promise<boolean> {
  const rows = await tx.insert(minorRemovals).values(input).onConflictDoNothing().returning({ userId: minorRemovals.userId });
  return rows.length > 0;
}

export async function findMinorRemoval(tx: Executor, userId: string) {
  const [row] = await tx.select().from(minorRemovals).where(eq(minorRemovals.userId, userId));
  return row;
}

export async function findUserForRemoval(tx: Executor, userId: string) {
  const [row] = await tx
    .select({ id: users.id, email: users.email, role: users.role })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row;
}

/**
 * Deletes an account and everything tied to it: its orders (with their items, payments, kits,
 * lab results, timeline, collection choice, redemptions, test subscriptions), its carts and the
 * quiz results they held, its e-mails and the jobs still queued for it; deleting the user row
 * then takes its sessions, sign-in accounts, medical profile, saved-card customer, referral code
 * and quiz results. Answers how many orders went.
 */
export async function deleteAccountData(tx: Executor, user: { id: string; email: string }): Promise<{ orders: number }> {
  const owned = await tx.select({ id: orders.id, cartId: orders.cartId }).from(orders).where(eq(orders.userId, user.id));
  const orderIds = owned.map((order) => order.id);
  const ownCarts = await tx.select({ id: carts.id }).from(carts).where(eq(carts.userId, user.id));
  const cartIds = [...new Set([...owned.map((order) => order.cartId), ...ownCarts.map((cart) => cart.id)])];
  const quizIds = cartIds.length
    ? (
        await tx
          .select({ id: cartItems.quizResultId })
          .from(cartItems)
          .where(and(inArray(cartItems.cartId, cartIds), isNotNull(cartItems.quizResultId)))
      ).flatMap((row) => (row.id ? [row.id] : []))
    : [];

  const subscriptionIds = (await tx.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.userId, user.id))).map(
    (row) => row.id,
  );
  const forOrders = orderIds.length ? inArray(sql`${jobs.payload} ->> 'orderId'`, orderIds) : sql`false`;
  const forSubscriptions = subscriptionIds.length ? inArray(sql`${jobs.payload} ->> 'subscriptionId'`, subscriptionIds) : sql`false`;
  await tx
    .delete(jobs)
    .where(
      and(
        eq(jobs.status, 'queued'),
        or(forOrders, forSubscriptions, sql`${jobs.payload} ->> 'to' = ${user.email}`, sql`${jobs.payload} ->> 'userId' = ${user.id}`),
      ),
    );
  if (orderIds.length) await tx.delete(orders).where(inArray(orders.id, orderIds));
  if (cartIds.length) await tx.delete(carts).where(inArray(carts.id, cartIds));
  if (quizIds.length) await tx.delete(quizResults).where(inArray(quizResults.id, quizIds));
  await tx.delete(quizResults).where(eq(quizResults.userId, user.id));
  await tx.delete(emailOutbox).where(eq(emailOutbox.toAddress, user.email));
  await tx.delete(verifications).where(eq(verifications.value, user.id));
  await tx.delete(users).where(eq(users.id, user.id));
  return { orders: orderIds.length };
}
