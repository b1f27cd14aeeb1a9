import { and, count, eq } from 'drizzle-orm';
import { couponSchema, normalizeCode, type Coupon } from '@shop/core';
import { couponRedemptions, coupons, type Executor } from '@shop/db';

export type CouponRow = typeof coupons.$inferSelect;

/** A coupon by the code a customer typed; `lock` holds it until the transaction ends. */
export async function findCoupon(tx: Executor, code: string, options: { lock?: boolean } = {}): Promise<CouponRow | undefined> {
  const query = tx
    .select()
    .from(coupons)
    .where(eq(coupons.code, normalizeCode(code)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** The stored coupon in the shape core's rules read. */
export function toCoupon(row: CouponRow): Coupon {
  return couponSchema.parse({
    code: row.code,
    kind: row.kind,
    value: row.value,
    giveaway: row.source === 'giveaway',
    startsAt: row.startsAt,
    expiresAt: row.expiresAt ?? undefined,
    usageLimit: row.usageLimit ?? undefined,
    oncePerCustomer: row.oncePerCustomer,
    minimumSubtotalCents: row.minSubtotalCents ?? undefined,
    productCodes: row.productCodes ?? undefined,
  });
}

/** Orders that used a coupon, in all and by one customer. */
export async function couponUsage(tx: Executor, couponId: string, userId: string | null): Promise<{ total: number; byCustomer: number }> {
  const [total] = await tx.select({ value: count() }).from(couponRedemptions).where(eq(couponRedemptions.couponId, couponId));
  const [mine] = userId
    ? await tx
        .select({ value: count() })
        .from(couponRedemptions)
        .where(and(eq(couponRedemptions.couponId, couponId), eq(couponRedemptions.userId, userId)))
    : [{ value: 0 }];
  return { total: total?.value ?? 0, byCustomer: mine?.value ?? 0 };
}

export async function recordRedemption(tx: Executor, values: typeof couponRedemptions.$inferInsert): Promise<void> {
  await tx.insert(couponRedemptions).values(values).onConflictDoNothing();
}
