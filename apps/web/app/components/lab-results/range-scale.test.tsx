import { describe, expect, it } from 'vitest';
import { scaleFor } from './range-scale';

describe('the scale of a result bar', () => {
  it('puts a two-sided range in the middle and the value on it', () => {
    const scale = scaleFor(5.8, { low: 4, high: 5.6 });
    expect(scale.band.from).toBeGreaterThan(0);
    expect(scale.band.to).toBeLessThan(100);
    expect(scale.at(5.8)).toBeGreaterThan(scale.band.to);
    expect(scale.at(5.8)).toBeLessThanOrEqual(100);
  });

  it('runs a "below" range from zero and an "above" range to the end', () => {
    expect(scaleFor(131, { high: 100 }).band.from).toBe(0);
    expect(scaleFor(52, { low: 40 }).band.to).toBe(100);
  });

  it('takes in a value far outside the range', () => {
    const scale = scaleFor(900, { low: 15, high: 150 });
    expect(scale.at(900)).toBeLessThan(100);
    expect(scale.at(150)).toBeGreaterThan(0);
  });

  it('keeps values at zero on the bar', () => {
    expect(scaleFor(0, { high: 3 }).at(0)).toBe(0);
  });
});
