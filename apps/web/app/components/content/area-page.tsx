import { appFeatures, areaPages, formatMoney, getArea, getProduct, testimonialsForArea, testsForArea, type AreaSlug } from '@shop/core';
import { Link } from 'react-router';
import { CtaLink } from './cta-link';
import { FaqSection } from './faq-section';
import { AreaIcon } from './illustrations';
import { PlanCards } from './plan-cards';
import { TestCard } from './test-card';
import { TestimonialCards } from './testimonials';
import { PageHero } from './page-hero';

/** The diet variant of the quiz asks about eating; every other area starts from the main quiz. */
const quizPathOf = (area: AreaSlug) => (area === 'diet' ? '/quiz-base-diet' : '/quiz');

/** An area's testing-plan page: header, delivery frequency, symptoms, app features, stories, plans, FAQ. */
export function AreaTestingPlan({ area }: { area: AreaSlug }) {
  const page = areaPages[area];
  const monitor = getProduct('base-monitor');
  return (
    <>
      <PageHero
        eyebrow={`${getArea(area).name} testing plan`}
        title={page.headline}
        intro={page.intro}
        art={<AreaIcon area={area} className="h-48 w-48" />}
      >
        <CtaLink to={quizPathOf(area)}>Take the quiz</CtaLink>
      </PageHero>

      <section aria-labelledby="symptoms" className="mx-auto max-w-6xl px-4 py-14">
        <h2 id="symptoms" className="text-3xl font-bold">
          Does this sound like you?
        </h2>
        <ul className="mt-6 grid gap-3 md:grid-cols-2 lg:grid-cols-3">
          {page.symptoms.map((symptom) => (
            <li key={symptom} className="flex items-start gap-3 rounded-xl bg-white p-4 shadow-sm">
              <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 h-5 w-5 shrink-0 text-brand">
                <path d="M4 10l4 4 8-8" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
              </svg>
              {symptom}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="tests" className="mx-auto max-w-6xl px-4 py-6">
        <h2 id="tests" className="text-3xl font-bold">
          The tests
        </h2>
        <ul className="mt-8 grid gap-6 lg:grid-cols-2">
          {testsForArea(area).map((test) => (
            <li key={test.id}>
              <TestCard test={test} subscribe />
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="frequency" className="below-fold mx-auto max-w-6xl px-4 py-14">
        <h2 id="frequency" className="text-3xl font-bold">
          Delivery frequency
        </h2>
        <p className="mt-3 max-w-2xl text-muted">
          Keep testing to see your numbers move. A test subscription delivers your kit on a schedule, {formatMoney(monitor.priceCents)} per
          delivery, charged on each delivery date.
        </p>
        <ul className="mt-6 grid gap-4 md:grid-cols-2">
          <li className="rounded-2xl bg-white p-6 shadow-sm">
            <h3 className="text-xl font-semibold">Monthly</h3>
            <p className="mt-2 text-muted">
              A kit every month: for the first months of a change, when you want to see what each step does.
            </p>
          </li>
          <li className="rounded-2xl bg-white p-6 shadow-sm">
            <h3 className="text-xl font-semibold">Quarterly</h3>
            <p className="mt-2 text-muted">A kit every three months: to keep an eye on numbers that are where you want them.</p>
          </li>
        </ul>
      </section>

      <section aria-labelledby="app" className="bg-white">
        <div className="mx-auto max-w-6xl px-4 py-14">
          <h2 id="app" className="text-3xl font-bold">
            In the app
          </h2>
          <ul className="mt-6 grid gap-4 md:grid-cols-2 lg:grid-cols-5">
            {appFeatures.map((feature) => (
              <li key={feature.slug}>
                <Link to={`/app/${feature.slug}`} className="block h-full rounded-xl bg-sand p-4 hover:ring-2 hover:ring-brand">
                  <h3 className="font-semibold">{feature.title}</h3>
                  <p className="mt-1 text-sm text-muted">{feature.summary}</p>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <TestimonialCards testimonials={testimonialsForArea(area)} />
      <PlanCards quizPath={quizPathOf(area)} />
      <FaqSection entries={page.faqs} />
    </>
  );
}
