import type { Cart } from '@shop/client';
import { SummaryRow, SummaryTotals } from './order-summary-rows';

/**
 * The summary of a gift purchase, worded for the person who receives it. The purchaser pays
 * everything today, so no charge waits for results; a gift with the Improvement Program says
 * when the program starts for them instead.
 */
export function OrderSummaryGift({ cart, recipientName }: { cart: Cart; recipientName?: string }) {
  const them = recipientName?.trim() || 'them';
  return (
    <section aria-labelledby="gift-summary-title" className="rounded-2xl bg-white p-6 shadow-sm">
      <h2 id="gift-summary-title" className="text-lg font-bold">
        Your gift
      </h2>
      <p className="mt-1 text-sm text-muted">
        A health test for {them}: they choose a home kit or a partner lab, and their results come with an explanation.
      </p>
      <ul className="mt-4 divide-y divide-slate-100">
        {cart.items.map((item) => (
          <li key={item.id} className="flex justify-between gap-4 py-3">
            <span>{item.title}</span>
            <span className="font-semibold">{item.lineTotal}</span>
          </li>
        ))}
      </ul>
      {cart.giftType === 'improvement_program' ? (
        <dl className="mt-4 rounded-xl bg-brand-soft p-4 text-sm">
          <SummaryRow
            label="Their Improvement Program, from when their results arrive"
            value={cart.deferredCents > 0 ? cart.display.deferred : 'Included'}
          />
        </dl>
      ) : null}
      <SummaryTotals cart={cart} deferred="hidden" />
    </section>
  );
}
