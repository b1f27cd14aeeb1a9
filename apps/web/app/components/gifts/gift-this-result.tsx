import { useFetcher, useLocation } from 'react-router';
import { GIFT_MAX_AREAS, getArea, getProduct, giftProductCodes, isAreaSlug, type GiftType } from '@shop/core';
import { Alert } from '../alert';
import { Button } from '../button';
import { Price } from '../content/price';
import { useHydrated } from '../../lib/use-hydrated';
import { GIFT_CHOICE_ACTION, type GiftChoiceAnswer } from './gift-choice-form';

const options: Array<{ type: GiftType; name: string }> = [
  { type: 'one_off', name: 'Starter test' },
  { type: 'improvement_program', name: 'Starter test + Improvement Program' },
];

/**
 * The end of a gift quiz (/quiz-gift, /quiz-gifting): the areas the answers point to become the
 * gift's, and "Gift now" puts it in the cart and goes on to who it is for and when it arrives.
 * The recipient picks their test among those areas when they redeem it. Each "Gift now" is a form
 * sent to the gift choice's route, with or without the page's script.
 */
export function GiftThisResult({ areas }: { areas: readonly string[] }) {
  const fetcher = useFetcher<GiftChoiceAnswer>();
  const location = useLocation();
  const hydrated = useHydrated();
  const sending = fetcher.state !== 'idle' ? fetcher.formData?.get('type') : undefined;
  const pending = typeof sending === 'string' ? sending : null;
  const error = pending === null && fetcher.data && !fetcher.data.ok ? fetcher.data.message : undefined;
  const giftAreas = areas.filter(isAreaSlug).slice(0, GIFT_MAX_AREAS);

  return (
    <section aria-labelledby="gift-this" className="rounded-2xl bg-white p-6 shadow-sm">
      <h2 id="gift-this" className="text-xl font-bold">
        Give it as a gift
      </h2>
      <p className="mt-2 text-muted">
        Their gift covers {giftAreas.map((area) => getArea(area).name).join(', ') || 'the area they choose'}: they pick the test when they
        redeem it, and we ship it to them.
      </p>
      {error ? (
        <div className="mt-4">
          <Alert tone="error">{error}</Alert>
        </div>
      ) : null}
      <ul className="mt-5 grid gap-4 sm:grid-cols-2">
        {options.map((option) => (
          <li key={option.type} className="flex flex-col rounded-xl border border-slate-200 p-4">
            <h3 className="font-semibold">{option.name}</h3>
            <Price cents={getProduct(giftProductCodes[option.type]).priceCents} className="mt-2 text-2xl" />
            <fetcher.Form method="post" action={GIFT_CHOICE_ACTION} className="mt-4 flex flex-col">
              <input type="hidden" name="type" value={option.type} />
              {giftAreas.map((area) => (
                <input key={area} type="hidden" name="areas" value={area} />
              ))}
              <input type="hidden" name="next" value="/checkout-gift-purchaser" />
              {/* without the script, a refused choice comes back to this page */}
              {hydrated ? null : <input type="hidden" name="back" value={location.pathname + location.search} />}
              <Button
                type="submit"
                pending={pending === option.type}
                pendingLabel="Adding…"
                disabled={pending !== null}
                aria-label={`Gift now: ${option.name}`}
              >
                Gift now
              </Button>
            </fetcher.Form>
          </li>
        ))}
      </ul>
    </section>
  );
}
