import { faqSets, offerPages } from '@shop/core';
import { OfferPageView } from '../../components/content/offer-page';
import { pageMeta } from '../../lib/seo';
import type { Route } from './+types/nutritional-plan';

const page = offerPages.nutritionalPlan;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ matches, title: page.title, description: page.description, path: '/nutritional-plan' });

export default function NutritionalPlan() {
  return <OfferPageView page={page} productCode="nutritional-plan" faqs={faqSets['nutritional-plan']} />;
}
