import type { DeliveryFrequency } from '../catalog/index.ts';

/**
 * A test subscription's calendar, as pure date arithmetic on `YYYY-MM-DD` days (UTC, like every
 * date the cart shows). The order is delivery 1, on the day it was paid; delivery n comes n - 1
 * months (or quarters) later, on the same day of the month, or on the month's last day when the
 * month is shorter. Each date is counted from the first day, never from the one before it, so a
 * subscription that starts on January 31 delivers on February 28 and then on March 31 again.
 */

export const monthsBetweenDeliveries: Record<DeliveryFrequency, number> = { monthly: 1, quarterly: 3 };

/** How often, in words for people: "every month", "every 3 months". */
export const frequencyLabels: Record<DeliveryFrequency, string> = { monthly: 'every month', quarterly: 'every 3 months' };

const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;

function parseDay(day: string): { year: number; month: number; date: number } {
  const match = dayPattern.exec(day);
  if (!match) throw new RangeError(`Not a day (YYYY-MM-DD): ${day}`);
  return { year: Number(match[1]), month: Number(match[2]) - 1, date: Number(match[3]) };
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** The UTC day of a moment, as `YYYY-MM-DD`. */
export function dayOf(moment: Date): string {
  return `${pad(moment.getUTCFullYear(), 4)}-${pad(moment.getUTCMonth() + 1)}-${pad(moment.getUTCDate())}`;
}

/**
 * `months` after `day`, on the same day of the month or the month's last day when it has fewer
 * (January 31 + 1 month = February 28, or 29 in a leap year).
 */
export function addMonths(day: string, months: number): string {
  if (!Number.isInteger(months)) throw new RangeError(`Months must be whole: ${months}`);
  const { year, month, date } = parseDay(day);
  const target = new Date(Date.UTC(year, month + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  return `${pad(target.getUTCFullYear(), 4)}-${pad(target.getUTCMonth() + 1)}-${pad(Math.min(date, lastDay))}`;
}

/** The day of delivery `sequence` (1 is the order itself, on `startDay`), kept on the start's day of the month. */
export function deliveryDay(startDay: string, frequency: DeliveryFrequency, sequence: number): string {
  if (!Number.isInteger(sequence) || sequence < 1) throw new RangeError(`A delivery's sequence starts at 1: ${sequence}`);
  return addMonths(startDay, (sequence - 1) * monthsBetweenDeliveries[frequency]);
}

/**
 * When a delivery is charged: 14:00 UTC on its day, which is that same day in every US time zone
 * (10:00 in New York, 7:00 in Los Angeles, 4:00 in Honolulu), so no customer is charged the evening before.
 */
export function chargeTimeOf(day: string): Date {
  parseDay(day);
  return new Date(`${day}T14:00:00.000Z`);
}

/** Whether a delivery due on `day` may be charged at `now`: never before its charge time. */
export function isDeliveryDue(day: string, now: Date): boolean {
  return now.getTime() >= chargeTimeOf(day).getTime();
}

/**
 * The subscription's states: charging on schedule, stopped after every retry failed (a
 * membership: still in its grace period, retried), paused (a membership whose retries all
 * failed), or ended by the customer.
 */
export const subscriptionStatuses = ['active', 'past_due', 'paused', 'cancelled'] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

/** A delivery after the first: due, paid and waiting to ship, waiting for the customer's bank, declined, shipped. */
export const deliveryStatuses = ['scheduled', 'charged', 'needs_customer', 'declined', 'shipped', 'skipped'] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

export const subscriptionStatusLabels: Record<SubscriptionStatus, string> = {
  active: 'Active',
  past_due: 'Payment failed',
  paused: 'Paused',
  cancelled: 'Cancelled',
};

export const deliveryStatusLabels: Record<DeliveryStatus, string> = {
  scheduled: 'Due',
  charged: 'Paid, to ship',
  needs_customer: 'Waiting for the customer’s approval',
  declined: 'Card declined',
  shipped: 'Shipped',
  skipped: 'Skipped',
};
