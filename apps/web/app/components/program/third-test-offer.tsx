import type { ThirdTestOffer as Offer } from '@shop/client';
import { Alert } from '../alert';
import { Button } from '../button';
import { useActionForm } from '../../lib/form-answer';
import { THIRD_TEST_FORM } from './third-test-forms';

/**
 * The 3rd test, offered at the end of the Improvement Program: the member's starter test again,
 * to see what changed, with the terms' guarantee. "Add to cart" is a form sent to the program
 * page's action, which adds the test and goes on to checkout, with or without the page's script.
 */
export function ThirdTestOffer({ offer }: { offer: Offer }) {
  const form = useActionForm(THIRD_TEST_FORM);
  const refusal = form.answer && !form.answer.ok ? form.answer.message : undefined;
  return (
    <section aria-labelledby="third-test-title" className="mt-8 rounded-2xl border-2 border-brand bg-brand-soft p-6">
      <p className="text-xs font-semibold uppercase tracking-wide text-brand-dark">Step 3 · Later, a 3rd test</p>
      <h2 id="third-test-title" className="mt-1 text-xl font-bold">
        Take your {offer.title} again
      </h2>
      <p className="mt-2">
        Your Improvement Program (order #{offer.order.number}) is at its end. Retake your starter test to see how your results have changed
        since you began, and what to keep doing.
      </p>
      <p className="mt-3 text-sm">
        <span className="font-semibold">Our guarantee:</span> {offer.guarantee}.
      </p>
      <div aria-live="polite" className="mt-3">
        {refusal ? <Alert tone="error">{refusal}</Alert> : null}
      </div>
      <form.fetcher.Form method="post" className="mt-4 flex flex-wrap items-center gap-4">
        <input type="hidden" name="_form" value={THIRD_TEST_FORM} />
        <p className="text-2xl font-extrabold">{offer.price}</p>
        <Button type="submit" pending={form.pending} pendingLabel="Adding…" aria-label={`Add to cart: ${offer.title}`}>
          Add to cart
        </Button>
      </form.fetcher.Form>
    </section>
  );
}
