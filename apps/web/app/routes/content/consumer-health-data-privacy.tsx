import { CONSUMER_HEALTH_DATA_PATH, consumerHealthDataPolicy, LEGAL_LAST_UPDATED } from '@shop/core';
import { TextSections } from '../../components/content/text-sections';
import { pageMeta } from '../../lib/seo';
import type { Route } from './+types/consumer-health-data-privacy';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: consumerHealthDataPolicy.headline,
    description: consumerHealthDataPolicy.intro,
    path: CONSUMER_HEALTH_DATA_PATH,
  });

/** The consumer health data privacy policy that Washington's and Nevada's laws ask for, in core's words. */
export default function ConsumerHealthDataPrivacy() {
  return (
    <article className="mx-auto max-w-3xl px-4 py-14">
      <h1 className="text-4xl font-extrabold">{consumerHealthDataPolicy.headline}</h1>
      <p className="mt-2 text-sm text-muted">
        Last updated <time dateTime={LEGAL_LAST_UPDATED}>{LEGAL_LAST_UPDATED}</time>
      </p>
      <p className="mt-6">{consumerHealthDataPolicy.intro}</p>
      <TextSections sections={consumerHealthDataPolicy.sections} />
    </article>
  );
}
