/** Coaching times are shown and entered in US Eastern time, the shop's clock (daylight saving included). */
export const COACHING_TIME_ZONE = 'America/New_York';

const parts = new Intl.DateTimeFormat('en-US', {
  timeZone: COACHING_TIME_ZONE,
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});
const numeric = new Intl.DateTimeFormat('en-US', {
  timeZone: COACHING_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

function pieces(formatter: Intl.DateTimeFormat, at: Date): Record<string, string> {
  const found: Record<string, string> = {};
  for (const part of formatter.formatToParts(at)) found[part.type] = part.value;
  return found;
}

// assembled from parts: ICU versions differ in the words and spaces between them ("at", U+202F)
/** "Tuesday, December 1, 2026" */
export function easternDay(at: Date): string {
  const p = pieces(parts, at);
  return `${p.weekday}, ${p.month} ${p.day}, ${p.year}`;
}

/** "10:00 AM ET" */
export function easternTime(at: Date): string {
  const p = pieces(parts, at);
  return `${p.hour}:${p.minute} ${(p.dayPeriod ?? '').toUpperCase()} ET`;
}

/** "Tuesday, December 1, 2026, 10:00 AM ET": how a session's time is told to people. */
export function formatEastern(at: Date): string {
  return `${easternDay(at)}, ${easternTime(at)}`;
}

/** The Eastern calendar day of a moment, `2026-12-01`: slots are grouped by it. */
export function easternDate(at: Date): string {
  const p = pieces(numeric, at);
  return `${p.year}-${p.month}-${p.day}`;
}

/** Minutes Eastern time is ahead of UTC at that moment (-300 in winter, -240 in summer). */
function offsetMinutes(at: Date): number {
  const p = pieces(numeric, at);
  const asUtc = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60000);
}

/**
 * The moment a wall-clock time in Eastern time names (`2026-12-01`, `10:00`), or null for a date
 * or time that does not exist. A time skipped when clocks go forward is read as the hour after.
 */
export function fromEastern(date: string, time: string): Date | null {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const clock = /^(\d{1,2}):(\d{2})$/.exec(time);
  if (!day || !clock) return null;
  const [year, month, dayOfMonth, hour, minute] = [day[1], day[2], day[3], clock[1], clock[2]].map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (hour > 23 || minute > 59) return null;
  const wall = Date.UTC(year, month - 1, dayOfMonth, hour, minute);
  const check = new Date(wall);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== dayOfMonth) return null;
  // the offset at a first guess, then at the moment it gives: right on both sides of a change
  const guess = wall - offsetMinutes(new Date(wall)) * 60000;
  return new Date(wall - offsetMinutes(new Date(guess)) * 60000);
}
