import { BASE_DAILY_TEST_DISCOUNT_PERCENT, getProduct, offerPages } from '@shop/core';
import { AddToCart } from '../../components/content/add-to-cart';
import { CtaLink } from '../../components/content/cta-link';
import { PhoneArt } from '../../components/content/page-art';
import { Price } from '../../components/content/price';
import { pageMeta } from '../../lib/seo';
import type { Route } from './+types/digital-subs-upsell';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: 'Add Base Daily to your plan',
    description: offerPages.baseDaily.description,
    path: '/digital-subs-upsell',
    noIndex: true,
  });

export default function DigitalSubsUpsell() {
  const product = getProduct('base-daily');
  return (
    <section className="mx-auto grid max-w-5xl items-center gap-10 px-4 py-16 lg:grid-cols-[3fr_2fr]">
      <div>
        <p className="text-sm font-bold uppercase tracking-wide text-brand-dark">One more thing</p>
        <h1 className="mt-2 text-4xl font-extrabold">Keep your plan going every day</h1>
        <p className="mt-4 text-lg text-muted">
          While you wait for your results, Base Daily gives you meal plans, a food logger and the products marketplace, and takes{' '}
          {BASE_DAILY_TEST_DISCOUNT_PERCENT}% off every test from now on.
        </p>
        <ul className="mt-6 list-disc space-y-1 pl-5 text-muted">
          {offerPages.baseDaily.points.map((point) => (
            <li key={point.title}>{point.title}</li>
          ))}
        </ul>
        <Price cents={product.priceCents} suffix="per month · cancel any time in your account" className="mt-6 text-3xl" />
        <div className="mt-6 flex flex-wrap items-start gap-3">
          <AddToCart productCode="base-daily" label="Add Base Daily" />
          <CtaLink to="/" variant="secondary">
            No thanks
          </CtaLink>
        </div>
      </div>
      <PhoneArt className="mx-auto h-72 w-auto" />
    </section>
  );
}
