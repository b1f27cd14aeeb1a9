import type { Cart, CartItem } from '@shop/client';
import { BASE_DAILY_DISCOUNT_LABEL, coveredByLabel, STORE_CREDIT_LABEL } from '@shop/core';

/**
 * The totals every order summary shows, in one order: what the server computed and formatted.
 * While a change is on its way the amounts are hidden rather than guessed.
 */
export function SummaryTotals({
  cart,
  pending = false,
  deferred = 'customer',
  ruled = true,
  totalLabel = 'Total due today',
}: {
  cart: Cart;
  pending?: boolean;
  deferred?: 'customer' | 'hidden';
  /** set apart from the lines above by a rule; off where the container draws its own */
  ruled?: boolean;
  /** what the total is: due today, or (a covered order the employer's cover refuses) the normal price */
  totalLabel?: string | undefined;
}) {
  const frame = ruled ? 'mt-4 border-t border-slate-200 pt-4' : '';
  if (pending) {
    return (
      <p role="status" className={`flex items-center gap-2 text-sm text-muted ${frame}`}>
        <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent" />
        Updating your totals…
      </p>
    );
  }
  const { display } = cart;
  return (
    <dl className={`space-y-1 text-sm ${frame}`}>
      <SummaryRow label="Subtotal" value={display.subtotal} />
      {cart.memberDiscountCents > 0 ? <SummaryRow label={BASE_DAILY_DISCOUNT_LABEL} value={`−${display.memberDiscount}`} /> : null}
      {cart.discountCents > cart.memberDiscountCents || display.couponCode ? (
        <SummaryRow
          label={display.couponCode ? `Discount (${display.couponCode})` : (display.codeDiscountLabel ?? 'Discount')}
          value={`−${display.codeDiscount}`}
        />
      ) : null}
      <SummaryRow label="Shipping" value={display.shipping} />
      <SummaryRow label="Tax" value={display.tax} />
      {cart.cover ? <SummaryRow label={coveredByLabel(cart.cover.employer)} value={`−${cart.cover.display}`} /> : null}
      {cart.storeCreditCents > 0 ? <SummaryRow label={STORE_CREDIT_LABEL} value={`−${display.storeCredit}`} /> : null}
      <div className="flex justify-between pt-2 text-base font-bold">
        <dt>{totalLabel}</dt>
        <dd>{display.total}</dd>
      </div>
      {cart.cover && cart.cover.programCents > 0 ? (
        <SummaryRow label={`Improvement Program, ${coveredByLabel(cart.cover.employer)}`} value={display.deferred} />
      ) : null}
      {deferred === 'customer' && cart.deferredCents > 0 ? (
        <SummaryRow label="Billed when results arrive" value={display.deferred} />
      ) : null}
    </dl>
  );
}

export function SummaryRow({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-muted">{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** The plan the cart amounts to, in words: goal, area, first test, the bundle's size, the next delivery. */
export function SummaryFacts({ cart }: { cart: Cart }) {
  const { display } = cart;
  const facts = [
    display.goal ? { label: 'Your goal', value: display.goal } : null,
    display.firstTest ? { label: 'First test', value: display.firstTest } : null,
    display.area ? { label: 'Area', value: display.area } : null,
    display.baseCompleteTests > 0 ? { label: 'Complete bundle', value: `${display.baseCompleteTests} tests` } : null,
    display.date ? { label: 'Next delivery', value: display.date } : null,
  ].filter((fact) => fact !== null);
  if (facts.length === 0) return null;
  return (
    <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-1 rounded-xl bg-brand-soft p-4 text-sm">
      {facts.map((fact) => (
        <div key={fact.label} className="contents">
          <dt className="text-muted">{fact.label}</dt>
          <dd className="font-semibold">{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * What a line costs the customer, as every summary shows it. A line an employer covers shows what
 * the employee pays of it (nothing, or the rest of a partial cover), with its list price struck
 * through: never the list price as if it were due.
 */
export function ItemPrice({ item }: { item: CartItem }) {
  const struck = item.covered ? item.lineTotal : item.compareAtPrice;
  return (
    <>
      {item.covered ? item.covered.due : item.lineTotal}
      {struck ? (
        <s className="block text-sm font-normal text-muted">
          <span className="sr-only">instead of </span>
          {struck}
        </s>
      ) : null}
    </>
  );
}

/** The line under a line's title: who covers it (and how much, when the cover is partial), or when it is charged. */
export function itemNote(item: CartItem): string | null {
  if (!item.covered) return item.note;
  return item.covered.dueCents > 0 ? `${item.covered.label}: ${item.covered.display}` : item.covered.label;
}
