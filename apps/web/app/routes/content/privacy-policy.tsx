import { CONSUMER_HEALTH_DATA_PATH, LEGAL_LAST_UPDATED, privacySections } from '@shop/core';
import { Link } from 'react-router';
import { TextSections } from '../../components/content/text-sections';
import { pageMeta } from '../../lib/seo';
import type { Route } from './+types/privacy-policy';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: 'Privacy policy',
    description: 'What personal and health data Base collects, why, who sees it and your choices.',
    path: '/privacy-policy',
  });

export default function LegalPage() {
  return (
    <article className="mx-auto max-w-3xl px-4 py-14">
      <h1 className="text-4xl font-extrabold">Privacy policy</h1>
      <p className="mt-2 text-sm text-muted">
        Last updated <time dateTime={LEGAL_LAST_UPDATED}>{LEGAL_LAST_UPDATED}</time>
      </p>
      <TextSections sections={privacySections} />
      <h2 className="mt-8 text-xl font-bold">Your health data</h2>
      <p className="mt-2">
        Our{' '}
        <Link to={CONSUMER_HEALTH_DATA_PATH} className="font-semibold text-brand underline">
          consumer health data privacy policy
        </Link>{' '}
        says what health data we collect, why, whom we share it with and how you use your rights over it.
      </p>
    </article>
  );
}
