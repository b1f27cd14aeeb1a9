import { AFFILIATE_MAX_COMMISSION_CENTS, formatMoney, FRIEND_DISCOUNT_PERCENT, REFERRAL_REWARD_CENTS, type Point } from '@shop/core';
import { Link } from 'react-router';
import { PageHero } from '../../components/content/page-hero';
import { Points } from '../../components/content/points';
import { ReferralArt } from '../../components/partners/art';
import { pageMeta } from '../../lib/seo';
import type { Route } from './+types/affiliate-program';

const commission = formatMoney(AFFILIATE_MAX_COMMISSION_CENTS).replace('.00', '');

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: 'Affiliate program',
    description: `Earn up to ${commission} per referred customer. Your audience gets ${FRIEND_DISCOUNT_PERCENT}% off their first test.`,
    path: '/affiliate-program',
  });

const steps: Point[] = [
  {
    title: 'Get your code',
    text: 'We give you a code and a link of your own. Your link opens a page with your name on it, so your audience knows it is you.',
  },
  {
    title: 'Share it',
    text: `On your podcast, newsletter, channel or in your clinic. Everyone who uses it gets ${FRIEND_DISCOUNT_PERCENT}% off their first test.`,
  },
  {
    title: 'Earn per customer',
    text: `You earn up to ${commission} for every customer you refer, depending on what they buy.`,
  },
];

const fit: Point[] = [
  {
    title: 'Creators and writers',
    text: 'Health, fitness, nutrition, parenting or work-life: if your audience asks why they feel tired, we can help.',
  },
  { title: 'Coaches and trainers', text: 'Lab results give your clients a starting point and a way to see progress.' },
  { title: 'Communities', text: 'Member groups, employee networks and clubs that want a perk worth using.' },
];

export default function AffiliateProgram() {
  return (
    <>
      <PageHero
        eyebrow="Affiliate program"
        title={`Earn up to ${commission} for every customer you refer`}
        intro={`Share at-home lab tests with a plan that follows the results. Your audience gets ${FRIEND_DISCOUNT_PERCENT}% off their first test; you earn a commission on every customer.`}
        art={<ReferralArt className="w-full" />}
      >
        <div className="flex flex-wrap gap-3">
          <a href="#how" className="btn btn-primary">
            See how it works
          </a>
          <Link to="/affiliate/FIXMYDIET" className="btn btn-secondary">
            See an example page
          </Link>
        </div>
        <p className="mt-4 text-sm text-muted">Sign-up opens with the affiliate dashboard, coming soon.</p>
      </PageHero>
      <Points heading="How it works" id="how" points={steps} numbered />
      <Points heading="Who it is for" id="fit" points={fit} />
      <section aria-labelledby="more" className="mx-auto max-w-6xl px-4 pb-16">
        <h2 id="more" className="text-2xl font-bold">
          Other ways to share Base
        </h2>
        <ul className="mt-4 space-y-2 text-muted">
          <li>
            Customers: give a friend {FRIEND_DISCOUNT_PERCENT}% off and get a {formatMoney(REFERRAL_REWARD_CENTS).replace('.00', '')} gift
            card when they order.
          </li>
          <li>
            Know a practitioner who should use Base?{' '}
            <Link to="/practitioners-referral" className="font-semibold text-brand underline">
              Refer a provider
            </Link>{' '}
            and earn {formatMoney(REFERRAL_REWARD_CENTS).replace('.00', '')}.
          </li>
        </ul>
      </section>
    </>
  );
}
