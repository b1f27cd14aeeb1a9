import { addMonths } from './schedule.ts';

/**
 * What California's auto-renewal law asks of a subscription that renews until cancelled (Base
 * Daily's month, a test subscription's deliveries), as amended by AB 2863 (operative July 1, 2025):
 * Cal. Bus. & Prof. Code §17602. The shop follows it for every member, wherever they live: one
 * rule is simpler to keep than fifty, and California's is the strictest.
 */
export const renewalLaw = {
  /**
   * At least once a year, a reminder of the terms: what it is, how often and how much it charges,
   * and how to cancel, through the medium the member agreed in (e-mail).
   */
  yearlyReminder: { source: 'Cal. Bus. & Prof. Code §17602 as amended by AB 2863 (2024): the annual notice of the terms' },
  /**
   * A price change is a material change of the terms: the member is told the new price, the day
   * it takes effect and how to cancel, at least 7 and at most 30 days before it does.
   */
  priceChangeNotice: {
    minDays: 7,
    maxDays: 30,
    source: 'Cal. Bus. & Prof. Code §17602(d) as amended by AB 2863 (2024): notice of a material change, before it takes effect',
  },
} as const;

/** How many whole years a subscription started on `startDay` has run on `today` (both YYYY-MM-DD). */
export function wholeYearsSince(startDay: string, today: string): number {
  let years = Number(today.slice(0, 4)) - Number(startDay.slice(0, 4));
  // the anniversary is kept on the start's day, or the month's last day (February 29 → 28)
  if (years > 0 && addMonths(startDay, years * 12) > today) years -= 1;
  return Math.max(0, years);
}

/**
 * The yearly reminder due on `today` for a subscription started on `startDay`: the year of its
 * life it reminds of (1 on the first anniversary), or null before the first. Only the latest is
 * due: a year that passed without one is not sent late on top of the current one.
 */
export function yearlyReminderDue(startDay: string, today: string, lastRemindedYear: number | null): number | null {
  const year = wholeYearsSince(startDay, today);
  if (year < 1 || (lastRemindedYear !== null && lastRemindedYear >= year)) return null;
  return year;
}

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The days a price change announced on `today` may take effect on, its notice going out today. */
export function priceChangeWindow(today: string): { earliest: string; latest: string } {
  return { earliest: addDays(today, renewalLaw.priceChangeNotice.minDays), latest: addDays(today, renewalLaw.priceChangeNotice.maxDays) };
}

export type PriceChangeVerdict = { ok: true } | { ok: false; reason: string };

/** Whether a renewing price may change on `effectiveOn` when its notice goes out on `today`. */
export function priceChangeVerdict(today: string, effectiveOn: string): PriceChangeVerdict {
  const { earliest, latest } = priceChangeWindow(today);
  if (effectiveOn < earliest || effectiveOn > latest) {
    return {
      ok: false,
      reason: `A new price takes effect ${renewalLaw.priceChangeNotice.minDays} to ${renewalLaw.priceChangeNotice.maxDays} days after the members are told: announced today, between ${earliest} and ${latest}.`,
    };
  }
  return { ok: true };
}
