import { Link } from 'react-router';
import { formatMoney, getArea, getProduct, tests } from '@shop/core';
import { AddToCartButton, inCart } from '../../components/cart/add-to-cart-button';
import { useCart } from '../../components/cart/cart-store';
import { pageMeta } from '../../lib/seo';
import type { Route } from './+types/add-test';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: 'Add a test',
    description: 'Add any of our lab tests beside your starter test: the same kit or lab visit, results explained.',
    path: '/add-test',
  });

/** Every lab test of the catalog, to add beside the starter test at the starter test's price. */
export default function AddTest() {
  const cart = useCart();
  const price = formatMoney(getProduct('base-quiz').priceCents);
  const starterTestId = cart?.items.find((item) => item.kind === 'starter')?.testId ?? null;
  return (
    <section className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-3xl font-extrabold lg:text-4xl">Add a test</h1>
      <p className="mt-3 max-w-2xl text-muted">
        Look at more than one thing at once: add any test beside your starter test, {price} each. Blood tests share one finger-prick, and
        every result comes explained.
      </p>
      <ul className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {tests.map((test) => (
          <li key={test.id} className="flex flex-col rounded-2xl bg-white p-6 shadow-sm">
            <p className="text-sm font-semibold text-brand">
              {getArea(test.area).name} · {test.type === 'blood' ? 'Blood' : 'Saliva'}
            </p>
            <h2 className="mt-1 text-xl font-bold">{test.title}</h2>
            <p className="mt-2 text-muted">{test.overview}</p>
            <p className="mt-3 text-sm text-muted">Measures {test.biomarkers.map((biomarker) => biomarker.title).join(', ')}</p>
            <div className="mt-auto flex items-center justify-between gap-4 pt-5">
              <p className="text-lg font-bold">{price}</p>
              {test.id === starterTestId ? (
                <p className="text-sm font-semibold text-brand-dark">Your starter test</p>
              ) : (
                <AddToCartButton
                  item={{ productCode: 'base-quiz', testId: test.id, origin: 'addon' }}
                  title={test.title}
                  added={inCart(cart, { productCode: 'base-quiz', testId: test.id })}
                />
              )}
            </div>
          </li>
        ))}
      </ul>
      <p className="mt-10 text-muted">
        Looking for a food allergy or sensitivity test, or a plan from labs you already have?{' '}
        <Link to="/add-ons-page" className="font-semibold text-brand underline">
          See all add-ons
        </Link>
      </p>
    </section>
  );
}
