import { NUTRITIONAL_PLAN_REVIEW_HOURS } from '@shop/core';
import { CtaLink } from '../../components/content/cta-link';
import { pageMeta } from '../../lib/seo';
import type { Route } from './+types/nutritional-plan-confirm';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: 'Your nutritional plan is on its way',
    description: 'What happens next with your nutritional plan.',
    path: '/nutritional-plan-confirm',
    noIndex: true,
  });

const next = [
  'Download the Base app and sign in with the e-mail of your order.',
  'Upload your lab report there, as a PDF or a clear photo.',
  `A nutritionist reviews it within ${NUTRITIONAL_PLAN_REVIEW_HOURS} hours, and your plan appears in the app.`,
];

export default function NutritionalPlanConfirm() {
  return (
    <section className="mx-auto max-w-2xl px-4 py-16">
      <h1 className="text-4xl font-extrabold">Thank you: your nutritional plan is on its way</h1>
      <h2 className="mt-8 text-2xl font-bold">What happens next</h2>
      <ol className="mt-4 list-decimal space-y-3 pl-6 text-lg text-muted">
        {next.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <div className="mt-10 flex flex-wrap gap-3">
        <CtaLink to="/app/recommendations">What the app does</CtaLink>
        <CtaLink to="/" variant="secondary">
          Go to homepage
        </CtaLink>
      </div>
    </section>
  );
}
