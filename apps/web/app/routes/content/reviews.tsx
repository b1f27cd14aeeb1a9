import { PEOPLE_HELPED, testimonials, videoTestimonials } from '@shop/core';
import { CtaLink } from '../../components/content/cta-link';
import { PageHero } from '../../components/content/page-hero';
import { TestimonialCards, VideoStories } from '../../components/content/testimonials';
import { pageMeta } from '../../lib/seo';
import type { Route } from './+types/reviews';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: 'Reviews',
    description: 'What members say about testing with Base and following their plan.',
    path: '/reviews',
  });

export default function Reviews() {
  return (
    <>
      <PageHero
        title="Reviews"
        intro={`We have helped ${PEOPLE_HELPED.toLocaleString('en-US')} people test and act on their results. Here are some of their stories.`}
      >
        <CtaLink to="/quiz">Start with the quiz</CtaLink>
      </PageHero>
      <VideoStories stories={videoTestimonials} />
      <TestimonialCards testimonials={testimonials} heading="In their words" id="written-stories" />
    </>
  );
}
