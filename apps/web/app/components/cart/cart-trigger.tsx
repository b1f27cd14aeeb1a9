import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { CartIcon } from '../icons/icons';
import { cartAction, useCartState } from './cart-store';

// the sidebar and the confirmation load when they are first wanted: most visits of a page never open
// them, and drawing them would cost every visit's phone time while the page comes alive
const loadSidebar = () => void import('./cart-sidebar');
const CartSidebar = lazy(() => import('./cart-sidebar').then((module) => ({ default: module.CartSidebar })));
const CartChangeConfirmation = lazy(() => import('./cart-confirmation').then((module) => ({ default: module.CartChangeConfirmation })));

/**
 * The cart button for the header, with the sidebar and the replace confirmation it controls.
 * Mount it once per page: every "add to cart" on the page opens this sidebar.
 */
export function CartTrigger() {
  const { cart, open, adding, confirmation } = useCartState();
  const { pathname } = useLocation();
  // once wanted, they stay: closing keeps them for the next time, with their closing transitions
  const [sidebarWanted, setSidebarWanted] = useState(false);
  const [confirmationWanted, setConfirmationWanted] = useState(false);
  if (!sidebarWanted && (open || adding.length > 0)) setSidebarWanted(true);
  if (!confirmationWanted && confirmation !== null) setConfirmationWanted(true);
  // asked again on every page: an order placed or a sign-in elsewhere changes the cart
  useEffect(() => {
    void cartAction({ intent: 'load' });
  }, [pathname]);
  const count = cart?.itemCount ?? 0;
  return (
    <>
      <button
        type="button"
        onClick={() => void cartAction({ intent: 'open' })}
        // the pointer on its way or the focus arriving: start fetching the sidebar before the click
        onPointerEnter={loadSidebar}
        onFocus={loadSidebar}
        aria-label={count === 1 ? 'Cart, 1 item' : `Cart, ${count} items`}
        className="relative inline-flex h-10 w-10 items-center justify-center rounded-full hover:bg-brand-soft"
      >
        <CartIcon />
        {count > 0 ? (
          <span
            aria-hidden="true"
            className="absolute -top-1 -right-1 min-w-5 rounded-full bg-brand px-1.5 text-center text-xs leading-5 font-bold text-white"
          >
            {count}
          </span>
        ) : null}
      </button>
      {/* one boundary each: the sidebar loading must not hide a confirmation already shown */}
      <Suspense fallback={null}>{sidebarWanted ? <CartSidebar /> : null}</Suspense>
      <Suspense fallback={null}>{confirmationWanted ? <CartChangeConfirmation /> : null}</Suspense>
    </>
  );
}
