import { healthDataText } from '@shop/core';
import { Link } from 'react-router';
import { PageHero } from '../../components/content/page-hero';
import { Points } from '../../components/content/points';
import { ShieldArt } from '../../components/trust/trust-art';
import { pageMeta } from '../../lib/seo';
import type { Route } from './+types/health-data';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ matches, title: healthDataText.headline, description: healthDataText.intro, path: '/health-data' });

/** What the shop does with health data: encryption, who reads it, the audit log, no advertisers, minors. */
export default function HealthData() {
  return (
    <>
      <PageHero title={healthDataText.headline} intro={healthDataText.intro} art={<ShieldArt className="h-auto w-full" />} />
      <Points points={healthDataText.points} heading="What we do" id="protections" />
      <section aria-labelledby="more" className="mx-auto max-w-6xl px-4 pb-14">
        <h2 id="more" className="text-2xl font-bold">
          More
        </h2>
        <p className="mt-3 max-w-3xl text-muted">
          The{' '}
          <Link to="/privacy-policy" className="font-semibold text-brand-dark underline">
            privacy policy
          </Link>{' '}
          sets out your rights over your data, and{' '}
          <Link to="/how-testing-works" className="font-semibold text-brand-dark underline">
            how testing works
          </Link>{' '}
          who handles your sample and your results.
        </p>
      </section>
    </>
  );
}
