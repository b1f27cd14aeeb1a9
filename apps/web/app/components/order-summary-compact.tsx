import type { Cart } from '@shop/client';
import { ItemPrice, SummaryTotals } from './order-summary-rows';

/**
 * The short summary: for the cart sidebar (totals only, the lines are listed above it) and the
 * top of a checkout page on a small screen (the lines fold away behind their count).
 */
export function OrderSummaryCompact({ cart, lines = true, pending = false }: { cart: Cart; lines?: boolean; pending?: boolean }) {
  const count = cart.itemCount === 1 ? '1 item' : `${cart.itemCount} items`;
  return (
    <section aria-label={lines ? 'Order summary' : 'Cart totals'} className="text-sm">
      {lines ? (
        <details className="group rounded-xl border border-slate-200 bg-white">
          <summary className="flex cursor-pointer items-center justify-between gap-4 px-4 py-3 font-semibold">
            <span>
              Order summary <span className="font-normal text-muted">({count})</span>
            </span>
            <span>{pending ? 'Updating…' : cart.display.total}</span>
          </summary>
          <ul className="divide-y divide-slate-100 border-t border-slate-200 px-4">
            {cart.items.map((item) => (
              <li key={item.id} className="flex justify-between gap-4 py-2">
                <span>
                  {item.title}
                  {item.quantity > 1 ? ` × ${item.quantity}` : ''}
                </span>
                <span className="text-right font-semibold">
                  <ItemPrice item={item} />
                </span>
              </li>
            ))}
          </ul>
          <div className="px-4 pb-4">
            <SummaryTotals cart={cart} pending={pending} />
          </div>
        </details>
      ) : (
        <SummaryTotals cart={cart} pending={pending} ruled={false} />
      )}
    </section>
  );
}
