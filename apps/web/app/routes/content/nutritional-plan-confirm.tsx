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
  `A nutritionist reviews your lab report within ${NUTRITIONAL_PLAN_REVIEW_HOURS} hours of your upload.`,
  'We e-mail you as soon as your plan is ready: what your results say, the foods to eat more and less of, meal ideas and a shopping list.',
  'Read it in your account, where you can also add another page of your report until then, and download it as a PDF.',
];

export default function NutritionalPlanConfirm() {
  return (
    <section className="mx-auto max-w-2xl px-4 py-16">
      <h1 className="text-4xl font-extrabold">Thank you: your lab report is with our nutritionists</h1>
      <h2 className="mt-8 text-2xl font-bold">What happens next</h2>
      <ol className="mt-4 list-decimal space-y-3 pl-6 text-lg text-muted">
        {next.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <div className="mt-10 flex flex-wrap gap-3">
        <CtaLink to="/account/nutritional-plan">See your nutritional plan</CtaLink>
        <CtaLink to="/" variant="secondary">
          Go to homepage
        </CtaLink>
      </div>
    </section>
  );
}
