import { appFeatures, findAppFeature } from '@shop/core';
import { Link } from 'react-router';
import { PhoneArt } from '../../components/content/page-art';
import { PageHero } from '../../components/content/page-hero';
import { pageNotFound } from '../../lib/errors';
import { pageMeta } from '../../lib/seo';
import type { Route } from './+types/app-feature';

// A fixed list of features: anything else is the 404 page. Without a feature the page
// introduces the app as a whole.
export function loader({ params }: Route.LoaderArgs) {
  if (params.feature === undefined) return { slug: null };
  const feature = findAppFeature(params.feature);
  if (!feature) pageNotFound();
  return { slug: feature.slug };
}

const appIntro = {
  title: 'The Base app',
  summary:
    'Your results, your plan and your progress, on your phone: Base runs in its browser, and keeps a place on your home screen like any app.',
  body: ['Everything after your order happens in your account: your medical profile, your results, your plan and your retests.'],
  web: { label: 'Open your account', path: '/account' },
};

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return [];
  const feature = loaderData.slug ? findAppFeature(loaderData.slug) : undefined;
  return pageMeta({
    matches,
    title: feature ? `${feature.title} in the app` : appIntro.title,
    description: feature?.summary ?? appIntro.summary,
    path: loaderData.slug ? `/app/${loaderData.slug}` : '/app',
  });
};

export default function AppFeatureRoute({ loaderData }: Route.ComponentProps) {
  const feature = (loaderData.slug ? findAppFeature(loaderData.slug) : undefined) ?? appIntro;
  return (
    <>
      <PageHero eyebrow="In the app" title={feature.title} intro={feature.summary} art={<PhoneArt className="mx-auto h-64 w-auto" />}>
        <p className="font-semibold">
          To install it, open your account on your phone and sign in with the e-mail of your order, then choose “Add to Home Screen” (in
          Safari’s Share menu, or in Chrome’s menu).
        </p>
        <p className="mt-3">
          <Link to={feature.web.path} className="font-semibold text-brand underline">
            {feature.web.label}
          </Link>
        </p>
      </PageHero>
      <section aria-labelledby="about-feature" className="mx-auto max-w-3xl px-4 py-14">
        <h2 id="about-feature" className="text-3xl font-bold">
          How it works
        </h2>
        {feature.body.map((paragraph) => (
          <p key={paragraph} className="mt-4 text-lg text-muted">
            {paragraph}
          </p>
        ))}
      </section>
      <nav aria-labelledby="more-features" className="mx-auto max-w-6xl px-4 pb-14">
        <h2 id="more-features" className="text-2xl font-bold">
          More in the app
        </h2>
        <ul className="mt-4 grid gap-4 md:grid-cols-2 lg:grid-cols-5">
          {appFeatures
            .filter((other) => other.slug !== loaderData.slug)
            .map((other) => (
              <li key={other.slug}>
                <Link to={`/app/${other.slug}`} className="block h-full rounded-xl bg-white p-4 shadow-sm hover:ring-2 hover:ring-brand">
                  <h3 className="font-semibold">{other.title}</h3>
                  <p className="mt-1 text-sm text-muted">{other.summary}</p>
                </Link>
              </li>
            ))}
        </ul>
      </nav>
    </>
  );
}
