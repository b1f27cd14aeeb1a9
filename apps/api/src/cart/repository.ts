import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { cartItems, carts, preparedQuery, quizResults, valueLater, users, type Executor } from '@shop/db';
import { onEvent } from '../events/bus.ts';

export type CartRow = typeof carts.$inferSelect;
export type CartItemRow = typeof cartItems.$inferSelect;

export async function findCart(db: Executor, id: string): Promise<CartRow | undefined> {
  const [row] = await db.select().from(carts).where(eq(carts.id, id));
  return row;
}

/** The cart's row, locked until the transaction ends: two changes to one cart take turns. */
export async function lockCart(db: Executor, id: string): Promise<CartRow | undefined> {
  const [row] = await db.select().from(carts).where(eq(carts.id, id)).for('update');
  return row;
}

/** The account's open cart changed last: the one it was filling on another device. */
export async function findLatestOpenCartOf(db: Executor, userId: string): Promise<CartRow | undefined> {
  const [row] = await db
    .select()
    .from(carts)
    .where(and(eq(carts.userId, userId), eq(carts.status, 'open')))
    .orderBy(desc(carts.updatedAt))
    .limit(1);
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

/** The new line, or undefined when the cart holds it already (the unique key of product and test). */
export async function addCartItem(db: Executor, values: typeof cartItems.$inferInsert): Promise<CartItemRow | undefined> {
  const [row] = await db.insert(cartItems).values(values).onConflictDoNothing().returning();
  return row;
}

type NewLine = Omit<typeof cartItems.$inferInsert, 'cartId' | 'id' | 'createdAt'>;

/**
 * A new cart with its first line, in one statement: one round trip instead of a transaction's
 * four (begin, the cart, the line, commit), and as atomic, since a statement commits whole. The
 * cart's times are its line's: both columns default to the statement's transaction time.
 */
export async function createCartWithLine(
  db: Executor,
  userId: string | null,
  line: NewLine,
): Promise<{ cart: CartRow; item: CartItemRow }> {
  const result = await db.execute(sql`
    with cart as (
      insert into ${carts} (user_id) values (${userId}) returning id
    )
    insert into ${cartItems} (cart_id, product_code, test_id, quiz_result_id, quantity, origin, frequency)
    select cart.id, ${line.productCode}, ${line.testId ?? null}::integer, ${line.quizResultId ?? null}::uuid, ${line.quantity ?? 1}::integer,
      ${line.origin ?? null}, ${line.frequency ?? null}
    from cart
    returning id, cart_id, product_code, test_id, quiz_result_id, quantity, origin, frequency, created_at`);
  const row = rowsOf<RawItem>(result)[0];
  if (!row) throw new Error('insert returned nothing');
  const createdAt = new Date(row.created_at);
  const item: CartItemRow = {
    id: row.id,
    cartId: row.cart_id,
    productCode: row.product_code,
    testId: row.test_id,
    quizResultId: row.quiz_result_id,
    quantity: row.quantity,
    origin: row.origin,
    frequency: row.frequency,
    createdAt,
  };
  return { cart: { id: row.cart_id, userId, status: 'open', couponCode: null, createdAt, updatedAt: createdAt }, item };
}

interface RawItem {
  id: string;
  cart_id: string;
  product_code: string;
  test_id: number | null;
  quiz_result_id: string | null;
  quantity: number;
  origin: string | null;
  frequency: string | null;
  created_at: Date | string;
}

/** `execute` answers rows directly on PGlite and in `.rows` on node-postgres. */
function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return (result as { rows?: T[] }).rows ?? [];
}

/** Lines in the order `listCartItems` gives them: by creation time, then id. */
export function inCartOrder(rows: CartItemRow[]): CartItemRow[] {
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

export async function updateCartItem(
  db: Executor,
  cartId: string,
  itemId: string,
  values: Partial<Pick<CartItemRow, 'quantity' | 'frequency'>>,
): Promise<void> {
  await db
    .update(cartItems)
    .set(values)
    .where(and(eq(cartItems.cartId, cartId), eq(cartItems.id, itemId)));
}

export async function removeCartItems(db: Executor, cartId: string, itemIds: string[]): Promise<number> {
  if (itemIds.length === 0) return 0;
  const removed = await db
    .delete(cartItems)
    .where(and(eq(cartItems.cartId, cartId), inArray(cartItems.id, itemIds)))
    .returning({ id: cartItems.id });
  return removed.length;
}

export async function touchCart(db: Executor, cartId: string): Promise<void> {
  await db.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, cartId));
}

export async function assignCart(db: Executor, cartId: string, userId: string): Promise<void> {
  await db.update(carts).set({ userId, updatedAt: new Date() }).where(eq(carts.id, cartId));
}

export async function markCartCheckedOut(db: Executor, cartId: string): Promise<void> {
  await checkOut(db, { cartId, now: new Date() });
}

/** Closing the cart: every paid order does it, so its statement is built once. */
const checkOut = preparedQuery((db) =>
  db
    .update(carts)
    .set({ status: 'checked_out', updatedAt: valueLater<Date>('now') })
    .where(eq(carts.id, sql.placeholder('cartId')))
    .prepare('check_out_cart'),
);

/**
 * A paid order's cart is closed with the payment: the next visit starts a new one. Written in the
 * statement that records the payment's event (`write`).
 */
export const closeCartOfPaidOrder = onEvent({
  name: 'cart.close-paid-cart',
  on: 'order.paid',
  mode: 'in-transaction',
  write: (event) =>
    sql`update ${carts} set status = 'checked_out', updated_at = ${event.occurredAt.toISOString()} where id = ${event.payload.cartId}`,
});

export async function findUserEmail(db: Executor, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email;
}

export async function findQuizGoalSlug(db: Executor, quizResultId: string): Promise<string | undefined> {
  const [row] = await db.select({ goalSlug: quizResults.goalSlug }).from(quizResults).where(eq(quizResults.id, quizResultId));
  return row?.goalSlug;
}
