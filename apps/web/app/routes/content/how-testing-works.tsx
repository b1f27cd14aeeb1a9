import { testingText } from '@shop/core';
import { Link } from 'react-router';
import { CtaLink } from '../../components/content/cta-link';
import { PageHero } from '../../components/content/page-hero';
import { Points } from '../../components/content/points';
import { LabArt } from '../../components/trust/trust-art';
import { pageMeta } from '../../lib/seo';
import type { Route } from './+types/how-testing-works';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ matches, title: testingText.headline, description: testingText.intro, path: '/how-testing-works' });

/** Who does what between an order and its results: the clinician's review and the partner labs. */
export default function HowTestingWorks() {
  return (
    <>
      <PageHero title={testingText.headline} intro={testingText.intro} art={<LabArt className="h-auto w-full" />}>
        <CtaLink to="/quiz">Take the quiz</CtaLink>
      </PageHero>
      <Points points={testingText.steps} heading="From your order to your results" id="steps" numbered />
      <section aria-labelledby="not-a-diagnosis" className="mx-auto max-w-6xl px-4 pb-14">
        <h2 id="not-a-diagnosis" className="text-2xl font-bold">
          What your results are, and are not
        </h2>
        <p className="mt-3 max-w-3xl text-muted">{testingText.clinicianNote}</p>
        <p className="mt-3 max-w-3xl text-muted">
          How your results and profile are kept is on{' '}
          <Link to="/health-data" className="font-semibold text-brand-dark underline">
            how we protect your health data
          </Link>
          .
        </p>
      </section>
    </>
  );
}
