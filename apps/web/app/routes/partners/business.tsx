import { businessFaqs, type Point } from '@shop/core';
import { FaqSection } from '../../components/content/faq-section';
import { PageHero } from '../../components/content/page-hero';
import { Points } from '../../components/content/points';
import { BusinessContactForm } from '../../components/forms/business-contact-form';
import { TeamArt } from '../../components/partners/art';
import { BusinessStats } from '../../components/partners/stats';
import { pageMeta } from '../../lib/seo';
import { leadAction } from '../../lib/lead-action.server';
import type { Route } from './+types/business';

/** The page's lead form is sent here, with or without the page's script. */
export function action(args: Route.ActionArgs) {
  return leadAction(args);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: 'Base for employers: lab testing and AI food-as-medicine',
    description:
      'Give your people an at-home lab test and a 2-month AI food-as-medicine program. 70% finish, 76% improvement, 4.7 rating, ROI 2.3x. Book a demo.',
    path: '/business',
  });

const offer: Point[] = [
  {
    title: 'A lab test for a goal they choose',
    text: 'Preventative health, fatigue or mental health: each employee picks a goal and gets the test that fits it, at home or at a partner lab.',
  },
  {
    title: 'AI food-as-medicine',
    text: 'Results become a nutrition and lifestyle plan: meals, shopping lists and habits chosen for what their own markers show, with health coaching.',
  },
  {
    title: 'Proof it worked',
    text: 'Two lab retests during the 2-month program show what changed, so improvement is measured, not guessed.',
  },
];

const steps: Point[] = [
  { title: 'Book a demo', text: 'Tell us about your team. We show you the program and what your employees see, step by step.' },
  { title: 'Your group page', text: 'We set up a page for your company where employees choose their goal and order at no cost to them.' },
  {
    title: 'Launch and follow',
    text: 'Your benefits team shares the link. You see how many people join and finish; their results stay private.',
  },
];

export default function Business() {
  return (
    <>
      <PageHero
        eyebrow="Base for business"
        title="Healthier teams, measured in their own lab results"
        intro="Base gives employers a benefit people actually finish: a lab test for the goal each person chooses, then 2 months of AI food-as-medicine built on their results."
        art={<TeamArt className="w-full" />}
      >
        <a href="#book-a-demo" className="btn btn-primary">
          Book a demo
        </a>
      </PageHero>
      <Points heading="What your people get" id="offer" points={offer} />
      <BusinessStats />
      <Points heading="How it works for employers" id="how" points={steps} numbered />
      <section aria-labelledby="book-a-demo" className="bg-white/60">
        <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 lg:grid-cols-[2fr_3fr]">
          <div>
            <h2 id="book-a-demo" className="text-3xl font-bold">
              Book a demo
            </h2>
            <p className="mt-4 text-muted">
              Leave your details and we will e-mail you to find a time. If you are an employee who would like Base at work, tell us who
              looks after benefits and we will reach out to them.
            </p>
          </div>
          <BusinessContactForm />
        </div>
      </section>
      <FaqSection entries={businessFaqs} id="business-faq" />
    </>
  );
}
