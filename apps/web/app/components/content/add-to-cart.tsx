import { getProduct, type CartLineOrigin, type ProductCode } from '@shop/core';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../button';
import { cartAction, type AddAnswer } from '../cart/cart-store';

/**
 * Puts one catalog product in the visitor's cart from the browser, then goes to checkout. The
 * page around it stays the same for everyone, so it can be prerendered. When the product would
 * replace the quiz's starter test, the cart's confirmation asks first: confirming goes on to
 * checkout, cancelling leaves the cart and this page as they were.
 */
export function AddToCart({
  productCode,
  testId,
  origin,
  frequency,
  title = getProduct(productCode).title,
  label = 'Add to cart',
  variant,
  className,
}: {
  productCode: ProductCode;
  testId?: number;
  /** where a test line comes from: a test chosen on an area's page is an area test */
  origin?: CartLineOrigin;
  /** a test subscription's delivery frequency */
  frequency?: 'monthly' | 'quarterly';
  /** what the cart calls the line while it is added */
  title?: string;
  label?: string;
  variant?: 'primary' | 'secondary';
  className?: string;
}) {
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  function answered(answer: AddAnswer) {
    if (answer === 'added') void navigate('/checkout-payment');
    // the question was asked from this button: the keyboard goes on from here, once the dialog
    // has closed (closing gives the focus back to what had it before, the disabled button: nothing)
    else requestAnimationFrame(() => button.current?.focus());
  }

  async function add() {
    setPending(true);
    const item = {
      productCode,
      ...(testId === undefined ? {} : { testId }),
      ...(origin ? { origin } : {}),
      ...(frequency ? { frequency } : {}),
    };
    // a refusal opens the cart with its reason; a replacement waits for the confirmation's answer
    const outcome = await cartAction({ intent: 'add', item, title, openCart: false, onAnswer: answered });
    if (outcome === 'added') await navigate('/checkout-payment');
    else setPending(false);
  }

  return (
    <Button ref={button} type="button" onClick={add} pending={pending} pendingLabel="Adding…" variant={variant} className={className}>
      {label}
    </Button>
  );
}
