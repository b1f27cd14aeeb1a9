import { COMPLETE_BUNDLE_KIT_COUNT, COMPLETE_BUNDLE_TEST_COUNT, completeBundleTests, formatMoney, getProduct } from '@shop/core';
import { Button } from '../button';

export function CompleteUpsell({ onAdd, pending }: { onAdd: () => void; pending: boolean }) {
  const bundle = getProduct('base-complete');
  return (
    <section aria-labelledby="complete-title" className="rounded-2xl border-2 border-brand/20 bg-brand-soft p-6">
      <h2 id="complete-title" className="text-xl font-bold">
        Want the full picture? The Complete testing plan
      </h2>
      <p className="mt-2 text-muted">
        All {COMPLETE_BUNDLE_TEST_COUNT} tests in {COMPLETE_BUNDLE_KIT_COUNT} kits:{' '}
        {completeBundleTests()
          .map((test) => test.bundleName)
          .join(', ')}
        .
      </p>
      <p className="mt-4 text-2xl font-extrabold">
        {formatMoney(bundle.priceCents)}{' '}
        {bundle.compareAtCents ? (
          <s className="text-base font-normal text-muted">
            <span className="sr-only">instead of </span>
            {formatMoney(bundle.compareAtCents)}
          </s>
        ) : null}
      </p>
      <Button variant="secondary" className="mt-4" onClick={onAdd} pending={pending} pendingLabel="Adding…">
        Get the Complete plan instead
      </Button>
    </section>
  );
}
