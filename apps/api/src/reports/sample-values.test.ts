import { getBiomarker, tests } from '@shop/core';
import { describe, expect, it } from 'vitest';
import { flagFor, sampleRow, sampleValues } from './sample-values.ts';

const catalogBiomarkers = [...new Map(tests.flatMap((test) => test.biomarkers).map((biomarker) => [biomarker.slug, biomarker])).values()];

describe('sample values', () => {
  it.each(catalogBiomarkers.map((biomarker) => [biomarker.slug]))('has an example for %s that agrees with its flag', (slug) => {
    const sample = sampleValues[slug as keyof typeof sampleValues];
    expect(sample, `${slug} has no example value`).toBeDefined();
    if (!sample) return;
    const { value, range, flag } = sample;
    expect(range.low ?? range.high, `${slug} has a range`).toBeDefined();
    if (range.low !== undefined && range.high !== undefined) expect(range.low).toBeLessThan(range.high);
    // never on a bound, where "< 200" and a Normal flag would read as a contradiction
    expect([range.low, range.high]).not.toContain(value);
    expect(value).toBeGreaterThan(0);
    expect(flagFor(value, range), `${slug}: ${value} against ${JSON.stringify(range)}`).toBe(flag);
  });

  it('shows at least one flag in every test, so the reader sees what one looks like', () => {
    for (const test of tests) {
      const flags = test.biomarkers.map((biomarker) => sampleRow(biomarker).flag);
      expect(
        flags.some((flag) => flag === 'Low' || flag === 'High'),
        test.title,
      ).toBe(true);
    }
  });

  it('prints a row for each biomarker, with the unit next to the value', () => {
    expect(sampleRow(getBiomarker('vitamin-d'))).toEqual({
      name: 'Vitamin D',
      note: undefined,
      result: '24 ng/mL',
      range: '30 – 100',
      flag: 'Low',
    });
    expect(sampleRow(getBiomarker('total-cholesterol')).range).toBe('< 200');
    expect(sampleRow(getBiomarker('hdl')).range).toBe('> 40');
    expect(sampleRow(getBiomarker('hba1c')).range).toBe('4.0 – 5.6');
  });

  it('falls back to words, not made-up numbers, for a biomarker without an example', () => {
    expect(sampleRow({ slug: 'apolipoprotein-b', title: 'ApoB', description: '' })).toEqual({
      name: 'ApoB',
      result: 'Shown on your report',
      range: 'Set by the lab',
      flag: null,
    });
    expect(sampleRow({ slug: 'constructor', title: 'Odd', description: '' }).flag).toBeNull();
  });
});
