import { useState } from 'react';
import { useNavigate } from 'react-router';
import { GIFT_MAX_AREAS, getArea, getProduct, giftProductCodes, isAreaSlug, type GiftType } from '@shop/core';
import { Alert } from '../alert';
import { Button } from '../button';
import { Price } from '../content/price';
import { cartAction } from '../cart/cart-store';
import { messageOf } from '../../lib/errors';

const options: Array<{ type: GiftType; name: string }> = [
  { type: 'one_off', name: 'Starter test' },
  { type: 'improvement_program', name: 'Starter test + Improvement Program' },
];

/**
 * The end of a gift quiz (/quiz-gift, /quiz-gifting): the areas the answers point to become the
 * gift's, and "Gift now" puts it in the cart and goes on to who it is for and when it arrives.
 * The recipient picks their test among those areas when they redeem it.
 */
export function GiftThisResult({ areas }: { areas: readonly string[] }) {
  const navigate = useNavigate();
  const [pending, setPending] = useState<GiftType | null>(null);
  const [error, setError] = useState<string | null>(null);
  const giftAreas = areas.filter(isAreaSlug).slice(0, GIFT_MAX_AREAS);

  async function giftNow(type: GiftType) {
    setPending(type);
    setError(null);
    try {
      const { browserApi } = await import('../../lib/api');
      const { cart } = await browserApi().chooseGift({ type, areas: giftAreas, complete: false });
      void cartAction({ intent: 'show', cart });
      await navigate('/checkout-gift-purchaser');
    } catch (failure) {
      setError(messageOf(failure, 'We could not add the gift to your cart. Please try again.'));
      setPending(null);
    }
  }

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
            <Button
              className="mt-4"
              onClick={() => void giftNow(option.type)}
              pending={pending === option.type}
              pendingLabel="Adding…"
              disabled={pending !== null}
              aria-label={`Gift now: ${option.name}`}
            >
              Gift now
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
