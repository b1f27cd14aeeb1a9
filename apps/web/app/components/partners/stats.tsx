import { BUSINESS_STATS } from '@shop/core';

const stats = [
  { value: `${BUSINESS_STATS.finishPercent}%`, label: 'finish' },
  { value: `${BUSINESS_STATS.improvementPercent}%`, label: 'improvement' },
  { value: String(BUSINESS_STATS.rating), label: 'rating' },
  { value: `${BUSINESS_STATS.roi}x`, label: 'ROI' },
];

/** The business offer's results, as the specification states them (§9). */
export function BusinessStats() {
  return (
    <section aria-labelledby="results" className="bg-brand-dark text-white">
      <div className="mx-auto max-w-6xl px-4 py-14">
        <h2 id="results" className="text-3xl font-bold">
          Results that employers and employees both see
        </h2>
        <dl className="mt-8 grid grid-cols-2 gap-6 lg:grid-cols-4">
          {stats.map((stat) => (
            <div key={stat.label} className="rounded-2xl bg-white/10 p-6">
              <dt className="text-sm font-semibold uppercase tracking-wide">{stat.label}</dt>
              <dd className="mt-2 text-4xl font-extrabold">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
