import { getProduct, type LabTest } from '@shop/core';
import { AddToCart } from './add-to-cart';
import { Price } from './price';

/** One lab test with what it measures, its sample and its starter-test price. */
export function TestCard({ test, headingLevel = 3 }: { test: LabTest; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const SubHeading = headingLevel === 2 ? 'h3' : 'h4';
  return (
    <article className="flex h-full flex-col rounded-2xl bg-white p-6 shadow-sm">
      <Heading className="text-xl font-bold">{test.title}</Heading>
      <p className="mt-2 text-muted">{test.overview}</p>
      <SubHeading className="mt-4 font-semibold">What it measures</SubHeading>
      <ul className="mt-2 flex flex-wrap gap-2">
        {test.biomarkers.map((biomarker) => (
          <li key={biomarker.slug} className="rounded-full bg-brand-soft px-3 py-1 text-sm text-brand-dark">
            {biomarker.title}
          </li>
        ))}
      </ul>
      <p className="mt-4 text-sm text-muted">{test.sampleType}</p>
      <div className="mt-auto flex flex-wrap items-center justify-between gap-4 pt-5">
        <Price cents={getProduct('base-quiz').priceCents} className="text-2xl" />
        <AddToCart productCode="base-quiz" testId={test.id} label={`Add the ${test.title}`} />
      </div>
    </article>
  );
}
