import { describe, expect, it } from 'vitest';
import { chiSquaredPValue, differenceInterval, sampleRatioMismatch, wilsonInterval } from './statistics.ts';

describe('Wilson score interval', () => {
  // Newcombe (1998), "Two-sided confidence intervals for the single proportion: comparison of
  // seven methods", Statistics in Medicine 17:857-872, Table II, method 3 (score, no correction)
  it.each([
    [81, 263, 0.2553, 0.3662],
    [15, 148, 0.0624, 0.1605],
    [0, 20, 0.0, 0.1611],
    [1, 29, 0.0061, 0.1718],
  ])('%i of %i: %f to %f', (successes, trials, low, high) => {
    const interval = wilsonInterval(successes, trials)!;
    expect(interval.low).toBeCloseTo(low, 4);
    expect(interval.high).toBeCloseTo(high, 4);
  });

  it('has none without trials', () => {
    expect(wilsonInterval(0, 0)).toBeNull();
  });
});

describe('difference of two proportions (Newcombe hybrid score)', () => {
  // Newcombe (1998), "Interval estimation for the difference between independent proportions:
  // comparison of eleven methods", Statistics in Medicine 17:873-890, Table II, method 10
  it.each([
    [56, 70, 48, 80, 0.2, 0.0524, 0.3339],
    [9, 10, 3, 10, 0.6, 0.1705, 0.809],
  ])('%i/%i − %i/%i', (s1, n1, s2, n2, difference, low, high) => {
    const result = differenceInterval({ successes: s1, trials: n1 }, { successes: s2, trials: n2 })!;
    expect(result.difference).toBeCloseTo(difference, 10);
    expect(result.interval.low).toBeCloseTo(low, 4);
    expect(result.interval.high).toBeCloseTo(high, 4);
  });
});

describe('sample ratio mismatch (chi-squared goodness of fit)', () => {
  it('finds the mismatch of Kohavi, Tang and Xu’s worked example (p ≈ 1.8e-6)', () => {
    // Trustworthy Online Controlled Experiments (2020), chapter 3: 821,588 control users against
    // 815,482 treatment users in a 50/50 experiment
    const result = sampleRatioMismatch([821_588, 815_482], [1, 1])!;
    expect(result.pValue).toBeCloseTo(1.8e-6, 7);
    expect(result.mismatch).toBe(true);
  });

  it('finds none in Mendel’s peas against 9:3:3:1 (χ² = 0.47, p = 0.925)', () => {
    const result = sampleRatioMismatch([315, 108, 101, 32], [9, 3, 3, 1])!;
    expect(result.statistic).toBeCloseTo(0.47, 2);
    expect(result.degrees).toBe(3);
    expect(result.pValue).toBeCloseTo(0.925, 3);
    expect(result.mismatch).toBe(false);
  });

  it('gives the tables’ critical values', () => {
    expect(chiSquaredPValue(3.841, 1)).toBeCloseTo(0.05, 4);
    expect(chiSquaredPValue(10.828, 1)).toBeCloseTo(0.001, 5);
    expect(chiSquaredPValue(11.07, 5)).toBeCloseTo(0.05, 4);
  });

  it('says nothing without visitors', () => {
    expect(sampleRatioMismatch([0, 0], [1, 1])).toBeNull();
  });
});
