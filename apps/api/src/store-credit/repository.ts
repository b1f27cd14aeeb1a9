import { and, asc, eq, gt, gte, isNull, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { giftCardEntries, giftCards, type Executor } from '@shop/db';

export type GiftCardRow = typeof giftCards.$inferSelect;

/** A card that can still be spent: money left on it and not past its expiry. */
const spendable = (userId: string | Placeholder) =>
  and(eq(giftCards.userId, userId), gt(giftCards.balanceCents, 0), or(isNull(giftCards.expiresAt), gt(giftCards.expiresAt, sql`now()`)));

/** The customer's spendable balance as a column of another query: place order reads it with the cart, in one round trip. */
export function spendableBalanceOf(userId: string | Placeholder): SQL<number> {
  return sql`(select coalesce(sum(${giftCards.balanceCents}), 0) from ${giftCards} where ${spendable(userId)})`.mapWith(Number);
}

/**
 * The customer's spendable cards, oldest first, locked until the transaction ends. Every
 * checkout locks them in this one order, so two of them take turns instead of deadlocking, and
 * the second reads the balance the first left.
 */
export async function lockSpendableCards(tx: Executor, userId: string): Promise<GiftCardRow[]> {
  return tx.select().from(giftCards).where(spendable(userId)).orderBy(asc(giftCards.createdAt), asc(giftCards.id)).for('update');
}

/**
 * Takes an amount off a card, only if the card still holds it (the conditional update is the
 * last guard, under the lock and the database's check), and records the spend. False when the
 * card no longer holds the amount.
 */
export async function spendFromCard(tx: Executor, cardId: string, orderId: string, amountCents: number): Promise<boolean> {
  const [taken] = await tx
    .update(giftCards)
    .set({ balanceCents: sql`${giftCards.balanceCents} - ${amountCents}`, updatedAt: new Date() })
    .where(and(eq(giftCards.id, cardId), gte(giftCards.balanceCents, amountCents)))
    .returning({ id: giftCards.id });
  if (!taken) return false;
  await tx.insert(giftCardEntries).values({ giftCardId: cardId, orderId, kind: 'spend', amountCents: -amountCents });
  return true;
}

/** The spends of an order that have not been given back yet, per card. */
export async function unreturnedSpends(tx: Executor, orderId: string): Promise<Array<{ giftCardId: string; amountCents: number }>> {
  const rows = await tx.select().from(giftCardEntries).where(eq(giftCardEntries.orderId, orderId));
  const returned = new Set(rows.filter((row) => row.kind === 'refund').map((row) => row.giftCardId));
  return rows
    .filter((row) => row.kind === 'spend' && !returned.has(row.giftCardId))
    .map((row) => ({ giftCardId: row.giftCardId, amountCents: -row.amountCents }));
}

/** Gives a spend back to its card, once: the entry's unique key (card, order, kind) decides who does it. */
export async function returnToCard(tx: Executor, cardId: string, orderId: string, amountCents: number): Promise<boolean> {
  const [entry] = await tx
    .insert(giftCardEntries)
    .values({ giftCardId: cardId, orderId, kind: 'refund', amountCents })
    .onConflictDoNothing()
    .returning({ id: giftCardEntries.id });
  if (!entry) return false;
  await tx
    .update(giftCards)
    .set({ balanceCents: sql`${giftCards.balanceCents} + ${amountCents}`, updatedAt: new Date() })
    .where(eq(giftCards.id, cardId));
  return true;
}

/** The store credit an order used, net of what was given back: spends are negative, returns positive. */
export async function creditUsedBy(db: Executor, orderId: string): Promise<{ spentCents: number; returnedCents: number }> {
  const rows = await db
    .select({ kind: giftCardEntries.kind, amountCents: giftCardEntries.amountCents })
    .from(giftCardEntries)
    .where(eq(giftCardEntries.orderId, orderId));
  const sum = (kind: string) => rows.filter((row) => row.kind === kind).reduce((total, row) => total + Math.abs(row.amountCents), 0);
  return { spentCents: sum('spend'), returnedCents: sum('refund') };
}

/** Issues a card once per source: a second call for the same source and id does nothing. */
export async function issueCard(
  tx: Executor,
  card: { userId: string; source: 'referral' | 'goodwill' | 'guarantee'; sourceId: string; amountCents: number },
): Promise<boolean> {
  const inserted = await tx
    .insert(giftCards)
    .values({
      userId: card.userId,
      source: card.source,
      sourceId: card.sourceId,
      initialCents: card.amountCents,
      balanceCents: card.amountCents,
    })
    .onConflictDoNothing()
    .returning({ id: giftCards.id });
  return inserted.length > 0;
}

export async function cardsOf(db: Executor, userId: string): Promise<GiftCardRow[]> {
  return db.select().from(giftCards).where(eq(giftCards.userId, userId)).orderBy(asc(giftCards.createdAt), asc(giftCards.id));
}
