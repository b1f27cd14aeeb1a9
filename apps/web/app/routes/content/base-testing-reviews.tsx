import { getGoal, isGoalSlug, videoTestimonials } from '@shop/core';
import { CtaLink } from '../../components/content/cta-link';
import { PageHero } from '../../components/content/page-hero';
import { VideoStory } from '../../components/content/testimonials';
import { pageMeta } from '../../lib/seo';
import type { Route } from './+types/base-testing-reviews';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: 'Testing stories',
    description: 'Members tell how an at-home test and a 2-month plan worked for their goal.',
    path: '/base-testing-reviews',
  });

export default function BaseTestingReviews() {
  return (
    <>
      <PageHero title="Testing stories" intro="How members found the reason behind their symptoms, goal by goal.">
        <CtaLink to="/quiz">Find my test</CtaLink>
      </PageHero>
      <section aria-labelledby="by-goal" className="mx-auto max-w-6xl px-4 py-14">
        <h2 id="by-goal" className="text-3xl font-bold">
          Stories by goal
        </h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {videoTestimonials.map((story) => (
            <li key={story.videoName}>
              <p className="mb-2 text-sm font-bold uppercase tracking-wide text-brand-dark">
                {isGoalSlug(story.goal) ? getGoal(story.goal).name : story.goal}
              </p>
              <VideoStory story={story} />
            </li>
          ))}
        </ul>
        <p className="mt-6 text-sm text-muted">Individual results vary.</p>
      </section>
    </>
  );
}
