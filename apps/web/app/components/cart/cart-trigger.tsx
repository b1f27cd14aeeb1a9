import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { CartIcon } from '../icons/icons';
import { cartAction, useCartState } from './cart-store';

// the sidebar and the confirmation load once the page is shown: nobody opens them before that
const CartSidebar = lazy(() => import('./cart-sidebar').then((module) => ({ default: module.CartSidebar })));
const CartChangeConfirmation = lazy(() => import('./cart-confirmation').then((module) => ({ default: module.CartChangeConfirmation })));

/**
 * The cart button for the header, with the sidebar and the replace confirmation it controls.
 * Mount it once per page: every "add to cart" on the page opens this sidebar.
 */
export function CartTrigger() {
  const { cart } = useCartState();
  const { pathname } = useLocation();
  const [shown, setShown] = useState(false);
  useEffect(() => setShown(true), []);
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
        aria-label={count === 1 ? 'Cart, 1 item' : `Cart, ${count} items`}
        className="relative inline-flex h-10 w-10 items-center justify-center rounded-full hover:bg-brand-soft"
      >
        <CartIcon />
        {count > 0 ? (
          <span aria-hidden="true" className="absolute -top-1 -right-1 min-w-5 rounded-full bg-brand px-1.5 text-center text-xs leading-5 font-bold text-white">
            {count}
          </span>
        ) : null}
      </button>
      {shown ? (
        <Suspense fallback={null}>
          <CartSidebar />
          <CartChangeConfirmation />
        </Suspense>
      ) : null}
    </>
  );
}
