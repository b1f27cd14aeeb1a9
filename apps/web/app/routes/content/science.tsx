import { faqSets, scienceText } from '@shop/core';
import { FaqSection } from '../../components/content/faq-section';
import { KitArt } from '../../components/content/illustrations';
import { PageHero } from '../../components/content/page-hero';
import { Points } from '../../components/content/points';
import { pageMeta } from '../../lib/seo';
import type { Route } from './+types/science';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ matches, title: 'Our science', description: scienceText.intro, path: '/science' });

export default function Science() {
  return (
    <>
      <PageHero title={scienceText.headline} intro={scienceText.intro} art={<KitArt className="h-auto w-full" />} />
      <Points points={scienceText.points} heading="How we make sure results mean something" id="principles" />
      <FaqSection entries={faqSets.science} />
    </>
  );
}
