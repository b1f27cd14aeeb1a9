import { areaSlugs, type AreaSlug } from '../catalog/areas.ts';
import type { GiftType } from '../catalog/products.ts';
import { giftMessages } from './messages.ts';

/** Up to five areas or one Complete bundle per gift (specification §5). */
export const GIFT_MAX_AREAS = 5;
/** A gift's delivery date is at most this far ahead. */
export const GIFT_MAX_DAYS_AHEAD = 365;

/** What one gift contains: some areas (each a starter test) or the Complete bundle. */
export type GiftContents = { kind: 'areas'; areas: AreaSlug[] } | { kind: 'complete' };

export type GiftCheck = { ok: true; contents: GiftContents } | { ok: false; message: string };

/**
 * Checks a gift's choice against §5: areas from the catalog, at most five, never mixed with the
 * Complete bundle, each area once.
 */
export function checkGiftContents(choice: { areas: readonly string[]; complete: boolean }): GiftCheck {
  if (choice.complete && choice.areas.length > 0) return { ok: false, message: giftMessages.areasWithComplete };
  if (choice.complete) return { ok: true, contents: { kind: 'complete' } };
  if (choice.areas.length === 0) return { ok: false, message: giftMessages.emptyGift };
  if (choice.areas.length > GIFT_MAX_AREAS) return { ok: false, message: giftMessages.tooManyAreas(GIFT_MAX_AREAS) };
  if (choice.areas.some((area) => !(areaSlugs as readonly string[]).includes(area)))
    return { ok: false, message: giftMessages.unknownArea };
  if (new Set(choice.areas).size !== choice.areas.length) return { ok: false, message: giftMessages.repeatedArea };
  return { ok: true, contents: { kind: 'areas', areas: [...choice.areas] as AreaSlug[] } };
}

/** One gift purchase per transaction: a cart that already holds a gift takes no second one. */
export function canAddGift(giftsInCart: number): { ok: true } | { ok: false; message: string } {
  return giftsInCart === 0 ? { ok: true } : { ok: false, message: giftMessages.oneGiftPerTransaction };
}

/**
 * A delivery date as the form sends it (YYYY-MM-DD), against today's date where the purchaser is.
 * Today sends at once; the past is refused; at most a year ahead.
 */
export function checkDeliveryDate(date: string, today: string): { ok: true; sendNow: boolean } | { ok: false; message: string } {
  const day = parseDay(date);
  const now = parseDay(today);
  if (day === undefined || now === undefined) return { ok: false, message: giftMessages.date };
  if (day < now) return { ok: false, message: giftMessages.pastDate };
  if (day - now > GIFT_MAX_DAYS_AHEAD) return { ok: false, message: giftMessages.farDate };
  return { ok: true, sendNow: day === now };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Days since the epoch of a real calendar date, or undefined. */
function parseDay(value: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, day);
  const check = new Date(time);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return undefined;
  return time / DAY_MS;
}

/** A one-off recipient can add the Improvement Program later; a program gift already has it. */
export function offersProgramLater(type: GiftType): boolean {
  return type === 'one_off';
}
