import { z } from 'zod';
import { isWellFormedCode, normalizeCode } from './codes.ts';
import { parseReferralCode } from './referral-code.ts';

/** The friend's discount through an affiliate's link or code (specification §1). */
export const AFFILIATE_FRIEND_DISCOUNT_PERCENT = 20;

/** The most an affiliate earns per referred customer (specification §1). */
export const AFFILIATE_MAX_COMMISSION_CENTS = 10_000;

/**
 * The refund window: an affiliate's commission or a member's referral reward stays pending this
 * long after the order was paid, and is approved only if the order was neither refunded nor
 * cancelled by then.
 */
export const REWARD_CLEARING_DAYS = 30;

/** Affiliates and clinics are paid monthly, once what they have approved comes to at least this much. */
export const PAYOUT_THRESHOLD_CENTS = 2_500;

/**
 * The affiliate's commission on a referred customer's first order: their percentage of what the
 * customer paid for it (after discounts, before tax and shipping), rounded down to the cent, at
 * most $100. Nothing for an order that paid nothing.
 */
export function affiliateCommissionCents(paidCents: number, percent: number): number {
  if (!Number.isInteger(paidCents) || !Number.isInteger(percent)) throw new RangeError('Cents and percent are whole numbers');
  if (paidCents <= 0 || percent <= 0) return 0;
  return Math.min(Math.floor((paidCents * percent) / 100), AFFILIATE_MAX_COMMISSION_CENTS);
}

/** When an earning of an order paid at `paidAt` has cleared the refund window. */
export function rewardClearsAt(paidAt: Date): Date {
  return new Date(paidAt.getTime() + REWARD_CLEARING_DAYS * 24 * 60 * 60 * 1000);
}

/**
 * Who sent the visitor. `affiliate` is the affiliate's code. `referralCode` is the link's `rc`:
 * on an affiliate link, the affiliate's own campaign code, kept for their dashboard; on its own,
 * a member's referral code (anything else alone is ignored).
 */
export interface Attribution {
  affiliate: string | null;
  referralCode: string | null;
}

/**
 * The attribution cookie. 30 days is the window in which a visit from a link still earns the
 * affiliate or referrer the order; a newer link replaces the cookie (last click wins: decision
 * record 0027). Signing the value is the API's job.
 */
export const attributionCookie = {
  name: 'attribution',
  maxAgeSeconds: 30 * 24 * 60 * 60,
  path: '/',
  sameSite: 'lax',
  httpOnly: true,
} as const;

/** A query as Fastify hands it over (values may repeat) or as URLSearchParams reads it. */
export type QueryLike = { get(name: string): string | null } | Readonly<Record<string, unknown>>;

/** Reads `?affiliate=…&rc=…`. Malformed values are dropped, never an error: links get mangled. */
export function parseAttribution(query: QueryLike): Attribution | null {
  return attributionFrom(first(query, 'affiliate'), first(query, 'rc'));
}

const COOKIE_VERSION = '1';

/** The cookie's value: "1:<affiliate>:<rc>", either part empty when absent. */
export function formatAttributionCookie(attribution: Attribution): string {
  return [COOKIE_VERSION, attribution.affiliate ?? '', attribution.referralCode ?? ''].join(':');
}

/** Reads the cookie's value back, checking it as strictly as a link: anything else is null. */
export function parseAttributionCookie(value: string | undefined | null): Attribution | null {
  if (!value) return null;
  const parts = value.split(':');
  if (parts.length !== 3 || parts[0] !== COOKIE_VERSION) return null;
  return attributionFrom(parts[1] || null, parts[2] || null);
}

function attributionFrom(affiliateRaw: string | null, rcRaw: string | null): Attribution | null {
  const affiliate = affiliateRaw !== null && isWellFormedCode(affiliateRaw) ? normalizeCode(affiliateRaw) : null;
  let referralCode: string | null = null;
  if (rcRaw !== null) {
    referralCode = affiliate ? (isWellFormedCode(rcRaw) ? normalizeCode(rcRaw) : null) : parseReferralCode(rcRaw);
  }
  if (affiliate === null && referralCode === null) return null;
  return { affiliate, referralCode };
}

function first(query: QueryLike, name: string): string | null {
  const value =
    typeof query.get === 'function'
      ? (query as { get(name: string): string | null }).get(name)
      : (query as Readonly<Record<string, unknown>>)[name];
  const single: unknown = Array.isArray(value) ? value[0] : value;
  return typeof single === 'string' ? single : null;
}

/** An operator's reason for voiding a pending ledger entry: the console's form and the API check it alike. */
export const ledgerVoidSchema = z.strictObject({
  reason: z
    .string({ error: 'Say why the entry is voided.' })
    .trim()
    .min(3, 'Say why the entry is voided.')
    .max(500, 'A reason has at most 500 characters.'),
});

/** Who the reward ledger pays out to. */
export const payeeKinds = ['affiliate', 'clinic'] as const;
export type PayeeKind = (typeof payeeKinds)[number];

export const payoutAccountMessages = {
  account: 'Enter the payee’s Stripe account id, which starts with acct_.',
  payee: 'Choose an affiliate or a clinic.',
} as const;

/** An operator sets where a payee's transfers go: their Stripe connected account. */
export const payoutAccountSchema = z.strictObject({
  payee: z.enum(payeeKinds, { error: payoutAccountMessages.payee }),
  payeeId: z.uuid({ error: payoutAccountMessages.payee }),
  stripeAccountId: z
    .string({ error: payoutAccountMessages.account })
    .trim()
    .regex(/^acct_[A-Za-z0-9]{6,64}$/, { error: payoutAccountMessages.account }),
});
export type PayoutAccountForm = z.infer<typeof payoutAccountSchema>;
