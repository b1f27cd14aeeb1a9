import type { FaqEntry } from '@shop/core';
import { faqPageData, JsonLd } from '../../lib/seo';

interface FaqSectionProps {
  entries: readonly FaqEntry[];
  title?: string;
  /** the heading's id, unique on the page */
  id?: string;
}

/**
 * Questions as native disclosures: keyboard and screen-reader support come with the element, and
 * the answers stay in the HTML for search engines, which also get them as FAQPage JSON-LD.
 */
export function FaqSection({ entries, title = 'Frequently asked questions', id = 'faq' }: FaqSectionProps) {
  if (entries.length === 0) return null;
  return (
    <section aria-labelledby={id} className="below-fold mx-auto max-w-3xl px-4 py-14">
      <h2 id={id} className="text-3xl font-bold">
        {title}
      </h2>
      <div className="mt-6 divide-y divide-slate-200 rounded-2xl bg-white shadow-sm">
        {entries.map((entry) => (
          <details key={entry.question} className="group px-5 py-4">
            <summary className="flex cursor-pointer list-none items-start justify-between gap-4 font-semibold [&::-webkit-details-marker]:hidden">
              <span>{entry.question}</span>
              <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-1 h-4 w-4 shrink-0 transition-transform group-open:rotate-180">
                <path d="M4 7l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </summary>
            <p className="mt-3 text-muted">{entry.answer}</p>
          </details>
        ))}
      </div>
      <JsonLd data={faqPageData(entries)} />
    </section>
  );
}
