import { and, asc, eq } from 'drizzle-orm';
import { cartItems, carts, type Executor } from '@shop/db';

export type CartRow = typeof carts.$inferSelect;
export type CartItemRow = typeof cartItems.$inferSelect;

export async function findCart(db: Executor, id: string): Promise<CartRow | undefined> {
  const [row] = await db.select().from(carts).where(eq(carts.id, id));
  return row;
}

export async function createCart(db: Executor, userId: string | null): Promise<CartRow> {
  const [row] = await db.insert(carts).values({ userId }).returning();
  if (!row) throw new Error('insert returned nothing');
  return row;
}

export async function listCartItems(db: Executor, cartId: string): Promise<CartItemRow[]> {
  return db.select().from(cartItems).where(eq(cartItems.cartId, cartId)).orderBy(asc(cartItems.createdAt), asc(cartItems.id));
}

export async function addCartItem(db: Executor, values: typeof cartItems.$inferInsert): Promise<void> {
  await db.insert(cartItems).values(values).onConflictDoNothing();
}

export async function removeCartItem(db: Executor, cartId: string, itemId: string): Promise<boolean> {
  const removed = await db
    .delete(cartItems)
    .where(and(eq(cartItems.cartId, cartId), eq(cartItems.id, itemId)))
    .returning({ id: cartItems.id });
  return removed.length > 0;
}

export async function assignCart(db: Executor, cartId: string, userId: string): Promise<void> {
  await db.update(carts).set({ userId, updatedAt: new Date() }).where(eq(carts.id, cartId));
}

export async function markCartCheckedOut(db: Executor, cartId: string): Promise<void> {
  await db.update(carts).set({ status: 'checked_out', updatedAt: new Date() }).where(eq(carts.id, cartId));
}
