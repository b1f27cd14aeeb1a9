import type { GiftDelivery } from '@shop/core';
import { formatGiftDay } from '@shop/core';
import { Link } from 'react-router';

/** The gift's delivery as the purchaser filled it in, with the way back to change it. */
export function GiftDeliveryCard({ delivery }: { delivery: GiftDelivery }) {
  return (
    <section aria-labelledby="gift-delivery-title" className="rounded-2xl bg-white p-6 shadow-sm">
      <div className="flex items-baseline justify-between gap-4">
        <h2 id="gift-delivery-title" className="text-lg font-bold">
          Delivery
        </h2>
        <Link to="/checkout-gift-purchaser" className="text-sm font-semibold text-brand underline">
          Change<span className="sr-only"> the gift’s delivery</span>
        </Link>
      </div>
      <dl className="mt-3 space-y-2 text-sm">
        <div>
          <dt className="font-semibold">To</dt>
          <dd className="text-muted">
            {delivery.recipientName} ({delivery.recipientEmail})
          </dd>
        </div>
        <div>
          <dt className="font-semibold">On</dt>
          <dd className="text-muted">{formatGiftDay(delivery.deliveryDate)}, by e-mail</dd>
        </div>
        <div>
          <dt className="font-semibold">From</dt>
          <dd className="text-muted">{delivery.purchaserName}</dd>
        </div>
        {delivery.message ? (
          <div>
            <dt className="font-semibold">Your message</dt>
            <dd className="whitespace-pre-line text-muted">{delivery.message}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}
