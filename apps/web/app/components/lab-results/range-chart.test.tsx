import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RangeChart } from './range-chart';

const cortisol = {
  biomarker: 'cortisol',
  title: 'Cortisol',
  value: 1.4,
  unit: 'ng/mL',
  range: { low: 0.4, high: 1 },
  flag: 'high' as const,
  display: { value: '1.4 ng/mL', range: '0.4 – 1.0 ng/mL', flag: 'High: above the reference range' },
};

describe('a result against its range', () => {
  it('writes the numbers and the flag in words, and labels the picture with them', () => {
    const html = renderToString(<RangeChart result={cortisol} />);
    expect(html).toContain('1.4 ng/mL');
    expect(html).toContain('0.4 – 1.0 ng/mL');
    expect(html).toContain('High: above the reference range');
    expect(html).toContain('role="img"');
    expect(html).toContain('aria-label="Cortisol: 1.4 ng/mL. Reference range 0.4 – 1.0 ng/mL. High: above the reference range."');
  });
});
