import { describe, expect, it } from 'vitest';
import { centsFromDollars, formatMoney, percentOf } from './money.ts';

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

  it('reads as the en-US currency format does, across magnitudes and signs', () => {
    const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    const samples = [1, 9, 10, 99, 100, 101, 99_999, 100_000, 100_001, 999_999_99, 1_000_000_00];
    for (let cents = -2_000; cents <= 2_000; cents += 7) samples.push(cents);
    for (const cents of samples.flatMap((value) => [value, -value])) {
      expect(formatMoney(cents)).toBe(usd.format(cents / 100));
    }
  });

  it('stays exact where dividing by 100 in floating point would not', () => {
    expect(formatMoney(Number.MAX_SAFE_INTEGER)).toBe('$90,071,992,547,409.91');
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

describe('dollars typed in a form', () => {
  it('turns into whole cents, and anything else into null', () => {
    expect(centsFromDollars('25')).toBe(2500);
    expect(centsFromDollars(' 25.5 ')).toBe(2550);
    expect(centsFromDollars('$1,250.05')).toBe(125005);
    expect(centsFromDollars('0')).toBe(0);
    for (const text of ['', '-5', '12.345', 'ten', '1e3', '.5']) expect(centsFromDollars(text)).toBeNull();
  });
});
