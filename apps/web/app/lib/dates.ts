import { SHOP_TIME_ZONE } from '@shop/core';

/**
 * Every date the web app shows, in one place. Two kinds of value reach a page:
 *
 * - an instant (an ISO timestamp such as an order's `createdAt`): shown as the shop's day, in
 *   New York, whether the server renders it (in UTC) or a browser does (in its own zone), so both
 *   agree and match the e-mails; with its time, it says "ET";
 * - a calendar day ('YYYY-MM-DD') or month ('YYYY-MM'), already a day: formatted in UTC, where it
 *   begins, so that no zone moves it to the day before.
 *
 * The linter refuses `Intl.DateTimeFormat` and `toLocaleDateString` elsewhere in the app.
 */

type Instant = string | Date;

const inShop = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-US', { ...options, timeZone: SHOP_TIME_ZONE });
const inUtc = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });

const shopMedium = inShop({ dateStyle: 'medium' });
const shopLong = inShop({ dateStyle: 'long' });
const shopTime = inShop({ hour: 'numeric', minute: '2-digit' });
const shopTimeSeconds = inShop({ hour: 'numeric', minute: '2-digit', second: '2-digit' });

const dayMedium = inUtc({ dateStyle: 'medium' });
const dayLong = inUtc({ dateStyle: 'long' });
const dayShort = inUtc({ month: 'short', day: 'numeric' });
const dayWeekday = inUtc({ weekday: 'short', month: 'short', day: 'numeric' });
const dayLongWeekday = inUtc({ weekday: 'long', month: 'long', day: 'numeric' });
const monthLong = inUtc({ month: 'long', year: 'numeric' });

const instantOf = (at: Instant) => (typeof at === 'string' ? new Date(at) : at);
// newer ICU puts a narrow no-break space before AM/PM: one plain space reads and matches the same everywhere
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

/** The shop's day of an instant: "Dec 5, 2026". */
export function shopDay(at: Instant): string {
  return shopMedium.format(instantOf(at));
}

/** The shop's day of an instant, in words: "December 5, 2026". */
export function shopLongDay(at: Instant): string {
  return shopLong.format(instantOf(at));
}

/** The shop's day and time of an instant: "Dec 5, 2026, 9:30 PM ET" (with seconds when asked). */
export function shopDayTime(at: Instant, options: { seconds?: boolean } = {}): string {
  const instant = instantOf(at);
  const time = (options.seconds ? shopTimeSeconds : shopTime).format(instant);
  return plain(`${shopMedium.format(instant)}, ${time} ET`);
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH = /^(\d{4})-(\d{2})$/;

/** A calendar day as the instant it begins in UTC; anything else is not a day, and is shown as it came. */
function dayFormatter(format: Intl.DateTimeFormat) {
  return (day: string): string => {
    const match = DAY.exec(day);
    return match ? format.format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])))) : day;
  };
}

/** A calendar day ('2026-12-05'): "Dec 5, 2026". */
export const calendarDay = dayFormatter(dayMedium);
/** A calendar day in words: "December 5, 2026". */
export const calendarLongDay = dayFormatter(dayLong);
/** A calendar day within its year: "Dec 5". */
export const calendarShortDay = dayFormatter(dayShort);
/** A calendar day with its weekday: "Sat, Dec 5". */
export const calendarWeekday = dayFormatter(dayWeekday);
/** A calendar day with its weekday, in words: "Saturday, December 5". */
export const calendarLongWeekday = dayFormatter(dayLongWeekday);

/** A calendar month ('2026-12'): "December 2026". */
export function calendarMonth(month: string): string {
  const match = MONTH.exec(month);
  return match ? monthLong.format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1))) : month;
}
