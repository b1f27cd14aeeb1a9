import { faqSets, howItWorksSteps } from '@shop/core';
import { CtaLink } from '../../components/content/cta-link';
import { FaqSection } from '../../components/content/faq-section';
import { KitArt } from '../../components/content/illustrations';
import { PageHero } from '../../components/content/page-hero';
import { Points } from '../../components/content/points';
import { pageMeta } from '../../lib/seo';
import type { Route } from './+types/how-it-works';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: 'How it works',
    description: 'From the quiz to your kit or lab visit, your results and your 2-month plan: every step and how long it takes.',
    path: '/how-it-works',
  });

export default function HowItWorks() {
  return (
    <>
      <PageHero
        title="How it works"
        intro="From a two-minute quiz to results you understand and a plan that follows them."
        art={<KitArt className="h-auto w-full" />}
      >
        <CtaLink to="/quiz">Take the quiz</CtaLink>
      </PageHero>
      <Points points={howItWorksSteps} heading="Step by step" id="steps" numbered />
      <FaqSection entries={faqSets['how-it-works']} />
    </>
  );
}
