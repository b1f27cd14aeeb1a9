import { describe, expect, it } from 'vitest';
import { addMonths, chargeTimeOf, dayOf, deliveryDay, isDeliveryDue } from './schedule.ts';

describe('adding months to a day', () => {
  it.each([
    ['2026-01-31', 1, '2026-02-28'],
    ['2028-01-31', 1, '2028-02-29'],
    ['2026-01-30', 1, '2026-02-28'],
    ['2026-03-31', 1, '2026-04-30'],
    ['2026-03-15', 1, '2026-04-15'],
    ['2026-12-05', 1, '2027-01-05'],
    ['2026-11-30', 3, '2027-02-28'],
    ['2026-10-31', 3, '2027-01-31'],
    ['2027-11-29', 3, '2028-02-29'],
    ['2026-05-31', 12, '2027-05-31'],
  ] as const)('%s + %i month(s) is %s', (day, months, expected) => {
    expect(addMonths(day, months)).toBe(expected);
  });

  it('refuses what is not a day', () => {
    expect(() => addMonths('2026-1-31', 1)).toThrow(RangeError);
    expect(() => addMonths('2026-01-31', 1.5)).toThrow(RangeError);
  });
});

describe('the delivery calendar', () => {
  it('keeps the first day of the month it started on, after a shorter month', () => {
    const days = [1, 2, 3, 4, 5].map((sequence) => deliveryDay('2026-01-31', 'monthly', sequence));
    expect(days).toEqual(['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30', '2026-05-31']);
  });

  it('goes by quarters for a quarterly subscription', () => {
    const days = [1, 2, 3, 4, 5].map((sequence) => deliveryDay('2026-11-30', 'quarterly', sequence));
    expect(days).toEqual(['2026-11-30', '2027-02-28', '2027-05-30', '2027-08-30', '2027-11-30']);
  });

  it('lands on February 29 in a leap year and keeps the anchor after it', () => {
    expect([2, 3].map((sequence) => deliveryDay('2028-01-30', 'monthly', sequence))).toEqual(['2028-02-29', '2028-03-30']);
  });

  it('starts counting at 1, the order itself', () => {
    expect(deliveryDay('2026-06-10', 'monthly', 1)).toBe('2026-06-10');
    expect(() => deliveryDay('2026-06-10', 'monthly', 0)).toThrow(RangeError);
  });
});

describe('when a delivery is charged', () => {
  it('is the UTC day of a moment', () => {
    expect(dayOf(new Date('2026-01-31T23:59:59Z'))).toBe('2026-01-31');
    expect(dayOf(new Date('2026-02-01T00:00:00Z'))).toBe('2026-02-01');
  });

  it('is never before its day, in any US time zone', () => {
    expect(chargeTimeOf('2026-02-28').toISOString()).toBe('2026-02-28T14:00:00.000Z');
    expect(isDeliveryDue('2026-02-28', new Date('2026-02-28T13:59:59Z'))).toBe(false);
    expect(isDeliveryDue('2026-02-28', new Date('2026-02-28T14:00:00Z'))).toBe(true);
    expect(isDeliveryDue('2026-02-28', new Date('2026-03-02T09:00:00Z'))).toBe(true);
  });
});
