import { eq } from 'drizzle-orm';
import { orderAttributions, type Executor } from '@shop/db';

export interface OrderAttribution {
  affiliateCode: string | null;
  referralCode: string | null;
  selfReferral: boolean;
}

/** Copies who sent the customer onto the order, in the transaction that places it. */
export async function recordOrderAttribution(tx: Executor, orderId: string, attribution: OrderAttribution): Promise<void> {
  await tx
    .insert(orderAttributions)
    .values({ orderId, ...attribution })
    .onConflictDoNothing();
}

/** Who sent the customer of an order, if anyone did. */
export async function attributionOfOrder(tx: Executor, orderId: string): Promise<OrderAttribution | null> {
  const [row] = await tx
    .select({
      affiliateCode: orderAttributions.affiliateCode,
      referralCode: orderAttributions.referralCode,
      selfReferral: orderAttributions.selfReferral,
    })
    .from(orderAttributions)
    .where(eq(orderAttributions.orderId, orderId));
  return row ?? null;
}
