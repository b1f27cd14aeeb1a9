import { useState } from 'react';
import type { AddToCart, Cart } from '@shop/client';
import { cartAction } from './cart-store';

/** Whether the cart already holds this product (and test): the button then says so. */
export function inCart(cart: Cart | null, item: Pick<AddToCart, 'productCode' | 'testId'>): boolean {
  return (
    cart?.items.some((line) => line.productCode === item.productCode && (item.testId === undefined || line.testId === item.testId)) ?? false
  );
}

/** 'Add to cart', then 'Added to cart' (specification §4), with its pending state between. */
export function AddToCartButton({
  item,
  title,
  added,
  className = '',
}: {
  item: AddToCart;
  title: string;
  added: boolean;
  className?: string;
}) {
  const [pending, setPending] = useState(false);
  const look = added
    ? 'border border-brand bg-brand-soft text-brand-dark'
    : 'bg-brand text-white hover:bg-brand-dark disabled:bg-slate-400';
  return (
    <button
      type="button"
      disabled={pending || added}
      aria-busy={pending || undefined}
      aria-label={added ? `${title}: added to cart` : `Add ${title} to cart`}
      onClick={async () => {
        setPending(true);
        await cartAction({ intent: 'add', item, title });
        setPending(false);
      }}
      className={`inline-flex items-center justify-center gap-2 rounded-full px-5 py-2.5 font-semibold transition-colors disabled:cursor-default ${look} ${className}`}
    >
      {pending ? (
        <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent" />
      ) : null}
      {added ? (
        <>
          <span aria-hidden="true">✓</span> Added to cart
        </>
      ) : pending ? (
        'Adding…'
      ) : (
        'Add to cart'
      )}
    </button>
  );
}
