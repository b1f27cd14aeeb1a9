import type { Cents } from '../money/money.ts';
import { percentOfEach } from './allocation.ts';
import { AFFILIATE_FRIEND_DISCOUNT_PERCENT } from './affiliate.ts';
import { baseDailyDiscounts } from './base-daily.ts';
import { isWellFormedCode, normalizeCode } from './codes.ts';
import { couponLabel, evaluateCoupon, type Coupon } from './coupons.ts';
import { isPaidNow, type DiscountableLine } from './lines.ts';
import { promotionMessages, type PromotionErrorCode } from './messages.ts';
import { parseReferralCode } from './referral-code.ts';
import { isSamePerson, REFERRAL_FRIEND_DISCOUNT_PERCENT, type Party } from './referral.ts';

/** A code the customer typed, or one that came with the attribution cookie of a link. */
export type CodeOrigin = 'typed' | 'cookie';

/** A discount the API found for this cart, each looked up beforehand (coupon row, affiliate, referrer). */
export type DiscountCandidate =
  | { source: 'coupon'; origin: CodeOrigin; coupon: Coupon; timesUsedTotal: number; timesUsedByCustomer: number }
  | { source: 'affiliate'; origin: CodeOrigin; code: string; owner?: Party | null }
  | { source: 'referral'; origin: CodeOrigin; code: string; referrer: Party & { firstName?: string | null } }
  | { source: 'base_daily' };

export type DiscountSource = 'coupon' | 'giveaway' | 'affiliate' | 'referral' | 'base_daily';

export interface DiscountContext {
  now: Date;
  /** the customer paying; a guest has no id, maybe no e-mail, and no paid orders */
  customer: Party & { paidOrderCount: number };
}

export interface AppliedDiscount {
  source: DiscountSource;
  code: string | null;
  label: string;
  discountCents: Cents;
}

export interface RejectedDiscount {
  source: DiscountSource;
  code: string | null;
  origin: CodeOrigin | null;
  reason: PromotionErrorCode;
  message: string;
}

export interface DiscountedCart<L extends DiscountableLine> {
  discountCents: Cents;
  lines: Array<L & { discountCents: Cents }>;
  applied: AppliedDiscount[];
  rejected: RejectedDiscount[];
}

type CodeCandidate = Exclude<DiscountCandidate, { source: 'base_daily' }>;
type Evaluated =
  { ok: true; origin: CodeOrigin; applied: AppliedDiscount; lineDiscountCents: Cents[] } | { ok: false; rejected: RejectedDiscount };

/**
 * The combination rule (docs/decisions/0006-discounts.md):
 * - at most one code per order, among coupons, giveaways, affiliate and referral codes; a code the
 *   customer typed beats one from a link's cookie; between two of the same origin the larger
 *   discount wins, and on a tie the earlier candidate;
 * - the Base Daily member's 5% off tests stacks on top, on what is left of each line;
 * - only what is paid now is discounted, never the program billed when results arrive, and no line
 *   goes below zero;
 * - each line's discount is whole cents, rounded half-up per line, and the order's discount is the
 *   sum of its lines'.
 * Every candidate that is not applied is listed in `rejected` with a message a person can act on.
 */
/** How the member's discount is named wherever a cart or an order shows it. */
export const BASE_DAILY_DISCOUNT_LABEL = 'Base Daily member: 5% off tests';

export function applyDiscounts<L extends DiscountableLine>(
  cart: { lines: readonly L[] },
  candidates: readonly DiscountCandidate[],
  context: DiscountContext,
): DiscountedCart<L> {
  const lines = cart.lines;
  const evaluated = candidates.flatMap((candidate) => (candidate.source === 'base_daily' ? [] : [evaluateCode(candidate, lines, context)]));
  const rejected = evaluated.flatMap((result) => (result.ok ? [] : [result.rejected]));
  const usable = evaluated.flatMap((result) => (result.ok ? [result] : []));
  const winner = usable.reduce<(typeof usable)[number] | undefined>((best, next) => (best && !beats(next, best) ? best : next), undefined);
  for (const loser of usable) {
    if (loser === winner) continue;
    const message = winner?.origin === 'typed' && loser.origin === 'cookie' ? promotionMessages.keptTyped : promotionMessages.keptLarger;
    const { source, code } = loser.applied;
    rejected.push({ source, code, origin: loser.origin, reason: 'DISCOUNT_NOT_COMBINABLE', message });
  }

  const codeOff = winner?.lineDiscountCents ?? lines.map(() => 0);
  const applied = winner ? [winner.applied] : [];
  let memberOff = lines.map(() => 0);
  if (candidates.some((candidate) => candidate.source === 'base_daily')) {
    memberOff = baseDailyDiscounts(lines, codeOff);
    const memberCents = sum(memberOff);
    if (memberCents > 0) {
      applied.push({ source: 'base_daily', code: null, label: BASE_DAILY_DISCOUNT_LABEL, discountCents: memberCents });
    } else {
      rejected.push({
        source: 'base_daily',
        code: null,
        origin: null,
        reason: 'DISCOUNT_CODE_NOT_APPLICABLE',
        message: promotionMessages.baseDailyNoTests,
      });
    }
  }

  const discounted = lines.map((line, index) => ({ ...line, discountCents: codeOff[index]! + memberOff[index]! }));
  return { discountCents: sum(discounted.map((line) => line.discountCents)), lines: discounted, applied, rejected };
}

function beats(next: Extract<Evaluated, { ok: true }>, best: Extract<Evaluated, { ok: true }>): boolean {
  if (next.origin !== best.origin) return next.origin === 'typed';
  return next.applied.discountCents > best.applied.discountCents;
}

function evaluateCode(candidate: CodeCandidate, lines: readonly DiscountableLine[], context: DiscountContext): Evaluated {
  const { origin } = candidate;
  if (candidate.source === 'coupon') {
    const { coupon } = candidate;
    const source = coupon.giveaway ? 'giveaway' : 'coupon';
    const result = evaluateCoupon(coupon, {
      now: context.now,
      lines,
      timesUsedTotal: candidate.timesUsedTotal,
      timesUsedByCustomer: candidate.timesUsedByCustomer,
      customerKnown: context.customer.customerId !== null,
    });
    if (!result.ok) return refuse(source, coupon.code, origin, result.code, result.message);
    const applied = { source, code: coupon.code, label: couponLabel(coupon), discountCents: result.discountCents } as const;
    return { ok: true, origin, applied, lineDiscountCents: result.lineDiscountCents };
  }

  const { source } = candidate;
  const code = source === 'referral' ? parseReferralCode(candidate.code) : wellFormed(candidate.code);
  if (code === null) {
    const message = source === 'referral' ? promotionMessages.referralFormat : promotionMessages.codeFormat;
    return refuse(source, candidate.code, origin, 'DISCOUNT_CODE_INVALID', message);
  }
  const owner = source === 'referral' ? candidate.referrer : candidate.owner;
  if (owner && isSamePerson(owner, context.customer)) {
    return refuse(source, code, origin, 'DISCOUNT_CODE_OWN_CODE', promotionMessages.ownCode);
  }
  if (context.customer.paidOrderCount > 0) {
    return refuse(source, code, origin, 'DISCOUNT_CODE_FIRST_ORDER_ONLY', promotionMessages.firstOrderOnly);
  }
  if (!lines.some(isPaidNow)) return refuse(source, code, origin, 'DISCOUNT_CODE_NOT_APPLICABLE', promotionMessages.notApplicable);
  const percent = source === 'referral' ? REFERRAL_FRIEND_DISCOUNT_PERCENT : AFFILIATE_FRIEND_DISCOUNT_PERCENT;
  const lineDiscountCents = percentOfEach(
    lines.map((line) => (isPaidNow(line) ? line.lineTotalCents : 0)),
    percent,
  );
  const label = source === 'referral' ? referralLabel(candidate.referrer.firstName, percent) : `${code}: ${percent}% off your first order`;
  return { ok: true, origin, applied: { source, code, label, discountCents: sum(lineDiscountCents) }, lineDiscountCents };
}

/** The friend's discount names who referred them, by first name when the referrer gave one. */
export function referralLabel(firstName: string | null | undefined, percent: number): string {
  return `${firstName ? `${firstName}'s` : "A friend's"} referral: ${percent}% off your first order`;
}

function wellFormed(raw: string): string | null {
  return isWellFormedCode(raw) ? normalizeCode(raw) : null;
}

function refuse(source: DiscountSource, code: string, origin: CodeOrigin, reason: PromotionErrorCode, message: string): Evaluated {
  return { ok: false, rejected: { source, code, origin, reason, message } };
}

function sum(values: readonly Cents[]): Cents {
  return values.reduce((total, value) => total + value, 0);
}
