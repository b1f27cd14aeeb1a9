import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { areas, checkGiftContents, getProduct, giftProductCodes, type GiftType } from '@shop/core';
import { Alert } from '../alert';
import { Button } from '../button';
import { Price } from '../content/price';
import { cartAction, useCart } from '../cart/cart-store';
import { messageOf } from '../../lib/errors';

const options: Array<{ type: GiftType; name: string }> = [
  { type: 'one_off', name: 'Starter test' },
  { type: 'improvement_program', name: 'Starter test + Improvement Program' },
];

const complete = getProduct('base-complete');

/** One choice as a key: the cart's gift is "added" while the choice on screen is the one sent. */
const keyOf = (type: GiftType | null, chosen: readonly string[], bundle: boolean) =>
  `${type}:${bundle ? 'complete' : [...chosen].sort().join(',')}`;

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
  const [type, setType] = useState<GiftType | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const [bundle, setBundle] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!cart) void cartAction({ intent: 'load' });
  }, [cart]);

  const giftInCart = cart?.giftType ?? null;
  const added = sent !== null && sent === keyOf(type, chosen, bundle) && giftInCart === type;

  function toggleArea(slug: string) {
    setError(null);
    setBundle(false);
    setChosen((current) => (current.includes(slug) ? current.filter((area) => area !== slug) : [...current, slug]));
  }

  async function addToCart() {
    if (!type) {
      setError('Please select a gift first: a starter test, or a starter test with the Improvement Program.');
      return;
    }
    const checked = checkGiftContents({ areas: chosen, complete: bundle });
    if (!checked.ok) {
      setError(checked.message);
      return;
    }
    setPending(true);
    setError(null);
    try {
      const { browserApi } = await import('../../lib/api');
      const { cart: updated } = await browserApi().chooseGift({ type, areas: bundle ? [] : chosen, complete: bundle });
      setSent(keyOf(type, chosen, bundle));
      void cartAction({ intent: 'show', cart: updated });
      void cartAction({ intent: 'open' });
    } catch (failure) {
      setError(messageOf(failure, 'We could not add the gift to your cart. Please try again.'));
    } finally {
      setPending(false);
    }
  }

  return (
    <>
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
              <SelectButton selected={!bundle && chosen.includes(area.slug)} name={area.name} onClick={() => toggleArea(area.slug)} />
            </li>
          ))}
          <li className={`rounded-2xl bg-white p-5 shadow-sm ${bundle ? 'ring-2 ring-brand' : ''}`}>
            <h3 className="text-lg font-bold">Complete bundle</h3>
            <p className="mt-1 text-sm text-muted">{complete.description}</p>
            <SelectButton
              selected={bundle}
              name="Complete bundle"
              onClick={() => {
                setError(null);
                setBundle((current) => !current);
                setChosen([]);
              }}
            />
          </li>
        </ul>
        <div className="mt-8 flex flex-wrap items-center gap-4">
          <Button type="button" onClick={addToCart} pending={pending} pendingLabel="Adding…" disabled={added}>
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
        {error ? (
          <div className="mt-4">
            <Alert tone="error">{error}</Alert>
          </div>
        ) : null}
      </section>
    </>
  );
}
