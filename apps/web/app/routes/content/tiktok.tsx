import { howItWorksSteps, testimonials, tiktokCopy } from '@shop/core';
import { AreaCards } from '../../components/content/area-cards';
import { areaCardsData } from '../../components/content/area-cards.data';
import { CtaLink } from '../../components/content/cta-link';
import { KitArt } from '../../components/content/illustrations';
import { PageHero } from '../../components/content/page-hero';
import { Points } from '../../components/content/points';
import { TestimonialCards } from '../../components/content/testimonials';
import { pageMeta } from '../../lib/seo';
import type { Route } from './+types/tiktok';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ matches, title: tiktokCopy.title, description: tiktokCopy.description, path: '/tiktok' });

export function loader() {
  return { areaCards: areaCardsData() };
}

export default function TikTok({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHero title={tiktokCopy.headline} intro={tiktokCopy.intro} art={<KitArt className="h-auto w-full" />}>
        <CtaLink to="/quiz">Take the two-minute quiz</CtaLink>
      </PageHero>
      <Points points={howItWorksSteps} heading="Five steps" id="steps" numbered />
      <AreaCards data={loaderData.areaCards} />
      <TestimonialCards testimonials={testimonials.slice(0, 3)} />
    </>
  );
}
