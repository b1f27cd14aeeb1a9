import { canonicalBiomarkerSlug, faqSets, findBiomarkerPage, getProduct, getTest, notADiagnosis } from '@shop/core';
import { redirect } from 'react-router';
import { CtaLink } from '../../components/content/cta-link';
import { FaqSection } from '../../components/content/faq-section';
import { KitArt } from '../../components/content/illustrations';
import { PageHero } from '../../components/content/page-hero';
import { TestCard } from '../../components/content/test-card';
import { pageNotFound } from '../../lib/errors';
import { JsonLd, pageMeta, productData, siteOrigin } from '../../lib/seo';
import type { Route } from './+types/test';

// Every known slug has one page: a non-canonical one (vitamind, tsh...) is a permanent redirect
// to it, so links and search engines converge on one address; an unknown slug is the 404 page.
export function loader({ params }: Route.LoaderArgs) {
  const slug = params.biomarker;
  if (slug === undefined) throw redirect('/complete-testing-plan', 301);
  const canonical = canonicalBiomarkerSlug(slug);
  if (canonical === undefined) pageNotFound();
  if (canonical !== slug) throw redirect(`/test/${canonical}`, 301);
  return { slug: canonical };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const page = loaderData && findBiomarkerPage(loaderData.slug);
  if (!page) return [];
  return pageMeta({ matches, title: page.title, description: page.measures, path: `/test/${page.slug}` });
};

export default function BiomarkerRoute({ loaderData, matches }: Route.ComponentProps) {
  const page = findBiomarkerPage(loaderData.slug)!;
  const test = getTest(page.testId);
  const starter = getProduct('base-quiz');
  const url = `${siteOrigin(matches)}/test/${page.slug}`;
  return (
    <>
      <PageHero eyebrow="At-home lab test" title={page.title} intro={page.measures} art={<KitArt className="h-auto w-full" />}>
        <CtaLink to="/quiz">Not sure? Take the quiz</CtaLink>
      </PageHero>
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-14 lg:grid-cols-2">
        <div className="space-y-8">
          <section aria-labelledby="measures">
            <h2 id="measures" className="text-2xl font-bold">
              What it measures
            </h2>
            <p className="mt-3 text-muted">{page.measures}</p>
            <ul className="mt-4 space-y-3">
              {test.biomarkers.map((biomarker) => (
                <li key={biomarker.slug} className="rounded-xl bg-white p-4 shadow-sm">
                  <h3 className="font-semibold">{biomarker.title}</h3>
                  <p className="mt-1 text-sm text-muted">{biomarker.description}</p>
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="sample">
            <h2 id="sample" className="text-2xl font-bold">
              Sample type
            </h2>
            <p className="mt-3 text-muted">{page.sampleType}.</p>
          </section>
          <section aria-labelledby="meaning">
            <h2 id="meaning" className="text-2xl font-bold">
              What a result means
            </h2>
            <p className="mt-3 text-muted">{page.resultMeaning}</p>
            <p className="mt-3 text-sm text-muted">{notADiagnosis}</p>
          </section>
        </div>
        <div>
          <TestCard test={test} headingLevel={2} />
        </div>
      </div>
      <FaqSection entries={faqSets['how-it-works']} />
      <JsonLd data={productData({ name: test.title, description: test.description, priceCents: starter.priceCents, url })} />
    </>
  );
}
