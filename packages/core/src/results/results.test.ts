import { describe, expect, it } from 'vitest';
import type { biomarkers } from '../catalog/biomarkers.ts';
import { tests } from '../catalog/tests.ts';
import { biomarkersOfKit, evaluateResult } from './evaluate.ts';
import { resultFlagFor, formatReferenceRange } from './flag.ts';
import { biomarkerReferences } from './reference.ts';
import { resultSetSchema } from './schema.ts';

const firstMessage = (input: unknown) => {
  const parsed = resultSetSchema.safeParse(input);
  if (parsed.success) throw new Error('expected a refusal');
  return parsed.error.issues[0]?.message;
};

describe('biomarker references', () => {
  it('covers every biomarker of every test, with a range inside its plausible bounds', () => {
    for (const biomarker of tests.flatMap((test) => test.biomarkers)) {
      const reference = biomarkerReferences[biomarker.slug as keyof typeof biomarkers];
      expect(reference, biomarker.slug).toBeDefined();
      for (const bound of [reference.range.low, reference.range.high]) {
        if (bound === undefined) continue;
        expect(bound).toBeGreaterThanOrEqual(reference.plausible.min);
        expect(bound).toBeLessThanOrEqual(reference.plausible.max);
      }
    }
  });
});

describe('the flag', () => {
  it('is low below the range, high above it, normal on and between the bounds', () => {
    expect(resultFlagFor(3.9, { low: 4, high: 5.6 })).toBe('low');
    expect(resultFlagFor(4, { low: 4, high: 5.6 })).toBe('normal');
    expect(resultFlagFor(5.6, { low: 4, high: 5.6 })).toBe('normal');
    expect(resultFlagFor(5.7, { low: 4, high: 5.6 })).toBe('high');
    expect(resultFlagFor(1000, { low: 40 })).toBe('normal');
    expect(resultFlagFor(0, { high: 3 })).toBe('normal');
  });

  it('prints ranges as labs do', () => {
    expect(formatReferenceRange({ low: 0.4, high: 4.5 }, 1)).toBe('0.4 – 4.5');
    expect(formatReferenceRange({ high: 200 }, 0)).toBe('< 200');
    expect(formatReferenceRange({ low: 40 }, 0)).toBe('> 40');
  });
});

describe('a result set', () => {
  it('is read in the biomarkers’ own units with the default range, and flagged', () => {
    const parsed = resultSetSchema.parse({
      results: [
        { biomarker: 'vitamin-d', value: 24, unit: 'ng/mL' },
        { biomarker: 'ldl', value: 3.4, unit: 'mmol/L' },
        { biomarker: 'tsh', value: 2.1, unit: 'mIU/L', referenceRange: { low: 0.5, high: 2 } },
      ],
    });
    expect(parsed.results[0]).toEqual({ biomarker: 'vitamin-d', value: 24, unit: 'ng/mL', range: { low: 30, high: 100 } });
    expect(parsed.results[1]).toMatchObject({ biomarker: 'ldl', value: 131.478, unit: 'mg/dL', range: { high: 100 } });
    expect(parsed.results[2]).toMatchObject({ range: { low: 0.5, high: 2 } });
    const evaluated = parsed.results.map(evaluateResult);
    expect(evaluated.map((result) => result.flag)).toEqual(['low', 'high', 'high']);
    expect(evaluated[0]?.display).toEqual({ value: '24 ng/mL', range: '30 – 100 ng/mL', flag: 'Low: below the reference range' });
    expect(evaluated[0]?.title).toBe('Vitamin D');
  });

  it('converts a lab-given range in another unit too', () => {
    const parsed = resultSetSchema.parse({ results: [{ biomarker: 'vitamin-d', value: 75, unit: 'nmol/L', referenceRange: { low: 75 } }] });
    expect(parsed.results[0]).toEqual({ biomarker: 'vitamin-d', value: 30, unit: 'ng/mL', range: { low: 30 } });
  });

  it('refuses an unknown biomarker by its name', () => {
    expect(firstMessage({ results: [{ biomarker: 'glucose', value: 90, unit: 'mg/dL' }] })).toBe(
      '"glucose" is not a biomarker we measure.',
    );
  });

  it('refuses a wrong unit, naming the biomarker and the units it takes', () => {
    expect(firstMessage({ results: [{ biomarker: 'vitamin-d', value: 24, unit: 'mg/dL' }] })).toBe(
      'Vitamin D: the unit must be ng/mL or nmol/L, not "mg/dL".',
    );
  });

  it('refuses negative, non-numeric and absurd values', () => {
    expect(firstMessage({ results: [{ biomarker: 'hba1c', value: -1, unit: '%' }] })).toBe('HbA1c: the value cannot be negative.');
    expect(firstMessage({ results: [{ biomarker: 'hba1c', value: '5.5', unit: '%' }] })).toBe('HbA1c: the value must be a number.');
    expect(firstMessage({ results: [{ biomarker: 'hba1c', value: Number.POSITIVE_INFINITY, unit: '%' }] })).toBe(
      'HbA1c: the value must be a number.',
    );
    expect(firstMessage({ results: [{ biomarker: 'hba1c', value: Number.NaN, unit: '%' }] })).toBe('HbA1c: the value must be a number.');
    expect(firstMessage({ results: [{ biomarker: 'hba1c', value: 55, unit: '%' }] })).toBe(
      'HbA1c: 55 % is not a plausible result (expected 2 to 20 %); check the value and its unit.',
    );
    // cholesterol typed in mg/dL but labelled mmol/L
    expect(firstMessage({ results: [{ biomarker: 'total-cholesterol', value: 190, unit: 'mmol/L' }] })).toContain(
      'Total cholesterol: 190 mmol/L is not a plausible result',
    );
  });

  it('refuses a bad reference range, a biomarker listed twice and an empty list', () => {
    expect(firstMessage({ results: [{ biomarker: 'tsh', value: 2, unit: 'mIU/L', referenceRange: { low: 4, high: 1 } }] })).toBe(
      "TSH (thyroid-stimulating hormone): the reference range's low bound is above its high bound.",
    );
    expect(firstMessage({ results: [{ biomarker: 'tsh', value: 2, unit: 'mIU/L', referenceRange: { low: -1 } }] })).toContain(
      'low bound must be a number',
    );
    expect(
      firstMessage({
        results: [
          { biomarker: 'tsh', value: 2, unit: 'mIU/L' },
          { biomarker: 'tsh', value: 3, unit: 'mIU/L' },
        ],
      }),
    ).toBe('TSH (thyroid-stimulating hormone) is listed twice.');
    expect(firstMessage({ results: [] })).toBe('Send at least one result');
  });
});

describe('a kit’s biomarkers', () => {
  it('are those of the tests it carries', () => {
    expect(biomarkersOfKit('daily-rhythm-saliva')).toEqual(new Set(['cortisol', 'melatonin']));
    expect(biomarkersOfKit('blood').has('hba1c')).toBe(true);
    expect(biomarkersOfKit('blood').has('cortisol')).toBe(false);
  });
});
