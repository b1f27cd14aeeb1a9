import type { BiomarkerTrendView } from '@shop/client';
import { shopDay } from '../../lib/dates';

type Measurement = BiomarkerTrendView['measurements'][number];
type Range = BiomarkerTrendView['range'];

const flagColours: Record<Measurement['recordFlag'], string> = { low: '#b4541a', normal: '#0f5e4f', high: '#b42318', critical: '#7a1010' };

const WIDTH = 480;
const HEIGHT = 170;
const PLOT = { left: 20, right: WIDTH - 20, top: 26, bottom: HEIGHT - 32 };

const boundsOf = (range: Range | undefined) => [range?.low, range?.high].filter((bound): bound is number => bound !== undefined);

/** The numbers the chart spans: every value and the bounds of both bands, with room around them. */
function spanOf(trend: BiomarkerTrendView): { min: number; max: number } {
  const all = [...trend.measurements.map((point) => point.value), ...boundsOf(trend.range), ...boundsOf(trend.optimal?.band)];
  const low = Math.min(...all);
  const high = Math.max(...all);
  const margin = Math.max((high - low) * 0.2, Math.abs(high) * 0.05, 0.1);
  return { min: Math.max(0, low - margin), max: high + margin };
}

/** The chart's words: every value with its day and flag, and the bands, said as the picture shows them. */
export function trendLabel(trend: BiomarkerTrendView): string {
  const values = trend.measurements
    .map(
      (point) =>
        `${shopDay(point.reportedAt)} ${point.display.value} (${point.recordFlag}${point.outsideLab ? `, outside result from ${point.outsideLab}` : ''})`,
    )
    .join(', ');
  const latest = trend.measurements.at(-1);
  const optimal = trend.optimal ? ` Optimal ${trend.optimal.display}.` : '';
  return `${trend.title} over time: ${values}. Reference range ${latest?.display.range ?? 'not given'}.${optimal}`;
}

/**
 * One biomarker over the member's life: each result a point on a line, over the reference range
 * as a shaded band and, where a guideline names one, the optimal band inside it. Drawn on the
 * server; its title says everything it shows, and the table beside it says it again.
 */
export function TrendChart({ trend }: { trend: BiomarkerTrendView }) {
  const { min, max } = spanOf(trend);
  const y = (value: number) => PLOT.bottom - ((value - min) / (max - min)) * (PLOT.bottom - PLOT.top);
  const count = trend.measurements.length;
  const x = (index: number) =>
    count === 1 ? (PLOT.left + PLOT.right) / 2 : PLOT.left + 30 + (index * (PLOT.right - PLOT.left - 60)) / (count - 1);
  const band = (range: Range) => {
    const top = y(Math.min(range.high ?? max, max));
    const bottom = y(Math.max(range.low ?? min, min));
    return { y: top, height: Math.max(bottom - top, 1) };
  };
  const label = trendLabel(trend);
  const titleId = `trend-${trend.biomarker}-title`;
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full max-w-xl" role="img" aria-labelledby={titleId}>
      <title id={titleId}>{label}</title>
      <rect x={PLOT.left} width={PLOT.right - PLOT.left} {...band(trend.range)} fill="#e6f2ef" />
      {trend.optimal ? (
        <rect
          x={PLOT.left}
          width={PLOT.right - PLOT.left}
          {...band(trend.optimal.band)}
          fill="#bfe0d6"
          stroke="#0f5e4f"
          strokeDasharray="4 3"
        />
      ) : null}
      <line x1={PLOT.left} x2={PLOT.right} y1={PLOT.bottom} y2={PLOT.bottom} stroke="#d9dee7" />
      {count > 1 ? (
        <polyline
          points={trend.measurements.map((point, index) => `${x(index)},${y(point.value)}`).join(' ')}
          fill="none"
          stroke="#4a5568"
          strokeWidth="2"
        />
      ) : null}
      {trend.measurements.map((point, index) => (
        <g key={`${point.orderNumber}-${point.reportedAt}`}>
          {point.outsideLab ? (
            // an outside result is a ring of its flag's colour, the shop's own a filled dot
            <circle cx={x(index)} cy={y(point.value)} r="6" fill="#fff" stroke={flagColours[point.recordFlag]} strokeWidth="3" />
          ) : (
            <circle cx={x(index)} cy={y(point.value)} r="6" fill={flagColours[point.recordFlag]} stroke="#fff" strokeWidth="2" />
          )}
          <text x={x(index)} y={y(point.value) - 11} textAnchor="middle" fontSize="12" fontWeight="700" fill="#14213d">
            {point.display.value.replace(` ${trend.unit}`, '')}
          </text>
          <text x={x(index)} y={HEIGHT - 12} textAnchor="middle" fontSize="12" fill="#4a5568">
            {shopDay(point.reportedAt)}
          </text>
        </g>
      ))}
    </svg>
  );
}
