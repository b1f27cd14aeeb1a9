import type { ProductCode } from '@shop/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { browserApi } from '../../lib/api';
import { messageOf } from '../../lib/errors';
import { Button } from '../button';

/**
 * Puts one catalog product in the visitor's cart from the browser, then goes to checkout. The
 * page around it stays the same for everyone, so it can be prerendered.
 */
export function AddToCart({
  productCode,
  testId,
  frequency,
  label = 'Add to cart',
  variant,
  className,
}: {
  productCode: ProductCode;
  testId?: number;
  /** a test subscription's delivery frequency */
  frequency?: 'monthly' | 'quarterly';
  label?: string;
  variant?: 'primary' | 'secondary';
  className?: string;
}) {
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();

  async function add() {
    setPending(true);
    setError(undefined);
    try {
      await browserApi().addToCart({ productCode, ...(testId === undefined ? {} : { testId }), ...(frequency ? { frequency } : {}) });
      await navigate('/checkout-payment');
    } catch (failure) {
      setError(messageOf(failure));
      setPending(false);
    }
  }

  return (
    <div>
      <Button type="button" onClick={add} pending={pending} pendingLabel="Adding…" variant={variant} className={className}>
        {label}
      </Button>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
