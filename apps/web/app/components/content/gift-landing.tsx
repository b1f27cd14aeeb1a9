import { faqSets, getProduct, giftPages, giftSteps, goals, type GiftPageKey } from '@shop/core';
import { CtaLink } from './cta-link';
import { FaqSection } from './faq-section';
import { GiftArt } from './illustrations';
import { PageHero } from './page-hero';
import { Points } from './points';
import { Price } from './price';

/** The gift landing pages: the two gift types, how a gift works and the gift FAQ. */
export function GiftLanding({ which }: { which: GiftPageKey }) {
  const copy = giftPages[which];
  const options = [
    { type: 'one_off', product: getProduct('gift-one-off'), name: 'Starter test' },
    { type: 'improvement_program', product: getProduct('gift-improvement-program'), name: 'Starter test + Improvement Program' },
  ];
  return (
    <>
      <PageHero eyebrow="Gifts" title={copy.headline} intro={copy.intro} art={<GiftArt className="h-auto w-full" />}>
        <CtaLink to="/quiz-gift">Find the right gift</CtaLink>
      </PageHero>
      <section aria-labelledby="gift-types" className="mx-auto max-w-6xl px-4 py-14">
        <h2 id="gift-types" className="text-3xl font-bold">
          Two kinds of gift
        </h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-2">
          {options.map((option) => (
            <li key={option.type} className={`flex flex-col rounded-2xl bg-white p-6 shadow-sm ${which === 'gifts-base' && option.type === 'improvement_program' ? 'ring-2 ring-brand' : ''}`}>
              <h3 className="text-xl font-bold">{option.name}</h3>
              <p className="mt-2 flex-1 text-muted">{option.product.description}</p>
              <Price cents={option.product.priceCents} className="mt-4 text-3xl" />
              <div className="mt-5">
                <CtaLink to="/quiz-gift">Choose this gift</CtaLink>
              </div>
            </li>
          ))}
        </ul>
      </section>
      {which === 'goal-gift' ? (
        <section aria-labelledby="gift-goals" className="mx-auto max-w-6xl px-4 pb-6">
          <h2 id="gift-goals" className="text-3xl font-bold">
            Goals they can choose from
          </h2>
          <ul className="mt-6 grid gap-4 md:grid-cols-2 lg:grid-cols-4">
            {goals.map((goal) => (
              <li key={goal.slug} className="rounded-xl bg-white p-4 shadow-sm">
                <h3 className="font-semibold">{goal.name}</h3>
                <p className="mt-1 text-sm text-muted">{goal.description}</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <Points points={giftSteps} heading="How a gift works" id="gift-steps" numbered />
      <FaqSection entries={faqSets.gifts} />
    </>
  );
}
