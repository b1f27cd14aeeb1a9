import { faqSets, offerPages } from '@shop/core';
import { OfferPageView } from '../../components/content/offer-page';
import { PhoneArt } from '../../components/content/page-art';
import { pageMeta } from '../../lib/seo';
import type { Route } from './+types/base-daily';

const page = offerPages.baseDaily;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ matches, title: page.title, description: page.description, path: '/base-daily' });

export default function BaseDaily() {
  return (
    <OfferPageView
      page={page}
      productCode="base-daily"
      faqs={faqSets['base-daily']}
      priceSuffix="per month · cancel any time in your account"
      art={<PhoneArt className="mx-auto h-64 w-auto" />}
    />
  );
}
