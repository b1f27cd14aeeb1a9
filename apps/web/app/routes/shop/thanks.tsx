import { Link } from 'react-router';
import { loadOrderFromQuery } from '../../lib/order-loader';
import type { Route } from './+types/thanks';

export async function loader({ request, context }: Route.LoaderArgs) {
  return { order: await loadOrderFromQuery(request, context) };
}

export const meta = () => [{ title: 'Thank you | Base' }];

export default function Thanks({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  return (
    <section className="mx-auto max-w-2xl px-4 py-16">
      <h1 className="text-3xl font-extrabold">Thank you!</h1>
      <p className="mt-3 text-lg text-muted">
        Order #{order.number}: {order.collection ? order.collection.label : 'collection to be chosen'}.
      </p>
      <ol className="mt-8 space-y-4">
        <li className="rounded-xl bg-white p-5 shadow-sm">
          <p className="font-semibold">
            <Link to="/account/profile" className="text-brand underline">
              Fill in your medical profile
            </Link>
          </p>
          <p className="text-muted">We process your order once we know who is being tested.</p>
        </li>
        <li className="rounded-xl bg-white p-5 shadow-sm">
          <p className="font-semibold">{order.collection?.method === 'lab' ? 'Visit the lab' : 'Receive your kit'}</p>
          <p className="text-muted">
            {order.collection?.method === 'lab'
              ? 'Your lab order is processed within 2 business days; the visit takes 15–20 minutes.'
              : 'Your kit arrives in 2–5 business days.'}
          </p>
        </li>
        <li className="rounded-xl bg-white p-5 shadow-sm">
          <p className="font-semibold">Get your results</p>
          <p className="text-muted">About 5 business days after the lab receives your sample.</p>
        </li>
      </ol>
      <Link to="/account" className="mt-8 inline-block rounded-full bg-brand px-6 py-3 font-semibold text-white hover:bg-brand-dark">
        See my orders
      </Link>
    </section>
  );
}
