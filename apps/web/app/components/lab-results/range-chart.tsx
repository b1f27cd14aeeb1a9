import type { BiomarkerResultView } from '@shop/client';
import { scaleFor } from './range-scale';

const flagTone: Record<BiomarkerResultView['flag'], { text: string; marker: string }> = {
  low: { text: 'text-accent', marker: '#b4541a' },
  normal: { text: 'text-brand', marker: '#0f5e4f' },
  high: { text: 'text-danger', marker: '#b42318' },
};

/**
 * One biomarker against its reference range: a bar with the range as a band and the value as a
 * marker. The numbers and the flag are written out beside it, so the picture is never the only
 * way to read the result.
 */
export function RangeChart({ result }: { result: BiomarkerResultView }) {
  const scale = scaleFor(result.value, result.range);
  const marker = scale.at(result.value);
  const tone = flagTone[result.flag];
  const label = `${result.title}: ${result.display.value}. Reference range ${result.display.range}. ${result.display.flag}.`;
  return (
    <div>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-muted">Your result</dt>
          <dd className="text-lg font-bold">{result.display.value}</dd>
        </div>
        <div>
          <dt className="text-muted">Reference range</dt>
          <dd className="font-medium">{result.display.range}</dd>
        </div>
        <div>
          <dt className="text-muted">Flag</dt>
          <dd className={`font-semibold ${tone.text}`}>{result.display.flag}</dd>
        </div>
      </dl>
      <svg viewBox="0 0 100 14" preserveAspectRatio="none" className="mt-3 h-6 w-full" role="img" aria-label={label}>
        <title>{label}</title>
        <rect x="0" y="5" width="100" height="4" rx="2" fill="#d9dee7" />
        <rect
          x={scale.band.from}
          y="4"
          width={Math.max(scale.band.to - scale.band.from, 0.5)}
          height="6"
          rx="1"
          fill="#e6f2ef"
          stroke="#0f5e4f"
          strokeWidth="0.3"
        />
        <rect x={Math.min(Math.max(marker - 0.75, 0), 98.5)} y="0" width="1.5" height="14" fill={tone.marker} />
      </svg>
    </div>
  );
}

/** A kit's results, one card each with its range chart, as the member and their clinic read them. */
export function RangeCharts({ results }: { results: (BiomarkerResultView & { title: string })[] }) {
  return (
    <ul className="mt-4 space-y-4">
      {results.map((result) => (
        <li key={result.biomarker} className="rounded-xl bg-white p-5 shadow-sm">
          <h3 className="font-semibold">{result.title}</h3>
          <div className="mt-2">
            <RangeChart result={result} />
          </div>
        </li>
      ))}
    </ul>
  );
}
