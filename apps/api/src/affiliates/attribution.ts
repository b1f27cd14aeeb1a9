import { asc, eq } from 'drizzle-orm';
import { affiliateCodes, affiliates, orderAttributions, rewardLedger, type Executor } from '@shop/db';

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

/** Who sent an order's customer, as the console shows it: the code's affiliate and the rewards the order earned. */
export interface ConsoleAttribution extends OrderAttribution {
  affiliateName: string | null;
  rewards: { kind: string; entry: string; status: string; amountCents: number; reason: string }[];
}

export async function attributionForConsole(tx: Executor, orderId: string): Promise<ConsoleAttribution | null> {
  const [attribution, rewards] = await Promise.all([
    tx
      .select({
        affiliateCode: orderAttributions.affiliateCode,
        referralCode: orderAttributions.referralCode,
        selfReferral: orderAttributions.selfReferral,
        affiliateName: affiliates.name,
      })
      .from(orderAttributions)
      .leftJoin(affiliateCodes, eq(affiliateCodes.code, orderAttributions.affiliateCode))
      .leftJoin(affiliates, eq(affiliates.id, affiliateCodes.affiliateId))
      .where(eq(orderAttributions.orderId, orderId)),
    tx
      .select({
        kind: rewardLedger.kind,
        entry: rewardLedger.entry,
        status: rewardLedger.status,
        amountCents: rewardLedger.amountCents,
        reason: rewardLedger.reason,
      })
      .from(rewardLedger)
      .where(eq(rewardLedger.orderId, orderId))
      .orderBy(asc(rewardLedger.createdAt)),
  ]);
  const [row] = attribution;
  if (!row && rewards.length === 0) return null;
  return { affiliateCode: null, referralCode: null, selfReferral: false, affiliateName: null, ...row, rewards };
}
