import { GIVEAWAY_DISCOUNT_PERCENT, giveawayCodes } from '@shop/core';
import { CtaLink } from '../../components/content/cta-link';
import { GiftArt } from '../../components/content/page-art';
import { PageHero } from '../../components/content/page-hero';
import { pageMeta } from '../../lib/seo';
import type { Route } from './+types/giveaway';

const range = `${GIVEAWAY_DISCOUNT_PERCENT.min}–${GIVEAWAY_DISCOUNT_PERCENT.max}%`;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ matches, title: 'Giveaway', description: `Codes worth ${range} off your first test or plan.`, path: '/giveaway' });

export default function Giveaway() {
  return (
    <>
      <PageHero
        eyebrow="Giveaway"
        title={`${range} off your first test`}
        intro="Pick the code for what you want to start with and enter it at checkout. One code per order."
        art={<GiftArt className="h-auto w-full" />}
      >
        <CtaLink to="/quiz">Take the quiz</CtaLink>
      </PageHero>
      <section aria-labelledby="codes" className="mx-auto max-w-4xl px-4 py-14">
        <h2 id="codes" className="text-3xl font-bold">
          Your codes
        </h2>
        <ul className="mt-8 grid gap-4 md:grid-cols-3">
          {giveawayCodes.map((code) => (
            <li key={code.code} className="rounded-2xl border-2 border-dashed border-brand bg-white p-6 text-center">
              <p className="text-4xl font-extrabold text-brand-dark">{code.percentOff}% off</p>
              <p className="mt-2 text-muted">{code.appliesTo}</p>
              <p className="mt-4 font-mono text-lg font-bold tracking-wider">{code.code}</p>
            </li>
          ))}
        </ul>
        <p className="mt-6 text-sm text-muted">Codes can each be used once per customer and cannot be combined with other offers.</p>
      </section>
    </>
  );
}
