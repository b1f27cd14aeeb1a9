import { faqSets, getTest, goalPages, goals, PROGRAM_LENGTH_MONTHS, testimonialsForArea, type Goal } from '@shop/core';
import { Link } from 'react-router';
import { CtaLink } from './cta-link';
import { FaqSection } from './faq-section';
import { AreaIcon } from './illustrations';
import { PageHero } from './page-hero';
import { PlanCards } from './plan-cards';
import { TestCard } from './test-card';
import { TestimonialCards } from './testimonials';

/** A goal's page: why its starter test, the test itself, the plans and the quiz FAQ. */
export function GoalPageView({ goal }: { goal: Goal }) {
  const page = goalPages[goal.slug];
  const test = getTest(goal.starterTestId);
  const stories = testimonialsForArea(goal.area);
  return (
    <>
      <PageHero eyebrow={goal.name} title={page.headline} intro={page.intro} art={<AreaIcon area={goal.area} className="h-48 w-48" />}>
        <CtaLink to="/quiz">Take the quiz</CtaLink>
      </PageHero>
      <section aria-labelledby="starter" className="mx-auto grid max-w-6xl gap-8 px-4 py-14 lg:grid-cols-2">
        <div>
          <h2 id="starter" className="text-3xl font-bold">
            Your starter test
          </h2>
          <p className="mt-4 text-lg text-muted">{page.whyThisTest}</p>
          <p className="mt-4 text-muted">
            When your results arrive, the {PROGRAM_LENGTH_MONTHS}-month Improvement Program turns them into a plan for{' '}
            {goal.name.toLowerCase()}, with retests to show what changed.
          </p>
        </div>
        <TestCard test={test} />
      </section>
      {stories.length > 0 ? <TestimonialCards testimonials={stories} /> : null}
      <PlanCards />
      <nav aria-label="Other goals" className="mx-auto max-w-6xl px-4 pb-6">
        <h2 className="text-xl font-bold">Other goals</h2>
        <ul className="mt-3 flex flex-wrap gap-2">
          {goals
            .filter((other) => other.slug !== goal.slug)
            .map((other) => (
              <li key={other.slug}>
                <Link
                  to={`/goal/${other.slug}`}
                  className="inline-block rounded-full border border-brand px-4 py-2 text-sm font-semibold text-brand-dark hover:bg-brand-soft"
                >
                  {other.name}
                </Link>
              </li>
            ))}
        </ul>
      </nav>
      <FaqSection entries={faqSets['generic-quiz']} />
    </>
  );
}
