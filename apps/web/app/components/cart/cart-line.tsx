import type { CartItem } from '@shop/client';
import { cartAction } from './cart-store';
import { ItemPrice, itemNote } from '../order-summary-rows';

const quantities = Array.from({ length: 10 }, (_, index) => index + 1);

/** One line of the cart: what it is, what it costs, and the controls to change or remove it. */
export function CartLine({ item, busy }: { item: CartItem; busy: boolean }) {
  return (
    <li className={`py-4 ${busy ? 'opacity-60' : ''}`} aria-busy={busy || undefined}>
      <div className="flex items-start justify-between gap-4">
        <div>
          <p className="font-semibold">{item.title}</p>
          {itemNote(item) ? <p className="text-sm text-muted">{itemNote(item)}</p> : null}
        </div>
        <p className="text-right font-semibold whitespace-nowrap">
          <ItemPrice item={item} />
        </p>
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-3 text-sm">
        {item.maxQuantity > 1 ? (
          <label className="flex items-center gap-2">
            <span className="text-muted">Quantity</span>
            <select
              value={item.quantity}
              disabled={busy}
              aria-label={`Quantity of ${item.title}`}
              onChange={(event) => void cartAction({ intent: 'update', itemId: item.id, change: { quantity: Number(event.target.value) } })}
              className="rounded-md border border-slate-300 bg-white px-2 py-1"
            >
              {quantities.map((quantity) => (
                <option key={quantity} value={quantity}>
                  {quantity}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {item.frequency ? (
          <label className="flex items-center gap-2">
            <span className="text-muted">Delivery</span>
            <select
              value={item.frequency}
              disabled={busy}
              aria-label={`Delivery frequency of ${item.title}`}
              onChange={(event) =>
                void cartAction({ intent: 'update', itemId: item.id, change: { frequency: event.target.value as 'monthly' | 'quarterly' } })
              }
              className="rounded-md border border-slate-300 bg-white px-2 py-1"
            >
              <option value="monthly">Monthly</option>
              <option value="quarterly">Quarterly</option>
            </select>
          </label>
        ) : null}
        <button
          type="button"
          disabled={busy}
          onClick={(event) => {
            const next = focusAfterRemoving(event.currentTarget);
            void cartAction({ intent: 'remove', itemId: item.id });
            requestAnimationFrame(() => next()?.focus());
          }}
          aria-label={`Remove ${item.title}`}
          className="ml-auto font-semibold text-brand underline disabled:text-slate-400"
        >
          Remove
        </button>
      </div>
    </li>
  );
}

/**
 * The line leaves the list at once, and its Remove button with it: the focus goes on to the next
 * line's Remove (or the one before), or, when none is left, to what the empty cart offers first.
 */
function focusAfterRemoving(button: HTMLElement): () => HTMLElement | null {
  const line = button.closest('li');
  const neighbour = line?.nextElementSibling ?? line?.previousElementSibling ?? null;
  const dialog = button.closest('dialog');
  return () =>
    neighbour?.querySelector<HTMLElement>('button[aria-label^="Remove"]') ??
    dialog?.querySelector<HTMLElement>('[data-cart-focus]') ??
    null;
}
