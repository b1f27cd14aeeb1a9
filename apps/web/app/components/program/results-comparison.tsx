import type { BiomarkerComparisonRow } from '@shop/client';

type Measurement = BiomarkerComparisonRow['starter'];

const flagColours: Record<Measurement['flag'], string> = { low: '#b4541a', normal: '#0f5e4f', high: '#b42318' };
const flagText: Record<Measurement['flag'], string> = { low: 'text-accent', normal: 'text-brand', high: 'text-danger' };
const arrows = { up: '↑', down: '↓', same: '→' } as const;

const WIDTH = 320;
const HEIGHT = 150;
const PLOT = { left: 16, right: WIDTH - 16, top: 26, bottom: HEIGHT - 30 };

/** The numbers the chart spans: every value and the range's bounds, with room around them. */
function spanOf(values: number[], range: Measurement['range']): { min: number; max: number } {
  const all = [...values, ...(range.low !== undefined ? [range.low] : []), ...(range.high !== undefined ? [range.high] : [])];
  const low = Math.min(...all);
  const high = Math.max(...all);
  const margin = Math.max((high - low) * 0.2, Math.abs(high) * 0.05, 0.1);
  return { min: Math.max(0, low - margin), max: high + margin };
}

/**
 * One biomarker across the program: the starter test and each retest as points on a line, over
 * the reference range's band. Its label says the values in words, and the table beside it says
 * everything the chart shows.
 */
function ComparisonChart({ row, labels }: { row: BiomarkerComparisonRow; labels: string[] }) {
  const points = [row.starter, ...row.retests.map((retest) => retest.measurement)];
  const { min, max } = spanOf(
    points.map((point) => point.value),
    row.starter.range,
  );
  const y = (value: number) => PLOT.bottom - ((value - min) / (max - min)) * (PLOT.bottom - PLOT.top);
  const slots = labels.length;
  const x = (index: number) => PLOT.left + 30 + (index * (PLOT.right - PLOT.left - 60)) / Math.max(slots - 1, 1);
  const bandTop = y(Math.min(row.starter.range.high ?? max, max));
  const bandBottom = y(Math.max(row.starter.range.low ?? min, min));
  const label = `${row.title}: ${points.map((point, index) => `${labels[index]} ${point.display.value}`).join(', ')}. Reference range ${row.starter.display.range}.`;
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full max-w-sm" role="img" aria-label={label}>
      <title>{label}</title>
      <rect x={PLOT.left} y={bandTop} width={PLOT.right - PLOT.left} height={Math.max(bandBottom - bandTop, 1)} fill="#e6f2ef" />
      <line x1={PLOT.left} x2={PLOT.right} y1={PLOT.bottom} y2={PLOT.bottom} stroke="#d9dee7" />
      <polyline
        points={points.map((point, index) => `${x(index)},${y(point.value)}`).join(' ')}
        fill="none"
        stroke="#4a5568"
        strokeWidth="2"
      />
      {points.map((point, index) => (
        <g key={labels[index]}>
          <circle cx={x(index)} cy={y(point.value)} r="6" fill={flagColours[point.flag]} stroke="#fff" strokeWidth="2" />
          <text x={x(index)} y={y(point.value) - 11} textAnchor="middle" fontSize="12" fontWeight="700" fill="#14213d">
            {point.display.value.replace(` ${point.unit}`, '')}
          </text>
        </g>
      ))}
      {labels.map((label, index) => (
        <text key={label} x={x(index)} y={HEIGHT - 10} textAnchor="middle" fontSize="12" fill="#4a5568">
          {label}
        </text>
      ))}
    </svg>
  );
}

/**
 * The starter test's results beside each retest's, per biomarker: a table (value, range, flag,
 * change since the starter test) and a small chart of the same numbers.
 */
export function ResultsComparison({ comparison }: { comparison: BiomarkerComparisonRow[] }) {
  return (
    <section aria-labelledby="comparison-title" className="mt-8 rounded-2xl bg-white p-6 shadow-sm">
      <h2 id="comparison-title" className="text-xl font-bold">
        How your results changed
      </h2>
      {comparison.length === 0 ? (
        <p className="mt-2">
          When your first retest’s results are in, each biomarker shows here beside your starter test’s, with the change.
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm text-muted">
            Each biomarker of your starter test beside your retests. The shaded band on each chart is the reference range.
          </p>
          <div className="mt-4 space-y-8">
            {comparison.map((row) => {
              const labels = ['Starter', ...row.retests.map((retest) => `Retest ${retest.sequence}`)];
              return (
                <section key={row.biomarker} aria-labelledby={`compare-${row.biomarker}`}>
                  <h3 id={`compare-${row.biomarker}`} className="text-lg font-bold">
                    {row.title}
                  </h3>
                  <div className="mt-2 grid gap-4 lg:grid-cols-[3fr_2fr] lg:items-center">
                    <div>
                      <table className="w-full text-left text-sm">
                        <caption className="sr-only">{row.title}: your starter test and retests</caption>
                        <thead>
                          <tr className="border-b border-line text-muted">
                            <th scope="col" className="py-1 pr-2 font-semibold sm:pr-3">
                              Test
                            </th>
                            <th scope="col" className="py-1 pr-2 font-semibold sm:pr-3">
                              Value
                            </th>
                            <th scope="col" className="py-1 pr-2 font-semibold sm:pr-3">
                              Range
                            </th>
                            <th scope="col" className="py-1 pr-2 font-semibold sm:pr-3">
                              Flag
                            </th>
                            <th scope="col" className="py-1 font-semibold">
                              Change
                            </th>
                          </tr>
                        </thead>
                        <tbody>
                          <MeasurementRow label="Starter test" measurement={row.starter} change={null} />
                          {row.retests.map((retest) => (
                            <MeasurementRow
                              key={retest.sequence}
                              label={`Retest ${retest.sequence}`}
                              measurement={retest.measurement}
                              change={retest.change ?? 'units'}
                            />
                          ))}
                        </tbody>
                      </table>
                    </div>
                    <ComparisonChart row={row} labels={labels} />
                  </div>
                </section>
              );
            })}
          </div>
        </>
      )}
    </section>
  );
}

function MeasurementRow({
  label,
  measurement,
  change,
}: {
  label: string;
  measurement: Measurement;
  change: BiomarkerComparisonRow['retests'][number]['change'] | 'units';
}) {
  return (
    <tr className="border-b border-line align-top last:border-0">
      <th scope="row" className="py-2 pr-2 sm:pr-3 font-semibold">
        {label}
      </th>
      <td className="py-2 pr-2 sm:pr-3 font-bold sm:whitespace-nowrap">{measurement.display.value}</td>
      <td className="py-2 pr-2 sm:pr-3 sm:whitespace-nowrap">{measurement.display.range}</td>
      <td className={`py-2 pr-2 font-semibold sm:pr-3 ${flagText[measurement.flag]}`}>{measurement.display.flag.split(':')[0]}</td>
      <td className="py-2">
        {change === null ? (
          <span className="text-muted">Baseline</span>
        ) : change === 'units' ? (
          <span className="text-muted">Another unit: not compared</span>
        ) : (
          <span>
            <span aria-hidden="true">{arrows[change.direction]} </span>
            {change.display.replace(' since your starter test', '')}
          </span>
        )}
      </td>
    </tr>
  );
}
