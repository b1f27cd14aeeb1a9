import { getProduct, type ProductCode } from '../catalog/index.ts';
import { formatMoney } from '../money/money.ts';
import { addMonths } from './schedule.ts';

/**
 * Base Daily is a membership, not a delivery: it renews every month on the card saved at
 * checkout, ships nothing, and while it lasts its member gets 5% off tests. It shares the test
 * subscriptions' rows and their exactly-once renewal (one row per renewal, one gateway key per
 * try); what differs is here: how a declined renewal is chased, when a cancel takes effect, and
 * whether the member's benefits hold on a given day.
 */
export const membershipProductCodes: ReadonlySet<ProductCode> = new Set<ProductCode>(['base-daily']);

export const membershipMessages = {
  alreadyMember:
    'You are already a Base Daily member: your membership and its 5% off tests are in your account. Remove Base Daily from your cart to go on.',
  alreadyCancelled: 'This membership is already cancelled.',
} as const;

export function isMembership(productCode: string): boolean {
  return membershipProductCodes.has(productCode as ProductCode);
}

/**
 * A declined renewal is tried again 5 days later, then 7 days after that: the member hears on
 * days 0, 5 and 12, each time with a link to pay with another card. Their benefits hold
 * meanwhile (the grace period); after the third decline the membership is paused.
 */
export const membershipRetryDelaysDays = [5, 7] as const;

/** The states in which a membership's benefits hold whatever the day: active, and past due (its grace period). */
export const membershipBenefitStatuses = ['active', 'past_due'] as const;

export interface MembershipFacts {
  status: string;
  /** the last day a cancelled membership was paid for: it ends the day after */
  accessUntil: string | null;
}

/**
 * Whether the member's benefits (5% off tests, the member pages) hold on `today` (YYYY-MM-DD):
 * while active, through a renewal's grace period, and after a cancel until the end of the period
 * already paid for.
 */
export function membershipBenefitsOn(membership: MembershipFacts, today: string): boolean {
  if ((membershipBenefitStatuses as readonly string[]).includes(membership.status)) return true;
  if (membership.status === 'cancelled') return membership.accessUntil !== null && today <= membership.accessUntil;
  return false;
}

/**
 * The last day of the month a member already paid for, when they cancel before the renewal due
 * on `nextChargeOn`: the day before it. A cancel takes effect then, never sooner.
 */
export function paidThroughDay(nextChargeOn: string): string {
  const next = new Date(`${nextChargeOn}T00:00:00.000Z`);
  next.setUTCDate(next.getUTCDate() - 1);
  return next.toISOString().slice(0, 10);
}

/** "$9.95 on the 27th of each month": the day a renewal falls on, in words, for the consent and the e-mails. */
export function monthlyChargeDay(startDay: string): string {
  const date = Number(startDay.slice(8, 10));
  // a start on the 29th to the 31st renews on the month's last day when the month is shorter
  if (date >= 29) return `the ${ordinal(date)} of each month (or its last day, in a shorter month)`;
  return `the ${ordinal(date)} of each month`;
}

function ordinal(value: number): string {
  const tens = value % 100;
  if (tens >= 11 && tens <= 13) return `${value}th`;
  return `${value}${{ 1: 'st', 2: 'nd', 3: 'rd' }[value % 10] ?? 'th'}`;
}

const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** A `YYYY-MM-DD` day for people: "December 27, 2026". */
export function longDayOf(day: string): string {
  return `${monthNames[Number(day.slice(5, 7)) - 1]} ${Number(day.slice(8, 10))}, ${day.slice(0, 4)}`;
}

/**
 * The terms of a membership bought on `startDay`, for the checkout's consent and the
 * acknowledgement e-mail: the amount, the day it renews, and how to cancel.
 */
export function membershipTerms(productCode: ProductCode, startDay: string): string {
  const product = getProduct(productCode);
  const price = formatMoney(product.priceCents);
  return (
    `${product.title} is ${price} today and then ${price} every month on ${monthlyChargeDay(startDay)} ` +
    `(next on ${longDayOf(addMonths(startDay, 1))}), charged to the card you pay with, until you cancel. ` +
    'Cancel any time in your account, in two clicks: the membership then ends with the month already paid for.'
  );
}
