import { Link } from 'react-router';
import { Alert } from '../alert';
import { Button } from '../button';
import { OrderSummaryCompact } from '../order-summary-compact';
import { CartLine } from './cart-line';
import { Drawer } from './drawer';
import { cartAction, shownLine, useCartState } from './cart-store';

/** The cart sidebar: its lines, the totals, checkout; or the empty state. */
export function CartSidebar() {
  const { cart, open, adding, removing, updating, error } = useCartState();
  const close = () => void cartAction({ intent: 'close' });
  // a line being removed leaves the list at once; the server's answer brings the new totals
  const items = (cart?.items ?? []).filter((item) => !removing.includes(item.id));
  const pending = adding.length > 0 || removing.length > 0 || updating.length > 0;
  const empty = items.length === 0 && adding.length === 0;
  return (
    <Drawer
      open={open}
      onClose={close}
      title="Your cart"
      footer={
        cart && !empty ? (
          <div className="space-y-4">
            <OrderSummaryCompact cart={cart} lines={false} pending={pending} />
            <Link
              to={cart.giftType ? '/checkout-gift-purchaser' : '/checkout-payment'}
              onClick={close}
              aria-disabled={pending || undefined}
              className={`block rounded-full px-6 py-3 text-center font-semibold text-white ${pending ? 'pointer-events-none bg-slate-400' : 'bg-brand hover:bg-brand-dark'}`}
            >
              Checkout
            </Link>
          </div>
        ) : null
      }
    >
      {error ? (
        <div className="mb-4">
          <Alert tone="error">{error}</Alert>
        </div>
      ) : null}
      {!cart && adding.length === 0 ? (
        <p role="status" className="text-muted">
          Loading your cart…
        </p>
      ) : empty ? (
        <div className="py-10 text-center">
          <p className="text-lg font-semibold">Your cart is empty</p>
          <p className="mt-2 text-muted">Take the quiz to find the starter test for your goal, or add a test you already have in mind.</p>
          <Button className="mt-6" onClick={close} data-cart-focus>
            Continue shopping
          </Button>
          <p className="mt-4">
            <Link to="/quiz" onClick={close} className="font-semibold text-brand underline">
              Take the quiz
            </Link>
          </p>
        </div>
      ) : (
        <ul aria-label="Items in your cart" className="divide-y divide-slate-100">
          {items.map((item) => (
            <CartLine key={item.id} item={shownLine(item, updating)} busy={updating.some((entry) => entry.itemId === item.id)} />
          ))}
          {adding.map((entry) => (
            <li key={entry.key} className="flex items-center gap-2 py-4 text-muted" role="status">
              <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent" />
              Adding {entry.title}…
            </li>
          ))}
        </ul>
      )}
    </Drawer>
  );
}
