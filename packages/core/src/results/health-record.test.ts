import { describe, expect, it } from 'vitest';
import { biomarkers, type BiomarkerSlug } from '../catalog/biomarkers.ts';
import { evaluateResult } from './evaluate.ts';
import { criticalExplanation, explainResult, flagExplanations } from './explanations.ts';
import { biomarkerTrends } from './health-record.ts';
import { optimalBands } from './optimal.ts';
import { biomarkerReferences } from './reference.ts';

const evaluated = (biomarker: BiomarkerSlug, value: number) =>
  evaluateResult({ biomarker, value, unit: biomarkerReferences[biomarker].unit, range: biomarkerReferences[biomarker].range });

describe('optimal bands', () => {
  it('each cite a guideline and sit inside the plausible bounds, never wider than the reference range', () => {
    for (const [slug, optimal] of Object.entries(optimalBands)) {
      const reference = biomarkerReferences[slug as BiomarkerSlug];
      expect(optimal.source.length, slug).toBeGreaterThan(20);
      const { low, high } = optimal.band;
      expect(low !== undefined || high !== undefined, slug).toBe(true);
      for (const bound of [low, high]) {
        if (bound === undefined) continue;
        expect(bound, slug).toBeGreaterThanOrEqual(reference.plausible.min);
        expect(bound, slug).toBeLessThanOrEqual(reference.plausible.max);
      }
      if (reference.range.low !== undefined && low !== undefined) expect(low, slug).toBeGreaterThanOrEqual(reference.range.low);
      if (reference.range.high !== undefined && high !== undefined) expect(high, slug).toBeLessThanOrEqual(reference.range.high);
    }
  });
  it('are left out where no guideline names one', () => {
    expect(optimalBands.cortisol).toBeUndefined();
    expect(optimalBands.tsh).toBeUndefined();
  });
});

describe('flag explanations', () => {
  it('cover both sides of every biomarker, in a sentence each', () => {
    for (const slug of Object.keys(biomarkers) as BiomarkerSlug[]) {
      for (const side of ['low', 'high'] as const) expect(flagExplanations[slug][side], `${slug} ${side}`).toMatch(/^[A-Z].{20,}\.$/);
    }
  });
  it('say nothing of a value within its range, the side of a high or low one, and add the call of a critical one', () => {
    expect(explainResult(evaluated('ferritin', 80))).toBeNull();
    expect(explainResult(evaluated('ferritin', 10))).toEqual({ flag: 'low', text: flagExplanations.ferritin.low });
    expect(explainResult(evaluated('triglycerides', 300))).toEqual({ flag: 'high', text: flagExplanations.triglycerides.high });
    // an alert value is high, not critical: it is not a call at once
    expect(explainResult(evaluated('triglycerides', 600))?.flag).toBe('high');
    expect(explainResult(evaluated('triglycerides', 1200))).toEqual({
      flag: 'critical',
      text: `${flagExplanations.triglycerides.high} ${criticalExplanation}`,
    });
    expect(explainResult(evaluated('magnesium', 0.8))?.text).toContain(flagExplanations.magnesium.low);
  });
});

describe('biomarker trends', () => {
  const set = (orderNumber: number, reportedAt: string, results: ReturnType<typeof evaluated>[]) => ({
    orderId: `order-${orderNumber}`,
    orderNumber,
    kitTitle: 'Finger-prick blood kit',
    reportedAt,
    results,
  });

  it('regroup every order’s values by biomarker, oldest first, in the catalog’s order', () => {
    const trends = biomarkerTrends([
      set(2, '2026-05-01T12:00:00.000Z', [evaluated('vitamin-d', 42), evaluated('ferritin', 12)]),
      set(1, '2026-01-10T12:00:00.000Z', [evaluated('vitamin-d', 22)]),
    ]);
    expect(trends.map((trend) => trend.biomarker)).toEqual(['vitamin-d', 'ferritin']);
    const [vitaminD, ferritin] = trends;
    expect(vitaminD?.measurements.map((value) => [value.orderNumber, value.value, value.recordFlag])).toEqual([
      [1, 22, 'low'],
      [2, 42, 'normal'],
    ]);
    expect(vitaminD?.measurements[0]?.explanation).toBe(flagExplanations['vitamin-d'].low);
    expect(vitaminD?.measurements[1]?.explanation).toBeNull();
    expect(vitaminD?.optimal).toMatchObject({ band: { low: 40, high: 60 }, display: '40 – 60 ng/mL' });
    expect(vitaminD?.range).toEqual({ low: 30, high: 100 });
    expect(ferritin?.optimal).toBeNull();
    expect(ferritin?.measurements).toHaveLength(1);
  });

  it('puts an outside lab’s values on the same trend, in date order, each marked with its lab', () => {
    const outside = {
      orderId: null,
      orderNumber: null,
      outsideLab: 'Quest Diagnostics',
      kitTitle: 'Quest Diagnostics',
      reportedAt: '2026-03-01T12:00:00.000Z',
      results: [evaluated('vitamin-d', 31)],
    };
    const [vitaminD] = biomarkerTrends([set(2, '2026-05-01T12:00:00.000Z', [evaluated('vitamin-d', 42)]), outside]);
    expect(vitaminD?.measurements.map((value) => [value.orderNumber, value.outsideLab, value.value])).toEqual([
      [null, 'Quest Diagnostics', 31],
      [2, null, 42],
    ]);
  });

  it('is empty without results', () => {
    expect(biomarkerTrends([])).toEqual([]);
  });
});
