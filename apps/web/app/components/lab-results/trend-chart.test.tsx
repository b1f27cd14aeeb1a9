import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TrendChart, trendLabel } from './trend-chart';

const measurement = (
  orderNumber: number | null,
  reportedAt: string,
  value: number,
  recordFlag: 'low' | 'normal',
  outsideLab: string | null = null,
) => ({
  orderNumber,
  outsideLab,
  reportedAt,
  value,
  range: { low: 30, high: 100 },
  recordFlag,
  display: { value: `${value} ng/mL`, range: '30 – 100 ng/mL' },
  explanation: null,
});

const vitaminD = {
  biomarker: 'vitamin-d',
  title: 'Vitamin D',
  unit: 'ng/mL',
  range: { low: 30, high: 100 },
  optimal: { band: { low: 40, high: 60 }, display: '40 – 60 ng/mL', source: 'Endocrine Society guideline (2011)' },
  measurements: [measurement(1001, '2026-01-10T17:00:00.000Z', 22, 'low'), measurement(1002, '2026-05-01T16:00:00.000Z', 42, 'normal')],
};

describe('a biomarker’s trend', () => {
  it('says every value with its day, the reference range and the optimal band in its title', () => {
    expect(trendLabel(vitaminD)).toBe(
      'Vitamin D over time: Jan 10, 2026 22 ng/mL (low), May 1, 2026 42 ng/mL (normal). Reference range 30 – 100 ng/mL. Optimal 40 – 60 ng/mL.',
    );
    const html = renderToString(<TrendChart trend={vitaminD} />);
    expect(html).toContain('role="img"');
    expect(html).toContain('aria-labelledby="trend-vitamin-d-title"');
    expect(html).toContain('<title id="trend-vitamin-d-title">Vitamin D over time');
    // the reference band, the optimal band, the line and a point per value
    expect(html.match(/<rect /g)).toHaveLength(2);
    expect(html).toContain('<polyline');
    expect(html.match(/<circle /g)).toHaveLength(2);
  });

  it('says which values are outside results, with their lab, and draws them as rings', () => {
    const withOutside = { ...vitaminD, measurements: [measurement(null, '2026-03-02T12:00:00.000Z', 31, 'normal', 'Quest Diagnostics')] };
    expect(trendLabel(withOutside)).toContain('Mar 2, 2026 31 ng/mL (normal, outside result from Quest Diagnostics)');
    expect(renderToString(<TrendChart trend={withOutside} />)).toContain('fill="#fff"');
  });

  it('draws no optimal band where no guideline names one, and no line for a single value', () => {
    const html = renderToString(<TrendChart trend={{ ...vitaminD, optimal: null, measurements: vitaminD.measurements.slice(0, 1) }} />);
    expect(html.match(/<rect /g)).toHaveLength(1);
    expect(html).not.toContain('<polyline');
    expect(html).not.toContain('Optimal');
  });
});
