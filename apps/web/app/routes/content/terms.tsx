import { LEGAL_LAST_UPDATED, termsSections } from '@shop/core';
import { TextSections } from '../../components/content/text-sections';
import { pageMeta } from '../../lib/seo';
import type { Route } from './+types/terms';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: 'Terms of service',
    description: 'The terms for buying and using Base tests, plans and subscriptions.',
    path: '/terms',
  });

export default function LegalPage() {
  return (
    <article className="mx-auto max-w-3xl px-4 py-14">
      <h1 className="text-4xl font-extrabold">Terms of service</h1>
      <p className="mt-2 text-sm text-muted">
        Last updated <time dateTime={LEGAL_LAST_UPDATED}>{LEGAL_LAST_UPDATED}</time>
      </p>
      <TextSections sections={termsSections} />
    </article>
  );
}
