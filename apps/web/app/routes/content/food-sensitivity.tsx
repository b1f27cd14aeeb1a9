import { faqSets, FOOD_SENSITIVITY_CLASSES, offerPages } from '@shop/core';
import { Link } from 'react-router';
import { OfferPageView } from '../../components/content/offer-page';
import { pageMeta } from '../../lib/seo';
import type { Route } from './+types/food-sensitivity';

const page = offerPages.foodSensitivity;

const classMeaning = ['No IgG reaction measured', 'Low reaction', 'Moderate reaction', 'High reaction'];

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ matches, title: page.title, description: page.description, path: '/food-sensitivity' });

export default function FoodSensitivity() {
  return (
    <OfferPageView page={page} productCode="food-sensitivity" faqs={faqSets['food-sensitivity']}>
      <section aria-labelledby="classes" className="mx-auto max-w-3xl px-4 py-6">
        <h2 id="classes" className="text-2xl font-bold">
          Reading your classes
        </h2>
        <table className="mt-4 w-full rounded-2xl bg-white text-left shadow-sm">
          <thead>
            <tr className="border-b border-slate-200">
              <th scope="col" className="p-4">
                Class
              </th>
              <th scope="col" className="p-4">
                Meaning
              </th>
            </tr>
          </thead>
          <tbody>
            {FOOD_SENSITIVITY_CLASSES.map((value) => (
              <tr key={value} className="border-b border-slate-100 last:border-0">
                <td className="p-4 font-semibold">{value}</td>
                <td className="p-4 text-muted">{classMeaning[value]}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="mt-4 text-muted">
          IgG to a food mostly shows that you eat it; it is not an allergy test and cannot diagnose an intolerance. For fast reactions such
          as hives or swelling, see the{' '}
          <Link to="/food-allergy" className="text-brand-dark underline">
            food allergy test
          </Link>{' '}
          and your doctor.
        </p>
      </section>
    </OfferPageView>
  );
}
