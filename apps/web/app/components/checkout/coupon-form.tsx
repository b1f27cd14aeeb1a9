import { useId, useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import type { CartDiscounts } from '@shop/client';
import { isApiError } from '@shop/client/errors';
import { promoCodeSchema } from '@shop/core';
import { browserApi } from '../../lib/api';
import { messageOf } from '../../lib/errors';
import { Button } from '../button';

interface CouponFormProps {
  /** the code already on the cart, if any */
  couponCode: string | null;
}

/**
 * The discount code of the order. The server checks the code at once (and again when the order
 * is placed) and prices the cart; the page then reloads its data to show the new totals.
 */
export function CouponForm({ couponCode }: CouponFormProps) {
  const inputId = useId();
  const revalidator = useRevalidator();
  const [applied, setApplied] = useState<CartDiscounts | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const current = applied ? applied.couponCode : couponCode;

  async function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = promoCodeSchema.safeParse(new FormData(event.currentTarget).get('code'));
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please check the code.');
      return;
    }
    await run(() => browserApi().applyCoupon(parsed.data));
  }

  async function run(change: () => Promise<CartDiscounts>) {
    setPending(true);
    setError(null);
    try {
      setApplied(await change());
      await revalidator.revalidate();
    } catch (failure) {
      setError(isApiError(failure) && failure.status < 500 ? failure.message : messageOf(failure, 'We could not apply this code. Please try again.'));
    } finally {
      setPending(false);
    }
  }

  if (current) {
    const label = applied?.applied.find((discount) => discount.code === current);
    return (
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-brand-soft px-4 py-3 text-sm">
        <p role="status">
          Discount code <strong>{current}</strong> applied{label ? `: −${label.discount}` : ''}.
        </p>
        <button type="button" className="font-semibold text-brand underline" disabled={pending} onClick={() => void run(() => browserApi().removeCoupon())}>
          Remove
        </button>
      </div>
    );
  }
  return (
    <form noValidate onSubmit={apply} aria-label="Discount code" className="text-sm">
      <label htmlFor={inputId} className="block font-semibold">
        Discount code
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={inputId}
          name="code"
          autoComplete="off"
          autoCapitalize="characters"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          className={`min-w-0 flex-1 rounded-lg border bg-white px-3 py-2 text-base uppercase ${error ? 'border-danger' : 'border-slate-300'}`}
        />
        <Button type="submit" variant="secondary" pending={pending} pendingLabel="Applying…">
          Apply
        </Button>
      </div>
      {error ? (
        <p id={`${inputId}-error`} className="mt-1 font-medium text-danger">
          {error}
        </p>
      ) : null}
    </form>
  );
}
