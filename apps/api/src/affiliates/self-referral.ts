import { and, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import { orderAttributions, orders, payments, type Executor } from '@shop/db';

/**
 * Whether the order was paid with a card the referrer (or affiliate) has paid with on an order of
 * their own: the gateway's fingerprint is the card's, whoever holds the account, so a second
 * account on the same card is the same person as far as a referral's reward goes.
 */
export async function paidWithReferrersCard(tx: Executor, orderId: string, referrerUserId: string): Promise<boolean> {
  const used = await tx
    .select({ fingerprint: payments.cardFingerprint })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'succeeded'), isNotNull(payments.cardFingerprint)));
  const fingerprints = used.map((row) => row.fingerprint).filter((value): value is string => value !== null);
  if (fingerprints.length === 0) return false;
  const [theirs] = await tx
    .select({ id: payments.id })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(
      and(
        eq(orders.userId, referrerUserId),
        ne(orders.id, orderId),
        inArray(payments.cardFingerprint, fingerprints),
        inArray(payments.status, ['succeeded', 'processing', 'requires_action']),
      ),
    )
    .limit(1);
  return theirs !== undefined;
}

/** Marks the order's attribution a self-referral: it earns nothing, and the console shows the flag. */
export async function flagSelfReferral(tx: Executor, orderId: string): Promise<void> {
  await tx.update(orderAttributions).set({ selfReferral: true }).where(eq(orderAttributions.orderId, orderId));
}
