import { z } from 'zod';
import { GIVEAWAY_DISCOUNT_PERCENT, getProduct, productCodes, type ProductCode } from '../catalog/index.ts';
import { formatMoney, type Cents } from '../money/money.ts';
import { percentOfEach, spreadFixed } from './allocation.ts';
import { promoCodeSchema } from './codes.ts';
import { isPaidNow, paidNowSubtotal, type DiscountableLine } from './lines.ts';
import { couponDefinitionMessages as m, formatStartDate, promotionMessages, type PromotionErrorCode } from './messages.ts';
import { REFERRAL_CODE_PREFIX } from './referral-code.ts';

const positiveWhole = (message: string) => z.number({ error: message }).int({ error: message }).positive({ error: message });
const date = z.coerce.date({ error: m.date });

/**
 * A coupon as the team defines it. Percent values are whole percents (1–100), fixed values are
 * cents. A giveaway is a percent coupon whose value the specification bounds to 15–25% (§9).
 * Without `productCodes` it applies to every line paid at checkout.
 */
export const couponSchema = z
  .strictObject({
    code: promoCodeSchema,
    kind: z.enum(['percent', 'fixed']),
    value: z.number({ error: m.wholeValue }).int({ error: m.wholeValue }),
    giveaway: z.boolean().default(false),
    startsAt: date,
    /** the first instant the code no longer works */
    expiresAt: date.optional(),
    /** uses across every customer, counted on paid orders */
    usageLimit: positiveWhole(m.usageLimit).optional(),
    oncePerCustomer: z.boolean().default(false),
    /** the subtotal paid now, before discounts, that the cart must reach */
    minimumSubtotalCents: positiveWhole(m.minimumSubtotal).optional(),
    productCodes: z.array(z.enum(productCodes)).min(1, { error: m.productCodes }).optional(),
  })
  .superRefine((coupon, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (coupon.kind === 'percent' && (coupon.value < 1 || coupon.value > 100)) issue('value', m.percentValue);
    if (coupon.kind === 'fixed' && coupon.value < 1) issue('value', m.fixedValue);
    if (coupon.giveaway && coupon.kind !== 'percent') issue('kind', m.giveawayKind);
    if (coupon.giveaway && (coupon.value < GIVEAWAY_DISCOUNT_PERCENT.min || coupon.value > GIVEAWAY_DISCOUNT_PERCENT.max)) {
      issue('value', m.giveawayPercent);
    }
    if (coupon.expiresAt && coupon.expiresAt.getTime() <= coupon.startsAt.getTime()) issue('expiresAt', m.endsAfterStart);
    if (coupon.productCodes?.some((code) => getProduct(code).charge === 'on_results')) issue('productCodes', m.deferredProduct);
    if (coupon.code.startsWith(REFERRAL_CODE_PREFIX)) issue('code', m.referralPrefix);
  });

export type Coupon = z.output<typeof couponSchema>;
export type CouponInput = z.input<typeof couponSchema>;

/** Defines a coupon, throwing the schema's error when a rule is broken (for seeds and tests). */
export function defineCoupon(input: CouponInput): Coupon {
  return couponSchema.parse(input);
}

/** A giveaway code: a percent coupon of 15–25% (specification §9). */
export function defineGiveaway(input: Omit<CouponInput, 'kind' | 'giveaway'>): Coupon {
  return defineCoupon({ ...input, kind: 'percent', giveaway: true });
}

export interface CouponContext {
  now: Date;
  lines: readonly DiscountableLine[];
  /** paid orders, of anyone, that used this code */
  timesUsedTotal: number;
  /** paid orders of this customer that used this code; 0 when the customer is unknown */
  timesUsedByCustomer: number;
  /** a signed-in customer, so a once-per-customer code can be checked */
  customerKnown: boolean;
}

export type CouponResult =
  { ok: true; discountCents: Cents; lineDiscountCents: Cents[] } | { ok: false; code: PromotionErrorCode; message: string };

/**
 * Whether a coupon can be used on this cart now, and how much it takes off. The checks run in the
 * order a customer can do something about them last: dates and limits first (nothing to do),
 * then signing in, then the cart's contents and its subtotal (add something).
 */
export function evaluateCoupon(coupon: Coupon, context: CouponContext): CouponResult {
  const now = context.now.getTime();
  // starts exactly now: valid; expires exactly now: expired (the end is exclusive)
  if (now < coupon.startsAt.getTime()) {
    return refuse('DISCOUNT_CODE_NOT_STARTED', promotionMessages.notStarted(formatStartDate(coupon.startsAt)));
  }
  if (coupon.expiresAt && now >= coupon.expiresAt.getTime()) return refuse('DISCOUNT_CODE_EXPIRED', promotionMessages.expired);
  if (coupon.usageLimit !== undefined && context.timesUsedTotal >= coupon.usageLimit) {
    return refuse('DISCOUNT_CODE_LIMIT_REACHED', promotionMessages.limitReached);
  }
  if (coupon.oncePerCustomer) {
    if (!context.customerKnown) return refuse('DISCOUNT_CODE_SIGN_IN_REQUIRED', promotionMessages.signInRequired);
    if (context.timesUsedByCustomer > 0) return refuse('DISCOUNT_CODE_ALREADY_USED', promotionMessages.alreadyUsed);
  }

  const eligible = context.lines.map((line) => isPaidNow(line) && appliesTo(coupon, line.productCode));
  if (!eligible.includes(true)) {
    const message = coupon.productCodes
      ? promotionMessages.onlyFor(coupon.productCodes.map((code) => getProduct(code).title))
      : promotionMessages.notApplicable;
    return refuse('DISCOUNT_CODE_NOT_APPLICABLE', message);
  }
  const subtotal = paidNowSubtotal(context.lines);
  if (coupon.minimumSubtotalCents !== undefined && subtotal < coupon.minimumSubtotalCents) {
    return refuse(
      'DISCOUNT_CODE_MINIMUM_SUBTOTAL',
      promotionMessages.minimumSubtotal(coupon.minimumSubtotalCents, coupon.minimumSubtotalCents - subtotal),
    );
  }

  const amounts = context.lines.map((line, index) => (eligible[index] ? line.lineTotalCents : 0));
  const lineDiscountCents = coupon.kind === 'percent' ? percentOfEach(amounts, coupon.value) : spreadFixed(amounts, coupon.value);
  return { ok: true, discountCents: lineDiscountCents.reduce((sum, cents) => sum + cents, 0), lineDiscountCents };
}

function appliesTo(coupon: Coupon, productCode: ProductCode): boolean {
  return coupon.productCodes === undefined || coupon.productCodes.includes(productCode);
}

function refuse(code: PromotionErrorCode, message: string): CouponResult {
  return { ok: false, code, message };
}

/** How the order summary names a coupon: "SAVE20: 20% off", "WELCOME10: $10.00 off". */
export function couponLabel(coupon: Coupon): string {
  const amount = coupon.kind === 'percent' ? `${coupon.value}% off` : `${formatMoney(coupon.value)} off`;
  return `${coupon.giveaway ? 'Giveaway ' : ''}${coupon.code}: ${amount}`;
}
