import { giftProductCodes, type GiftType } from '../catalog/products.ts';

/**
 * The shop's days are New York's: a gift dated December 24 is delivered when December 24 begins
 * there, and "today" on the delivery form is New York's today, wherever the purchaser is.
 */
export const SHOP_TIME_ZONE = 'America/New_York';

const dayFormats = new Map<string, Intl.DateTimeFormat>();

function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    // en-CA writes dates as YYYY-MM-DD
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format;
}

/** The calendar day (YYYY-MM-DD) an instant falls on in a time zone. */
export function dayIn(instant: Date, timeZone: string = SHOP_TIME_ZONE): string {
  return dayFormat(timeZone).format(instant);
}

/** The zone's offset from UTC at an instant, in milliseconds (New York: -4 or -5 hours). */
function offsetMs(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(instant));
  const part = (type: string) => Number(parts.find((candidate) => candidate.type === type)?.value);
  const asUtc = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The instant a calendar day (YYYY-MM-DD) begins in a time zone: its first moment at 00:00 there. */
export function startOfDayIn(day: string, timeZone: string = SHOP_TIME_ZONE): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) throw new RangeError(`not a day: ${day}`);
  const midnightUtc = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  // midnight there is midnight UTC less the offset; the offset is read again at that instant, so
  // a day on which the clocks change (never at midnight in New York) still lands right
  const guess = midnightUtc - offsetMs(midnightUtc, timeZone);
  return new Date(midnightUtc - offsetMs(guess, timeZone));
}

// made on first use, not when the module loads: a first date format costs the browser its locale
// data, which the checkout's first paint should not wait for when no gift is shown
let longDay: Intl.DateTimeFormat | undefined;

/** A delivery day (YYYY-MM-DD) as people read it: December 24, 2026. */
export function formatGiftDay(day: string): string {
  longDay ??= new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
  return longDay.format(new Date(`${day}T12:00:00Z`));
}

/**
 * The two gift types (§3), in the order the pages show them. Marked pure: a bundler otherwise keeps
 * the call in every page that imports this file, and with it the catalog the codes come from.
 */
export const giftTypes = /* @__PURE__ */ Object.keys(giftProductCodes) as GiftType[];
