import type { Cart } from '@shop/client';
import { ItemPrice, itemNote, SummaryFacts, SummaryTotals } from './order-summary-rows';

/** The detailed summary of checkout: every line, the plan in words, what is paid today and later. */
export function OrderSummary({ cart, totalLabel }: { cart: Cart; totalLabel?: string | undefined }) {
  return (
    <section aria-labelledby="summary-title" className="rounded-2xl bg-white p-6 shadow-sm">
      <h2 id="summary-title" className="text-lg font-bold">
        Order summary
      </h2>
      <ul className="mt-4 divide-y divide-slate-100">
        {cart.items.map((item) => {
          const note = itemNote(item);
          return (
            <li key={item.id} className="flex justify-between gap-4 py-3">
              <span>
                {item.title}
                {item.quantity > 1 ? <span className="text-muted"> × {item.quantity}</span> : null}
                {note ? <span className="block text-sm text-muted">{note}</span> : null}
              </span>
              <span className="text-right font-semibold whitespace-nowrap">
                <ItemPrice item={item} />
              </span>
            </li>
          );
        })}
      </ul>
      <SummaryFacts cart={cart} />
      <SummaryTotals cart={cart} totalLabel={totalLabel} />
    </section>
  );
}
