import { describe, expect, it } from 'vitest';
import { ageOn, isAdult, isNewYorkZip } from './eligibility.ts';

describe('age', () => {
  const today = new Date('2026-11-21T12:00:00Z');

  it.each([
    ['2008-11-21', 18, true],
    ['2008-11-22', 17, false],
    ['2008-12-01', 17, false],
    ['1990-01-01', 36, true],
  ])('born %s is %i on 2026-11-21', (dob, age, adult) => {
    expect(ageOn(dob, today)).toBe(age);
    expect(isAdult(dob, today)).toBe(adult);
  });

  it('refuses text that is not a date', () => {
    expect(() => ageOn('21/11/2008', today)).toThrow(RangeError);
  });
});

describe('New York ZIP codes', () => {
  it.each([
    ['10001', true],
    ['14925', true],
    ['00501', true],
    ['06390', true],
    ['07030', false],
    ['94103', false],
    ['15001', false],
  ])('%s in NY: %s', (zip, ny) => {
    expect(isNewYorkZip(zip)).toBe(ny);
  });
});
