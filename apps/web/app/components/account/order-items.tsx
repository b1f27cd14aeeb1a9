import { STORE_CREDIT_LABEL } from '@shop/core';
import type { OrderDetail } from '@shop/client';

/** What an order holds and what was paid: its lines (a clinic's fee among them), an employer's cover, store credit used or given back, the total and how the sample is given. */
export function OrderItems({ order }: { order: OrderDetail }) {
  return (
    <section aria-labelledby="items-title" className="mt-6 rounded-2xl bg-white p-6 shadow-sm">
      <h2 id="items-title" className="text-xl font-bold">
        Your order
      </h2>
      <ul className="mt-2 divide-y divide-slate-100 text-sm">
        {order.items.map((item, index) => (
          <li key={index} className="flex justify-between gap-4 py-2">
            <span>
              {item.title}
              {/* the program is billed on the card kept at checkout once results arrive (the specification's words): it is not in what was paid */}
              {item.charge === 'on_results' ? (
                <span className="block text-muted">
                  {order.coveredBy?.program
                    ? `Paid by ${order.coveredBy.employer} when your results arrive`
                    : 'Billed when your starter test results arrive, apart from the total'}
                </span>
              ) : null}
            </span>
            {item.unitPrice ? <span>{item.unitPrice}</span> : null}
          </li>
        ))}
        {order.fee ? (
          <li className="flex justify-between py-2">
            <span>{order.fee.label}</span>
            <span>{order.fee.amount}</span>
          </li>
        ) : null}
      </ul>
      {order.coveredBy ? (
        <p className="mt-2 flex justify-between text-sm">
          <span>Covered by {order.coveredBy.employer}</span>
          <span>−{order.coveredBy.amount}</span>
        </p>
      ) : null}
      {order.storeCredit ? (
        <p className="mt-2 flex justify-between text-sm">
          <span>{STORE_CREDIT_LABEL}</span>
          <span>−{order.storeCredit}</span>
        </p>
      ) : null}
      {order.storeCreditReturned ? (
        <p className="mt-1 text-sm text-muted">{order.storeCreditReturned} of store credit was given back to your account.</p>
      ) : null}
      {/* an order a clinic paid for its client shows who paid, and no price */}
      <p className="mt-2 text-right font-semibold">{order.paidBy ? order.total : `Total ${order.total}`}</p>
      {order.collection ? <p className="mt-2 text-sm text-muted">{order.collection.label}</p> : null}
    </section>
  );
}
