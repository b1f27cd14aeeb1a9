import { COMPLETE_BUNDLE_KIT_COUNT, COMPLETE_BUNDLE_TEST_COUNT, completeBundleKits, faqSets, offerPages } from '@shop/core';
import { OfferPageView } from '../../components/content/offer-page';
import { pageMeta } from '../../lib/seo';
import type { Route } from './+types/complete-testing-plan';

const page = offerPages.complete;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ matches, title: page.title, description: page.description, path: '/complete-testing-plan' });

export default function CompleteTestingPlan() {
  return (
    <OfferPageView page={page} productCode="base-complete" faqs={faqSets.generic}>
      <section aria-labelledby="kits" className="mx-auto max-w-6xl px-4 py-6">
        <h2 id="kits" className="text-3xl font-bold">
          {COMPLETE_BUNDLE_TEST_COUNT} tests in {COMPLETE_BUNDLE_KIT_COUNT} kits
        </h2>
        <ul className="mt-8 grid gap-6 lg:grid-cols-3">
          {completeBundleKits().map(({ kit, tests }) => (
            <li key={kit.slug} className="rounded-2xl bg-white p-6 shadow-sm">
              <h3 className="text-xl font-bold">{kit.name}</h3>
              <p className="mt-2 text-sm text-muted">{kit.description}</p>
              <ul className="mt-4 space-y-3">
                {tests.map((test) => (
                  <li key={test.id}>
                    <p className="font-semibold">
                      {test.bundleName}
                      {test.samples > 1 ? ` (x${test.samples})` : ''}
                    </p>
                    <p className="text-sm text-muted">{test.biomarkers.map((biomarker) => biomarker.title).join(', ')}</p>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </section>
    </OfferPageView>
  );
}
