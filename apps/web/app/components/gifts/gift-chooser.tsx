import { useEffect, useState, type FormEvent } from 'react';
import { Link, useFetcher, useLocation } from 'react-router';
import { areas, checkGiftContents, getProduct, giftProductCodes, type GiftType } from '@shop/core';
import { Alert } from '../alert';
import { Button } from '../button';
import { Price } from '../content/price';
import { cartAction, useCart } from '../cart/cart-store';
import { useHydrated } from '../../lib/use-hydrated';
import { GIFT_CHOICE_ACTION, GIFT_FAILED_MESSAGE, GIFT_NO_TYPE_MESSAGE, type GiftChoiceAnswer } from './gift-choice-form';

const options: Array<{ type: GiftType; name: string }> = [
  { type: 'one_off', name: 'Starter test' },
  { type: 'improvement_program', name: 'Starter test + Improvement Program' },
];

const complete = getProduct('base-complete');

/** One choice as a key: the cart's gift is "added" while the choice on screen is the one sent. */
const keyOf = (type: GiftType | null, chosen: readonly string[], bundle: boolean) =>
  `${type}:${bundle ? 'complete' : [...chosen].sort().join(',')}`;

/**
 * Before the page's script runs (or without it), a choice is a field of the form: a radio button
 * or a checkbox with the toggle's words, sent with "Add to cart".
 */
function ChoiceField({
  type,
  name,
  value,
  label,
  fullName,
  className = '',
}: {
  type: 'radio' | 'checkbox';
  name: string;
  value: string;
  label: string;
  fullName: string;
  className?: string;
}) {
  return (
    <label
      className={`inline-flex cursor-pointer items-center gap-2 rounded-full border border-ink bg-white px-5 py-2 font-semibold text-ink has-[:checked]:border-brand has-[:checked]:bg-brand-soft ${className}`}
    >
      <input type={type} name={name} value={value} aria-label={fullName} className="size-4 accent-brand" />
      {label}
    </label>
  );
}

/** A toggle of the chooser: "Select" / "Selected" (specification §4), named by what it selects. */
function SelectButton({ selected, name, onClick }: { selected: boolean; name: string; onClick: () => void }) {
  return (
    <button
      type="button"
      aria-pressed={selected}
      onClick={onClick}
      className={`mt-4 inline-flex items-center justify-center gap-2 rounded-full px-5 py-2 font-semibold transition-colors ${
        selected ? 'border border-brand bg-brand-soft text-brand-dark' : 'border border-ink bg-white text-ink hover:bg-slate-50'
      }`}
    >
      {selected ? (
        <>
          <span aria-hidden="true">✓</span> Selected
        </>
      ) : (
        'Select'
      )}
      <span className="sr-only"> {name}</span>
    </button>
  );
}

/**
 * Choosing a gift on the gift pages: its type ("Select gift", then "Gift added" once it is in the
 * cart), what it holds (up to five areas or the Complete bundle, each "Select" / "Selected"), then
 * "Add to cart" / "Added to cart". The rules are core's, checked here for a quick answer and by
 * the API, which has the last word.
 */
export function GiftChooser({ highlight }: { highlight?: GiftType }) {
  const cart = useCart();
  const fetcher = useFetcher<GiftChoiceAnswer>();
  const hydrated = useHydrated();
  const location = useLocation();
  const [type, setType] = useState<GiftType | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const [bundle, setBundle] = useState(false);
  // the choice last sent, as a key
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!cart) void cartAction({ intent: 'load' });
  }, [cart]);

  // the gift is in the cart: the cart shows it
  const answer = fetcher.state === 'idle' ? fetcher.data : undefined;
  useEffect(() => {
    if (!answer?.ok) return;
    if (answer.cart) void cartAction({ intent: 'show', cart: answer.cart });
    void cartAction({ intent: 'open' });
  }, [answer]);

  const pending = fetcher.state !== 'idle';
  const giftInCart = cart?.giftType ?? null;
  const current = keyOf(type, chosen, bundle);
  const added = answer?.ok === true && sent === current && giftInCart === type;
  // the API's refusal of the choice on screen; a change of the choice clears it
  const refused = answer && !answer.ok && sent === current ? (answer.message ?? GIFT_FAILED_MESSAGE) : null;
  const shownError = error ?? refused;

  function toggleArea(slug: string) {
    setError(null);
    setBundle(false);
    setChosen((current) => (current.includes(slug) ? current.filter((area) => area !== slug) : [...current, slug]));
  }

  /** The rules of core, checked here for a quick answer; the form goes on to the action when they hold. */
  function addToCart(event: FormEvent<HTMLFormElement>) {
    if (!type) {
      event.preventDefault();
      setError(GIFT_NO_TYPE_MESSAGE);
      return;
    }
    const checked = checkGiftContents({ areas: chosen, complete: bundle });
    if (!checked.ok) {
      event.preventDefault();
      setError(checked.message);
      return;
    }
    setError(null);
    setSent(current);
  }

  return (
    <fetcher.Form method="post" action={GIFT_CHOICE_ACTION} onSubmit={hydrated ? addToCart : undefined}>
      {hydrated ? (
        <>
          {type ? <input type="hidden" name="type" value={type} /> : null}
          {bundle ? <input type="hidden" name="complete" value="yes" /> : null}
          {bundle ? null : chosen.map((area) => <input key={area} type="hidden" name="areas" value={area} />)}
        </>
      ) : (
        <>
          {/* without the script, the gift goes on to its details, and a refused choice comes back here */}
          <input type="hidden" name="next" value="/checkout-gift-purchaser" />
          <input type="hidden" name="back" value={`${location.pathname}${location.search}#choose-gift`} />
        </>
      )}
      <section aria-labelledby="gift-types" className="mx-auto max-w-6xl px-4 py-14">
        <h2 id="gift-types" className="text-3xl font-bold">
          Two kinds of gift
        </h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-2">
          {options.map((option) => {
            const product = getProduct(giftProductCodes[option.type]);
            const inCart = giftInCart === option.type;
            const selected = type === option.type;
            return (
              <li
                key={option.type}
                className={`flex flex-col rounded-2xl bg-white p-6 shadow-sm ${selected || (!type && highlight === option.type) ? 'ring-2 ring-brand' : ''}`}
              >
                <h3 className="text-xl font-bold">{option.name}</h3>
                <p className="mt-2 flex-1 text-muted">{product.description}</p>
                <Price cents={product.priceCents} className="mt-4 text-3xl" />
                <div className="mt-5">
                  {hydrated ? (
                    <Button
                      type="button"
                      variant={selected || inCart ? 'secondary' : 'primary'}
                      aria-pressed={selected}
                      aria-label={`${inCart ? 'Gift added' : 'Select gift'}: ${option.name}`}
                      onClick={() => {
                        setType(option.type);
                        setError(null);
                        document.getElementById('gift-contents')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
                      }}
                    >
                      {inCart ? (
                        <>
                          <span aria-hidden="true">✓</span> Gift added
                        </>
                      ) : (
                        'Select gift'
                      )}
                    </Button>
                  ) : (
                    <ChoiceField
                      type="radio"
                      name="type"
                      value={option.type}
                      label="Select gift"
                      fullName={`Select gift: ${option.name}`}
                    />
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      </section>
      <section id="choose-gift" aria-labelledby="gift-contents" className="mx-auto max-w-6xl scroll-mt-4 px-4 pb-14">
        <h2 id="gift-contents" className="scroll-mt-4 text-3xl font-bold">
          What the gift holds
        </h2>
        <p className="mt-2 text-muted">
          Choose up to five areas they care about, or the Complete bundle of every test. They pick their test from it when they redeem the
          gift.
        </p>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {areas.map((area) => (
            <li
              key={area.slug}
              className={`rounded-2xl bg-white p-5 shadow-sm ${chosen.includes(area.slug) && !bundle ? 'ring-2 ring-brand' : ''}`}
            >
              <h3 className="text-lg font-bold">{area.name}</h3>
              <p className="mt-1 text-sm text-muted">{area.description}</p>
              {hydrated ? (
                <SelectButton selected={!bundle && chosen.includes(area.slug)} name={area.name} onClick={() => toggleArea(area.slug)} />
              ) : (
                <ChoiceField
                  type="checkbox"
                  name="areas"
                  value={area.slug}
                  className="mt-4"
                  label="Select"
                  fullName={`Select ${area.name}`}
                />
              )}
            </li>
          ))}
          <li className={`rounded-2xl bg-white p-5 shadow-sm ${bundle ? 'ring-2 ring-brand' : ''}`}>
            <h3 className="text-lg font-bold">Complete bundle</h3>
            <p className="mt-1 text-sm text-muted">{complete.description}</p>
            {hydrated ? (
              <SelectButton
                selected={bundle}
                name="Complete bundle"
                onClick={() => {
                  setError(null);
                  setBundle((current) => !current);
                  setChosen([]);
                }}
              />
            ) : (
              <ChoiceField type="checkbox" name="complete" value="yes" className="mt-4" label="Select" fullName="Select Complete bundle" />
            )}
          </li>
        </ul>
        <div className="mt-8 flex flex-wrap items-center gap-4">
          <Button type="submit" pending={pending} pendingLabel="Adding…" disabled={added}>
            {added ? (
              <>
                <span aria-hidden="true">✓</span> Added to cart
              </>
            ) : (
              'Add to cart'
            )}
          </Button>
          {giftInCart ? (
            <Link to="/checkout-gift-purchaser" className="font-semibold text-brand underline">
              Continue to the gift details
            </Link>
          ) : null}
        </div>
        {shownError ? (
          <div className="mt-4">
            <Alert tone="error">{shownError}</Alert>
          </div>
        ) : null}
      </section>
    </fetcher.Form>
  );
}
