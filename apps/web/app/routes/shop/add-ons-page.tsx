import { Link } from 'react-router';
import { formatMoney, products } from '@shop/core';
import { AddToCartButton, inCart } from '../../components/cart/add-to-cart-button';
import { useCart } from '../../components/cart/cart-store';
import { pageMeta } from '../../lib/seo';
import type { Route } from './+types/add-ons-page';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: 'Add-ons',
    description: 'Food allergy and food sensitivity tests, a nutritional plan from your own labs, a health coach and Base Daily.',
    path: '/add-ons-page',
  });

// fast-track expands a starter test and has its own page; the rest of the add-ons stand alone
const addOns = products.filter((product) => product.type === 'addon' && product.code !== 'fast-track');

/** The standalone tests and services of the catalog, to add to any order. */
export default function AddOnsPage() {
  const cart = useCart();
  return (
    <section className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-3xl font-extrabold lg:text-4xl">Add-ons</h1>
      <p className="mt-3 max-w-2xl text-muted">Tests and services to add to your order, or to buy on their own.</p>
      <ul className="mt-8 grid gap-6 md:grid-cols-2">
        {addOns.map((product) => (
          <li key={product.code} className="flex flex-col rounded-2xl bg-white p-6 shadow-sm">
            <h2 className="text-xl font-bold">{product.title}</h2>
            <p className="mt-2 text-muted">{product.description}</p>
            <div className="mt-auto flex items-center justify-between gap-4 pt-5">
              <p className="text-lg font-bold">
                {formatMoney(product.priceCents)}
                {product.interval === 'month' ? <span className="text-sm font-normal text-muted"> / month</span> : null}
              </p>
              <AddToCartButton
                item={{ productCode: product.code }}
                title={product.title}
                added={inCart(cart, { productCode: product.code })}
              />
            </div>
          </li>
        ))}
      </ul>
      <p className="mt-10 text-muted">
        Want another lab test beside your starter test?{' '}
        <Link to="/add-test" className="font-semibold text-brand underline">
          Add a test
        </Link>
      </p>
    </section>
  );
}
