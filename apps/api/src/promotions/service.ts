import { and, count, eq, ne, sql, type Placeholder, type SQL } from 'drizzle-orm';
import {
  isMembership,
  parseAttributionCookie,
  parseReferralCode,
  priceCart,
  promotionMessages,
  type CartLineInput,
  type CartTotals,
  type DiscountCandidate,
} from '@shop/core';
import { orders, users, type Executor } from '@shop/db';
import { baseDailyMemberOf } from './membership.ts';
import { couponUsage, findCoupon, toCoupon, type CouponRow } from './repository.ts';
import { referrerOf } from './referrals.ts';
import { activeAffiliateCode } from '../affiliates/codes.ts';

export interface PricingCustomer {
  id: string | null;
  email: string | null;
}

export interface PricingInput {
  lines: readonly CartLineInput[];
  /** the code the customer typed into the cart, if any */
  couponCode: string | null;
  /** the raw value of the attribution cookie of a link the visitor came through */
  attribution: string | null;
  customer: PricingCustomer;
  now?: Date;
  /** lock the coupon row: placing an order counts its use under the lock */
  lockCoupon?: boolean;
  /** the customer's paid orders, when the caller read them already (see `paidOrderCountOf`) */
  paidOrderCount?: number;
  /** whether the customer's Base Daily benefits hold, when the caller read it already (see `baseDailyMemberOf`) */
  baseDailyMember?: boolean;
}

export interface PricedWithCoupon {
  totals: CartTotals;
  /** the coupon row behind an applied coupon discount, to record its use */
  coupon: CouponRow | null;
  /** a typed code that does not exist */
  unknownCode: string | null;
  /**
   * who sent the customer, as far as this cart goes: the affiliate's code or the member's referral
   * code that applies (or would, but for the customer being its owner: `selfReferral`)
   */
  attribution: { affiliateCode: string | null; referralCode: string | null; selfReferral: boolean } | null;
}

/**
 * Prices a cart with every discount it may have: the typed coupon (looked up with its usage),
 * the affiliate's 20% from a link's cookie, the Base Daily member's 5% off tests (a member, or a
 * cart that buys the membership), and the rules of core's combination rule. The same function
 * prices the cart a customer sees and the order they place, so the member's 5% is checked live
 * when the order is priced.
 */
export async function priceWithDiscounts(tx: Executor, input: PricingInput): Promise<PricedWithCoupon> {
  const candidates: DiscountCandidate[] = [];
  let couponRow: CouponRow | null = null;
  let unknownCode: string | null = null;
  const typedReferral = input.couponCode ? parseReferralCode(input.couponCode) : null;
  if (typedReferral) {
    const referrer = await referrerOf(tx, typedReferral);
    if (referrer) candidates.push({ source: 'referral', origin: 'typed', code: typedReferral, referrer });
    else unknownCode = input.couponCode;
  } else if (input.couponCode) {
    couponRow = (await findCoupon(tx, input.couponCode, { lock: input.lockCoupon })) ?? null;
    if (couponRow) {
      const usage = await couponUsage(tx, couponRow.id, input.customer.id);
      candidates.push({
        source: 'coupon',
        origin: 'typed',
        coupon: toCoupon(couponRow),
        timesUsedTotal: usage.total,
        timesUsedByCustomer: usage.byCustomer,
      });
    } else {
      // an affiliate's code typed into the cart is their link
      const affiliate = await activeAffiliateCode(tx, input.couponCode);
      if (affiliate) candidates.push({ source: 'affiliate', origin: 'typed', code: affiliate.code, owner: affiliate.owner });
      else unknownCode = input.couponCode;
    }
  }
  const attribution = parseAttributionCookie(input.attribution);
  const linkedAffiliate = attribution?.affiliate ? await activeAffiliateCode(tx, attribution.affiliate) : undefined;
  if (linkedAffiliate) {
    candidates.push({ source: 'affiliate', origin: 'cookie', code: linkedAffiliate.code, owner: linkedAffiliate.owner });
  } else if (attribution?.referralCode && !attribution.affiliate) {
    // a member's link: ?rc=REF-… on its own
    const referrer = await referrerOf(tx, attribution.referralCode);
    if (referrer) candidates.push({ source: 'referral', origin: 'cookie', code: attribution.referralCode, referrer });
  }

  const now = input.now ?? new Date();
  const buysMembership = input.lines.some((line) => isMembership(line.productCode));
  const member =
    buysMembership || (input.baseDailyMember ?? (input.customer.id ? await isBaseDailyMember(tx, input.customer.id, now) : false));
  if (member) candidates.push({ source: 'base_daily' });

  const paidOrderCount = input.paidOrderCount ?? (input.customer.id ? await paidOrders(tx, input.customer.id) : 0);
  const totals = priceCart(input.lines, {
    discounts: {
      candidates,
      context: { now, customer: { customerId: input.customer.id, email: input.customer.email, paidOrderCount } },
    },
  });
  const couponApplied = totals.applied?.some((applied) => applied.source === 'coupon' || applied.source === 'giveaway') ?? false;
  return {
    totals,
    coupon: couponApplied ? couponRow : null,
    unknownCode,
    attribution: attributionOf(totals, attribution?.referralCode ?? null),
  };
}

/** The affiliate or referrer the priced cart is bound to: the one whose discount applies, or whose own order it is. */
function attributionOf(totals: CartTotals, campaign: string | null): PricedWithCoupon['attribution'] {
  const referred = (source: string) => source === 'affiliate' || source === 'referral';
  const applied = totals.applied?.find((discount) => referred(discount.source));
  const own = totals.rejected?.find((rejected) => referred(rejected.source) && rejected.reason === 'DISCOUNT_CODE_OWN_CODE');
  const bound = applied ?? own;
  if (!bound?.code) return null;
  return bound.source === 'affiliate'
    ? { affiliateCode: bound.code, referralCode: campaign, selfReferral: !applied }
    : { affiliateCode: null, referralCode: bound.code, selfReferral: !applied };
}

/** Why the typed code is not applied, in the customer's words; null when it is (or none was typed). */
export function typedCodeRefusal(priced: PricedWithCoupon): { code: string; message: string } | null {
  if (priced.unknownCode) return { code: 'DISCOUNT_CODE_NOT_FOUND', message: promotionMessages.notFound };
  const refused = priced.totals.rejected?.find((rejected) => rejected.origin === 'typed');
  return refused ? { code: refused.reason, message: refused.message } : null;
}

/** Orders of a customer that count as paid for a first-order discount. */
const paidOrdersOf = (userId: string | Placeholder) =>
  and(eq(orders.userId, userId), ne(orders.status, 'pending_payment'), ne(orders.status, 'cancelled'));

async function paidOrders(tx: Executor, userId: string): Promise<number> {
  const [row] = await tx.select({ value: count() }).from(orders).where(paidOrdersOf(userId));
  return row?.value ?? 0;
}

async function isBaseDailyMember(tx: Executor, userId: string, now: Date): Promise<boolean> {
  const [row] = await tx
    .select({ member: baseDailyMemberOf(userId, now) })
    .from(users)
    .where(eq(users.id, userId));
  return row?.member ?? false;
}

/**
 * The same count as a column of another query, to price an order without a round trip of its own
 * (the customer may be a placeholder of a statement built once).
 */
export function paidOrderCountOf(userId: string | Placeholder): SQL<number> {
  return sql`(select count(*) from ${orders} where ${paidOrdersOf(userId)})`.mapWith(Number);
}
