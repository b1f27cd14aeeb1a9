import { faqSets, goals, howItWorksSteps, PEOPLE_HELPED, testimonials } from '@shop/core';
import { Link } from 'react-router';
import { AreaCards } from '../../components/content/area-cards';
import { areaCardsData } from '../../components/content/area-cards.data';
import { CtaLink } from '../../components/content/cta-link';
import { FaqSection } from '../../components/content/faq-section';
import { KitArt } from '../../components/content/illustrations';
import { ReferralWelcome } from '../../components/partners/referral-welcome';
import { Points } from '../../components/content/points';
import { TestimonialCards } from '../../components/content/testimonials';
import { SamplePlanForm } from '../../components/forms/sample-plan-form';
import { pageMeta } from '../../lib/seo';
import { leadAction } from '../../lib/lead-action.server';
import type { Route } from './+types/home';

/** The page's lead form is sent here, with or without the page's script. */
export function action(args: Route.ActionArgs) {
  return leadAction(args);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: 'At-home health tests with a plan that follows your results',
    description:
      'Find the root cause with an at-home or partner-lab test, then follow a 2-month Improvement Program built on your results.',
    path: '/',
  });

/**
 * The page's content comes from core through the loader (run at prerender), so the browser gets it
 * with the HTML and not as JavaScript to parse.
 */
export function loader() {
  return {
    areaCards: areaCardsData(),
    steps: howItWorksSteps,
    goals: goals.map((goal) => ({ slug: goal.slug, name: goal.name })),
    testimonials,
    faqs: faqSets.generic,
    peopleHelped: PEOPLE_HELPED.toLocaleString('en-US'),
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { areaCards, steps, goals, testimonials, faqs, peopleHelped } = loaderData;
  return (
    <>
      <ReferralWelcome />
      <section className="bg-brand-soft">
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-16 lg:grid-cols-[3fr_2fr] lg:py-24">
          <div>
            <h1 className="text-4xl font-extrabold leading-tight lg:text-5xl">Test what is going on inside. Then fix it.</h1>
            <p className="mt-5 text-lg text-muted">
              Start with one lab test chosen for your goal, from {areaCards.starterPrice}. When your results arrive, a 2-month Improvement
              Program turns them into meals, habits and retests.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <CtaLink to="/quiz">Take the quiz</CtaLink>
              <CtaLink to="/how-it-works" variant="secondary">
                How it works
              </CtaLink>
            </div>
            <p className="mt-4 text-sm text-muted">Free shipping · HSA/FSA accepted · Adults 18+ in the US</p>
          </div>
          <KitArt className="mx-auto h-auto w-full max-w-sm" />
        </div>
      </section>

      <AreaCards data={areaCards} />
      <Points points={steps} heading="How it works" id="how" numbered />

      <section aria-labelledby="quiz-prompt" className="bg-brand text-white">
        <div className="mx-auto max-w-6xl px-4 py-14">
          <h2 id="quiz-prompt" className="text-3xl font-bold">
            Not sure where to start?
          </h2>
          <p className="mt-3 max-w-2xl text-white/90">
            Pick your goal and answer a few questions: the quiz recommends one starter test. It takes about two minutes.
          </p>
          <ul className="mt-6 flex flex-wrap gap-2" aria-label="Health goals">
            {goals.map((goal) => (
              <li key={goal.slug}>
                <Link
                  to={`/goal/${goal.slug}`}
                  className="inline-block rounded-full bg-white/10 px-4 py-2 text-sm font-semibold text-white ring-1 ring-white/40 hover:bg-white/20"
                >
                  {goal.name}
                </Link>
              </li>
            ))}
          </ul>
          <Link
            to="/quiz"
            className="mt-8 inline-block rounded-full bg-white px-7 py-3.5 font-semibold text-brand-dark hover:bg-brand-soft"
          >
            Start the quiz
          </Link>
        </div>
      </section>

      <section aria-labelledby="sample-plan" className="mx-auto max-w-3xl px-4 py-14">
        <h2 id="sample-plan" className="text-3xl font-bold">
          See a sample nutritional plan
        </h2>
        <p className="mt-3 text-muted">
          Curious what a plan looks like? We will e-mail you a sample, like the ones members get from their results.
        </p>
        <SamplePlanForm className="mt-6" />
      </section>

      <TestimonialCards testimonials={testimonials} heading={`Some of the ${peopleHelped} people we have helped`} />
      <FaqSection entries={faqs} />
    </>
  );
}
