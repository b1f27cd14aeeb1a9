import { formatMoney, getProduct, type LabTest } from '@shop/core';
import { AddToCart } from './add-to-cart';
import { Price } from './price';
import { TestArt } from './test-art';

/**
 * One lab test with what it measures, its sample and its starter-test price; on an area's page,
 * also as a test subscription delivered monthly or quarterly.
 */
export function TestCard({ test, headingLevel = 3, subscribe = false }: { test: LabTest; headingLevel?: 2 | 3; subscribe?: boolean }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const SubHeading = headingLevel === 2 ? 'h3' : 'h4';
  return (
    <article className="flex h-full flex-col rounded-2xl bg-white p-6 shadow-sm">
      <TestArt test={test} className="mb-4 h-24 w-auto self-start rounded-xl bg-brand-soft" />
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
        <AddToCart
          productCode="base-quiz"
          testId={test.id}
          // on an area's page the test is the area's, and takes the place of a quiz starter test
          {...(subscribe ? { origin: 'area' as const } : {})}
          title={test.title}
          label={`Add the ${test.title}`}
        />
      </div>
      {subscribe ? (
        <div
          role="group"
          aria-label={`Subscribe to the ${test.title}`}
          className="mt-4 flex flex-wrap items-center gap-2 border-t border-slate-100 pt-4"
        >
          <p className="w-full text-sm text-muted">
            Or subscribe: {formatMoney(getProduct('base-monitor').priceCents)} per delivery, charged on each delivery date.
          </p>
          <AddToCart
            productCode="base-monitor"
            testId={test.id}
            frequency="monthly"
            title={test.title}
            label="Monthly"
            variant="secondary"
            className="px-4 py-2 text-sm"
          />
          <AddToCart
            productCode="base-monitor"
            testId={test.id}
            frequency="quarterly"
            title={test.title}
            label="Quarterly"
            variant="secondary"
            className="px-4 py-2 text-sm"
          />
        </div>
      ) : null}
    </article>
  );
}
