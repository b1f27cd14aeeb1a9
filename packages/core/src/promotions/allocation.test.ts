import { describe, expect, it } from 'vitest';
import { divideHalfUp, percentOfEach, spreadFixed } from './allocation.ts';

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe('percentOfEach', () => {
  it('rounds each line half-up to the cent, and the order discount is their sum', () => {
    // 15% of 4995 is 749.25 on each line: 749 + 749, not 15% of 9990 (1498.5 -> 1499)
    expect(percentOfEach([4995, 4995], 15)).toEqual([749, 749]);
    // 5% of 7995 is 399.75 -> 400; 5% of 4990 is 249.5 -> 250 (half goes up)
    expect(percentOfEach([7995, 4990], 5)).toEqual([400, 250]);
  });

  it('leaves lines it does not touch at zero and never goes past a line', () => {
    expect(percentOfEach([0, 1000], 20)).toEqual([0, 200]);
    expect(percentOfEach([1, 7995], 100)).toEqual([1, 7995]);
  });
});

describe('spreadFixed', () => {
  it('splits in proportion and hands leftover cents to the largest remainders', () => {
    // 100 over 3 equal lines: 33.33 each, the leftover cent to the first
    expect(spreadFixed([100, 100, 100], 100)).toEqual([34, 33, 33]);
    expect(spreadFixed([7995, 17500, 18400], 1000)).toEqual([182, 399, 419]);
  });

  it.each([
    [[7995, 17500, 18400], 1000],
    [[1, 1, 1], 2],
    [[4995, 4995, 4995, 0], 10_001],
    [[333, 667], 500],
  ])('the shares of %j for %i add up to the amount taken', (amounts, fixed) => {
    const shares = spreadFixed(amounts, fixed);
    expect(sum(shares)).toBe(Math.min(fixed, sum(amounts)));
    shares.forEach((share, index) => {
      expect(share).toBeGreaterThanOrEqual(0);
      expect(share).toBeLessThanOrEqual(amounts[index]!);
    });
  });

  it('takes no more than the lines are worth', () => {
    expect(spreadFixed([7995, 4995], 50_000)).toEqual([7995, 4995]);
  });

  it('takes nothing from nothing', () => {
    expect(spreadFixed([0, 0], 500)).toEqual([0, 0]);
    expect(spreadFixed([], 500)).toEqual([]);
  });
});

describe('divideHalfUp', () => {
  it.each([
    [5, 2, 3],
    [7, 2, 4],
    [6, 4, 2],
    [5, 4, 1],
    [0, 7, 0],
    [39975, 100, 400],
  ])('%i / %i rounds to %i', (numerator, denominator, result) => {
    expect(divideHalfUp(numerator, denominator)).toBe(result);
  });

  it('refuses a zero denominator', () => {
    expect(() => divideHalfUp(1, 0)).toThrow(RangeError);
  });
});
