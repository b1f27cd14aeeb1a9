import { formatMoney, getProduct, type Point } from '@shop/core';
import { CtaLink } from '../../components/content/cta-link';
import { Points } from '../../components/content/points';
import { serverApi } from '../../lib/api';
import { notFoundWhen } from '../../lib/errors';
import { pageMeta } from '../../lib/seo';
import type { Route } from './+types/affiliate';

// A code that works today is a page, with its affiliate's banner and header; any other is a 404.
// The server saw this request first and kept the code for the visitor (a 30-day cookie).
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const landing = await serverApi(request, context).affiliateLanding(params.affiliate).catch(notFoundWhen);
  return { landing, starterPrice: formatMoney(getProduct('base-quiz').priceCents) };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, params }) =>
  pageMeta({
    matches,
    title: loaderData?.landing.heading ?? 'Welcome',
    description: loaderData?.landing.intro ?? 'At-home lab tests with a plan that follows your results.',
    path: `/affiliate/${encodeURIComponent(params.affiliate)}`,
    noIndex: true,
  });

const steps: Point[] = [
  { title: 'Take the 2-minute quiz', text: 'Tell us your goal and how you feel. We recommend one starter test.' },
  { title: 'Test at home or at a lab', text: 'A finger-prick or saliva kit arrives in 2–5 business days, or visit a partner lab.' },
  { title: 'Follow your plan', text: 'Results 5 business days after the lab receives your sample, then a 2-month program built on them.' },
];

export default function AffiliateLanding({ loaderData }: Route.ComponentProps) {
  const { landing, starterPrice } = loaderData;
  return (
    <>
      <p className="bg-accent px-4 py-3 text-center font-semibold text-white">{landing.banner}</p>
      <p className="bg-brand-soft px-4 pt-4 text-center text-sm text-muted">
        Invited by {landing.affiliate}: {landing.friendDiscountPercent}% off your first order, taken off in your cart.
      </p>
      <section className="bg-brand-soft">
        <div className="mx-auto max-w-4xl px-4 py-14 text-center lg:py-20">
          <h1 className="text-4xl font-extrabold leading-tight lg:text-5xl">{landing.heading}</h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-muted">{landing.intro}</p>
          <div className="mt-8">
            <CtaLink to="/quiz">Take the quiz</CtaLink>
          </div>
          <p className="mt-4 text-sm text-muted">
            Starter tests from {starterPrice} · Free shipping · HSA/FSA accepted · Adults 18+ in the US
          </p>
        </div>
      </section>
      <Points heading="How it works" id="how" points={steps} numbered />
    </>
  );
}
