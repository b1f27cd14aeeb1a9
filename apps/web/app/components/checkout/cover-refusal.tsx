import type { Cart } from '@shop/client';
import { employerMessages } from '@shop/core';
import { Alert } from '../alert';
import { Button } from '../button';

/**
 * The payment step of a covered cart the employer's cover would refuse (its prepaid bank is short,
 * the cover is used, a cap is reached): why, said before anything is typed, and the offer of the
 * normal price with what the employee would then pay. Its button sends the form `formId` (outside
 * the checkout's own form, which holds this step): the cover comes off the cart and the ordinary
 * checkout follows.
 */
export function CoverRefusal({ cart, formId, pending }: { cart: Cart; formId: string; pending: boolean }) {
  if (!cart.coverRefusal) return null;
  const later = cart.deferredCents > 0 ? `, and ${cart.display.deferred} for the Improvement Program when your results arrive` : '';
  return (
    <fieldset className="rounded-2xl bg-white p-6 shadow-sm">
      <legend className="float-left w-full text-lg font-bold">2. Payment</legend>
      <div className="clear-both space-y-4 pt-3">
        <Alert tone="error">{cart.coverRefusal.message}</Alert>
        <p>
          {employerMessages.normalPrice} You would pay {cart.display.total} today{later}.
        </p>
        <Button type="submit" form={formId} variant="secondary" pending={pending} pendingLabel="Opening the checkout…">
          Buy at the normal price
        </Button>
      </div>
    </fieldset>
  );
}
