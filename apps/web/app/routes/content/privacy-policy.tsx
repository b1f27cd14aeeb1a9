import { LEGAL_LAST_UPDATED, privacySections } from '@shop/core';
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
    </article>
  );
}
