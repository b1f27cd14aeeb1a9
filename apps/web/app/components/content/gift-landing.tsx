import { faqSets, giftPages, giftSteps, goals, type GiftPageKey } from '@shop/core';
import { GiftChooser } from '../gifts/gift-chooser';
import { CtaLink } from './cta-link';
import { FaqSection } from './faq-section';
import { GiftArt } from './page-art';
import { PageHero } from './page-hero';
import { Points } from './points';

/** The gift landing pages: the two gift types, how a gift works and the gift FAQ. */
export function GiftLanding({ which }: { which: GiftPageKey }) {
  const copy = giftPages[which];
  return (
    <>
      <PageHero eyebrow="Gifts" title={copy.headline} intro={copy.intro} art={<GiftArt className="h-auto w-full" />}>
        <div className="flex flex-wrap gap-3">
          <CtaLink to="#gift-types">Gift now</CtaLink>
          <CtaLink to="/quiz-gift" variant="secondary">
            Find the right gift
          </CtaLink>
        </div>
      </PageHero>
      <GiftChooser {...(which === 'gifts-base' ? { highlight: 'improvement_program' as const } : {})} />
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
