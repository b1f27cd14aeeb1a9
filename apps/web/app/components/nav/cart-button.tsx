import { Link } from 'react-router';
import { CartIcon } from '../icons/icons';

/** The header's way to the cart. It opens the checkout page until the cart sidebar exists. */
export function CartButton() {
  return (
    <Link
      to="/checkout-payment"
      className="inline-flex h-11 w-11 items-center justify-center rounded-full text-ink hover:bg-brand-soft"
      aria-label="Cart"
    >
      <CartIcon />
    </Link>
  );
}
