import { faqSets, offerPages } from '@shop/core';
import { Link } from 'react-router';
import { OfferPageView } from '../../components/content/offer-page';
import { pageMeta } from '../../lib/seo';
import type { Route } from './+types/food-allergy';

const page = offerPages.foodAllergy;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ matches, title: page.title, description: page.description, path: '/food-allergy' });

export default function FoodAllergy() {
  return (
    <OfferPageView page={page} productCode="food-allergy" faqs={faqSets['food-allergy']}>
      <section aria-labelledby="safety" className="mx-auto max-w-3xl px-4 py-6">
        <h2 id="safety" className="text-2xl font-bold">
          Allergy or sensitivity?
        </h2>
        <p className="mt-3 text-muted">
          This test looks for IgE, behind fast reactions such as hives and swelling. For slower symptoms such as bloating, the{' '}
          <Link to="/food-sensitivity" className="text-brand-dark underline">
            food sensitivity test
          </Link>{' '}
          (IgG) guides an elimination diet. If you have ever had trouble breathing or swelling of the lips or throat after eating, see a
          doctor; no home test replaces that.
        </p>
      </section>
    </OfferPageView>
  );
}
