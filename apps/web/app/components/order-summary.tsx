import type { Cart } from '@shop/client';

/** The billing summary: what is paid today, and what is billed later with consent. */
export function OrderSummary({ cart }: { cart: Cart }) {
  return (
    <section aria-labelledby="summary-title" className="rounded-2xl bg-white p-6 shadow-sm">
      <h2 id="summary-title" className="text-lg font-bold">
        Order summary
      </h2>
      <ul className="mt-4 divide-y divide-slate-100">
        {cart.items.map((item) => (
          <li key={item.id} className="flex justify-between gap-4 py-3">
            <span>
              {item.title}
              {item.charge === 'on_results' ? <span className="block text-sm text-muted">Billed when your results arrive</span> : null}
            </span>
            <span className="font-semibold">{item.lineTotal}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-4 space-y-1 border-t border-slate-200 pt-4 text-sm">
        <Row label="Subtotal" value={cart.display.subtotal} />
        {cart.discountCents > 0 ? <Row label="Discount" value={`−${cart.display.discount}`} /> : null}
        <Row label="Shipping" value={cart.display.shipping} />
        <Row label="Tax" value={cart.display.tax} />
        <div className="flex justify-between pt-2 text-base font-bold">
          <dt>Total due today</dt>
          <dd>{cart.display.total}</dd>
        </div>
        {cart.deferredCents > 0 ? <Row label="Billed when results arrive" value={cart.display.deferred} /> : null}
      </dl>
    </section>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between">
      <dt className="text-muted">{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
