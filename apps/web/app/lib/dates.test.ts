import { describe, expect, it } from 'vitest';
import {
  calendarDay,
  calendarLongDay,
  calendarLongWeekday,
  calendarMonth,
  calendarShortDay,
  calendarWeekday,
  shopDay,
  shopDayTime,
  shopLongDay,
} from './dates';

describe('an instant, shown on the shop’s clock (New York)', () => {
  it('falls on the day before when it is 02:00 UTC', () => {
    // 02:00 UTC on December 6 is 9:00 PM on December 5 in New York (UTC-5 in winter)
    expect(shopDay('2026-12-06T02:00:00Z')).toBe('Dec 5, 2026');
    expect(shopLongDay(new Date('2026-12-06T02:00:00Z'))).toBe('December 5, 2026');
    expect(shopDayTime('2026-12-06T02:00:00Z')).toBe('Dec 5, 2026, 9:00 PM ET');
  });

  it('follows daylight saving time', () => {
    // UTC-4 in summer: 03:30 UTC on July 2 is 11:30 PM on July 1
    expect(shopDayTime('2026-07-02T03:30:00Z')).toBe('Jul 1, 2026, 11:30 PM ET');
    expect(shopDay('2026-07-02T04:00:00Z')).toBe('Jul 2, 2026');
  });

  it('tells the seconds when asked', () => {
    expect(shopDayTime('2026-12-06T15:04:05Z', { seconds: true })).toBe('Dec 6, 2026, 10:04:05 AM ET');
  });
});

describe('a calendar day or month, never shifted', () => {
  it('shows the day it names, whatever the zone it is formatted in', () => {
    expect(calendarDay('2026-12-05')).toBe('Dec 5, 2026');
    expect(calendarLongDay('2026-01-01')).toBe('January 1, 2026');
    expect(calendarShortDay('2026-03-01')).toBe('Mar 1');
    expect(calendarWeekday('2026-12-05')).toBe('Sat, Dec 5');
    expect(calendarLongWeekday('2026-12-05')).toBe('Saturday, December 5');
  });

  it('shows a month as the month it names', () => {
    expect(calendarMonth('2026-01')).toBe('January 2026');
    expect(calendarMonth('2026-12')).toBe('December 2026');
  });

  it('shows what is not a day as it came, rather than a wrong day', () => {
    expect(calendarDay('soon')).toBe('soon');
    expect(calendarMonth('2026-12-05')).toBe('2026-12-05');
  });
});
