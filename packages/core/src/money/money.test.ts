import { describe, expect, it } from 'vitest';
import { formatMoney, percentOf } from './money.ts';

describe('formatMoney', () => {
  it.each([
    [7995, '$79.95'],
    [22000, '$220.00'],
    [0, '$0.00'],
    [75000, '$750.00'],
    [123456789, '$1,234,567.89'],
  ])('%i cents reads %s', (cents, text) => {
    expect(formatMoney(cents)).toBe(text);
  });

  it('refuses fractions of a cent', () => {
    expect(() => formatMoney(10.5)).toThrow(RangeError);
  });
});

describe('percentOf', () => {
  it('rounds to whole cents', () => {
    expect(percentOf(7995, 5)).toBe(400); // 399.75
    expect(percentOf(7995, 20)).toBe(1599);
    expect(percentOf(1, 50)).toBe(1);
  });
});
