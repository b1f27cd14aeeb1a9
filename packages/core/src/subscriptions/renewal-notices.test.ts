import { describe, expect, it } from 'vitest';
import { priceChangeVerdict, priceChangeWindow, wholeYearsSince, yearlyReminderDue } from './renewal-notices.ts';

describe('yearlyReminderDue', () => {
  it('is due from the first anniversary, once a year', () => {
    expect(yearlyReminderDue('2025-03-10', '2026-03-09', null)).toBeNull();
    expect(yearlyReminderDue('2025-03-10', '2026-03-10', null)).toBe(1);
    expect(yearlyReminderDue('2025-03-10', '2026-09-01', 1)).toBeNull();
    expect(yearlyReminderDue('2025-03-10', '2027-03-10', 1)).toBe(2);
  });

  it('sends only the latest year when one passed without a reminder', () => {
    expect(yearlyReminderDue('2022-01-05', '2026-02-01', null)).toBe(4);
  });

  it('keeps a leap day’s anniversary on February 28', () => {
    expect(wholeYearsSince('2024-02-29', '2025-02-27')).toBe(0);
    expect(wholeYearsSince('2024-02-29', '2025-02-28')).toBe(1);
  });
});

describe('priceChangeVerdict', () => {
  it('lets a new price take effect 7 to 30 days after the notice', () => {
    expect(priceChangeWindow('2026-12-07')).toEqual({ earliest: '2026-12-14', latest: '2027-01-06' });
    expect(priceChangeVerdict('2026-12-07', '2026-12-14')).toEqual({ ok: true });
    expect(priceChangeVerdict('2026-12-07', '2027-01-06')).toEqual({ ok: true });
  });

  it('refuses a change too soon or too far ahead', () => {
    expect(priceChangeVerdict('2026-12-07', '2026-12-13').ok).toBe(false);
    expect(priceChangeVerdict('2026-12-07', '2027-01-07').ok).toBe(false);
  });
});
