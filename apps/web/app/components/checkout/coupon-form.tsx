import { useId } from 'react';
import { useActionForm } from '../../lib/form-answer';
import { Alert } from '../alert';
import { Button } from '../button';
import { COUPON_FORM, COUPON_REMOVE_FORM, type CouponAnswer } from './forms';

interface CouponFormProps {
  /** the code already on the cart, if any */
  couponCode: string | null;
}

/**
 * The discount code of the order, sent to the page's action (lib/coupon-action.server.ts) with or
 * without the page's script. The server checks the code at once (and again when the order is
 * placed) and prices the cart; the page's data then reloads to show the new totals. It sits
 * beside the checkout's form, never inside it: a form holds no other form.
 */
export function CouponForm({ couponCode }: CouponFormProps) {
  const inputId = useId();
  const apply = useActionForm<CouponAnswer>(COUPON_FORM);
  const remove = useActionForm<CouponAnswer>(COUPON_REMOVE_FORM);

  if (couponCode) {
    const applied = apply.answer?.ok && apply.answer.code === couponCode ? apply.answer.discount : undefined;
    const failed = remove.answer && !remove.answer.ok ? remove.answer.message : undefined;
    return (
      <remove.fetcher.Form
        ref={remove.formRef}
        method="post"
        aria-label="Discount code"
        className="rounded-xl bg-brand-soft px-4 py-3 text-sm"
      >
        <input type="hidden" name="_form" value={COUPON_REMOVE_FORM} />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p role="status">
            Discount code <strong>{couponCode}</strong> applied{applied ? `: −${applied}` : ''}.
          </p>
          <button type="submit" className="font-semibold text-brand underline" disabled={remove.pending}>
            Remove
          </button>
        </div>
        {failed ? (
          <div className="mt-2">
            <Alert tone="error">{failed}</Alert>
          </div>
        ) : null}
      </remove.fetcher.Form>
    );
  }
  const error = apply.errors.code;
  return (
    <apply.fetcher.Form ref={apply.formRef} method="post" noValidate aria-label="Discount code" className="text-sm">
      <input type="hidden" name="_form" value={COUPON_FORM} />
      <label htmlFor={inputId} className="block font-semibold">
        Discount code
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={inputId}
          name="code"
          autoComplete="off"
          autoCapitalize="characters"
          defaultValue={apply.values.code}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          className={`min-w-0 flex-1 rounded-lg border bg-white px-3 py-2 text-base uppercase ${error ? 'border-danger' : 'border-slate-300'}`}
        />
        <Button type="submit" variant="secondary" pending={apply.pending} pendingLabel="Applying…">
          Apply
        </Button>
      </div>
      {/* read out as it appears, as a Field's error is */}
      <div aria-live="polite">
        {error ? (
          <p id={`${inputId}-error`} className="mt-1 font-medium text-danger">
            {error}
          </p>
        ) : null}
      </div>
      {/* a removal sent without the page's script says so on the page that comes back */}
      {remove.answer?.ok && remove.sentWithoutScript ? (
        <p role="status" className="mt-1 text-muted">
          {remove.answer.message}
        </p>
      ) : null}
    </apply.fetcher.Form>
  );
}
