import { describe, expect, it } from 'vitest';
import { dayIn, formatGiftDay, startOfDayIn } from './delivery-day.ts';

describe("the shop's days, in New York", () => {
  it('names the day an instant falls on there', () => {
    // 03:00 UTC on the 24th is still the evening of the 23rd in New York
    expect(dayIn(new Date('2026-12-24T03:00:00Z'))).toBe('2026-12-23');
    expect(dayIn(new Date('2026-12-24T05:00:00Z'))).toBe('2026-12-24');
    expect(dayIn(new Date('2026-07-04T03:59:00Z'))).toBe('2026-07-03');
    expect(dayIn(new Date('2026-07-04T04:00:00Z'))).toBe('2026-07-04');
  });

  it('finds when a day begins there, in winter and in summer time', () => {
    expect(startOfDayIn('2026-12-24').toISOString()).toBe('2026-12-24T05:00:00.000Z');
    expect(startOfDayIn('2026-07-04').toISOString()).toBe('2026-07-04T04:00:00.000Z');
    // the days the clocks change, at 2 a.m.: midnight is still on the old offset
    expect(startOfDayIn('2026-03-08').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(startOfDayIn('2026-11-01').toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(startOfDayIn('2026-03-09').toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(dayIn(startOfDayIn('2026-11-02'))).toBe('2026-11-02');
    expect(dayIn(new Date(startOfDayIn('2026-11-02').getTime() - 1))).toBe('2026-11-01');
  });

  it('writes a day for people', () => {
    expect(formatGiftDay('2026-12-24')).toBe('December 24, 2026');
  });
});
