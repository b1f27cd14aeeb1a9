import { Link } from 'react-router';
import { getProduct, marketplaceCopy } from '@shop/core';
import { CtaLink } from '../../components/content/cta-link';
import { PhoneArt } from '../../components/content/page-art';
import { PageHero } from '../../components/content/page-hero';
import { Points } from '../../components/content/points';
import { Price } from '../../components/content/price';
import { pageMeta } from '../../lib/seo';
import type { Route } from './+types/marketplace';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ matches, title: marketplaceCopy.title, description: marketplaceCopy.description, path: '/marketplace' });

export default function Marketplace() {
  return (
    <>
      <PageHero title={marketplaceCopy.headline} intro={marketplaceCopy.intro} art={<PhoneArt className="mx-auto h-64 w-auto" />}>
        <div className="flex flex-wrap items-center gap-5">
          <Price cents={getProduct('base-daily').priceCents} suffix="per month with Base Daily" className="text-2xl" />
          <CtaLink to="/base-daily">See Base Daily</CtaLink>
        </div>
        <p className="mt-4 text-sm">
          Already a member?{' '}
          <Link to="/account/daily/marketplace" className="font-semibold text-brand underline">
            Open your marketplace
          </Link>
        </p>
      </PageHero>
      <Points points={marketplaceCopy.points} heading="How it works" id="how" />
    </>
  );
}
