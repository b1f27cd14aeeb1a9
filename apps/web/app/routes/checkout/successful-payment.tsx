import { sampleFreeLinkLabel } from '@shop/core';
import { Link } from 'react-router';
import { OrderItems } from '../../components/account/order-items';
import { OrderTracker, orderProgressOf } from '../../components/account/order-tracker';
import { MessageSupportLink } from '../../components/support/message-support-link';
import { loadOrderFromQuery } from '../../lib/order-loader';
import type { Route } from './+types/successful-payment';

export async function loader({ request, context }: Route.LoaderArgs) {
  return { order: await loadOrderFromQuery(request, context) };
}

export const meta = ({ loaderData }: Route.MetaArgs) => [
  { title: `${loaderData ? confirmationOf(loaderData.order).heading : 'Payment successful'} | Base` },
];

/** The heading and the line under it: a payment, or an order someone else paid in full. */
function confirmationOf(order: Route.ComponentProps['loaderData']['order']): { heading: string; paid: string } {
  if (order.coveredBy && order.totalCents === 0)
    return { heading: 'Your order is placed', paid: `Covered by ${order.coveredBy.employer}: nothing for you to pay.` };
  if (order.paidBy) return { heading: 'Your order is placed', paid: `${order.total}: nothing for you to pay.` };
  return { heading: 'Payment successful', paid: `${order.total} paid.` };
}

export default function SuccessfulPayment({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  // only an order with a test asks how the sample is given: a gift's recipient chooses when they
  // redeem it, and Base Daily, the nutritional plan, a coach session or the program bought later take none
  const collects = order.nextStep.kind === 'choose_collection';
  const confirmation = confirmationOf(order);
  return (
    <section className="mx-auto max-w-2xl px-4 py-16 text-center">
      <p className="text-5xl" aria-hidden="true">
        ✓
      </p>
      <h1 className="mt-4 text-3xl font-extrabold">{confirmation.heading}</h1>
      <p className="mt-3 text-lg break-words text-muted">
        Order #{order.number} · {confirmation.paid} A receipt is on its way to {order.email}.
      </p>
      {order.gift ? (
        <div className="mt-8 rounded-2xl bg-white p-6 text-left shadow-sm">
          <h2 className="text-lg font-bold">Your gift for {order.gift.recipientName}</h2>
          <p className="mt-2 text-muted">
            {order.gift.status === 'scheduled'
              ? `We e-mail it to ${order.gift.recipientEmail} on ${order.gift.deliveryDate}, with your message and the code to redeem it. You hear from us when it has gone out.`
              : `We e-mailed it to ${order.gift.recipientEmail}, with your message and the code to redeem it.`}
          </p>
        </div>
      ) : null}
      {order.nextStep.kind === 'no_sample' ? (
        <div className="mt-8 rounded-2xl bg-white p-6 text-left shadow-sm">
          <h2 className="text-lg font-bold">What happens next</h2>
          <p className="mt-2 text-muted">{order.nextStep.text}</p>
          {order.nextStep.href ? (
            <Link
              to={order.nextStep.href}
              className="mt-4 mr-4 inline-block rounded-full bg-brand px-6 py-3 font-semibold text-white hover:bg-brand-dark"
            >
              {sampleFreeLinkLabel(order.nextStep)}
            </Link>
          ) : null}
          <Link to={`/account/orders/${order.id}`} className="mt-4 inline-block font-semibold text-brand underline">
            See your order
          </Link>
        </div>
      ) : null}
      {collects ? (
        <div className="mt-8 rounded-2xl bg-white p-6 text-left shadow-sm">
          <h2 className="text-lg font-bold">One more step: how will you give your sample?</h2>
          <p className="mt-2 text-muted">Choose a home kit delivered to you, or a visit to a partner lab near you.</p>
          <Link
            to={`/collection?order=${order.id}`}
            className="mt-5 inline-block rounded-full bg-brand px-6 py-3 font-semibold text-white hover:bg-brand-dark"
          >
            Choose home kit or lab
          </Link>
        </div>
      ) : null}
      <div className="text-left">
        {/* the road ahead, with the dates to expect: collection, profile, the physician's review, kit, lab, results */}
        {order.gift ? null : <OrderTracker steps={orderProgressOf(order)} />}
        <OrderItems order={order} />
      </div>
      <p className="mt-6 text-sm text-muted">
        Questions about this order? <MessageSupportLink orderId={order.id} />
      </p>
    </section>
  );
}
