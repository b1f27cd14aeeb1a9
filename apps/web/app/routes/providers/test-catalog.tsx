import { formatMoney, getProduct, tests } from '@shop/core';
import { pageMeta } from '../../lib/seo';
import type { Route } from './+types/test-catalog';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: 'Provider test catalog',
    description: 'Every lab test you can order for your clients from the provider dashboard, with its biomarkers, sample type and price.',
    path: '/providers/test-catalog',
  });

const extras = (['food-sensitivity', 'food-allergy'] as const).map((code) => getProduct(code));

export default function ProvidersTestCatalog() {
  // each test is sold at the starter test's price
  const price = formatMoney(getProduct('base-quiz').priceCents);
  return (
    <section className="mx-auto max-w-6xl px-4 py-14">
      <h1 className="text-4xl font-extrabold">Test catalog</h1>
      <p className="mt-4 max-w-3xl text-lg text-muted">
        The tests you can order for your clients. With client pay your client pays the price shown; with a custom fee, your fee is added to
        it.
      </p>
      <ul className="mt-10 grid gap-6 md:grid-cols-2">
        {tests.map((test) => (
          <li key={test.id} className="flex flex-col rounded-2xl bg-white p-6 shadow-sm">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 className="text-xl font-semibold">{test.title}</h2>
              <p className="text-lg font-bold">{price}</p>
            </div>
            <p className="mt-2 text-muted">{test.overview}</p>
            <p className="mt-4 text-sm">
              <span className="font-semibold">Sample:</span> {test.sampleType}
            </p>
            <p className="mt-2 text-sm">
              <span className="font-semibold">Biomarkers:</span> {test.biomarkers.map((marker) => marker.title).join(', ')}
            </p>
          </li>
        ))}
        {extras.map((product) => (
          <li key={product.code} className="flex flex-col rounded-2xl bg-white p-6 shadow-sm">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 className="text-xl font-semibold">{product.title}</h2>
              <p className="text-lg font-bold">{formatMoney(product.priceCents)}</p>
            </div>
            <p className="mt-2 text-muted">{product.description}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
