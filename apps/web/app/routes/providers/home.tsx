import { Link } from 'react-router';
import type { Point } from '@shop/core';
import { PageHero } from '../../components/content/page-hero';
import { Points } from '../../components/content/points';
import { ProvidersContactForm } from '../../components/forms/providers-contact-form';
import { DashboardArt } from '../../components/partners/art';
import { pageMeta } from '../../lib/seo';
import { leadAction } from '../../lib/lead-action.server';
import type { Route } from './+types/home';

/** The page's lead form is sent here, with or without the page's script. */
export function action(args: Route.ActionArgs) {
  return leadAction(args);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: 'Free lab ordering dashboard for providers',
    description:
      'Order at-home and partner-lab tests for your clients from a free dashboard. No licence needed. Client pay, provider pay or a custom fee.',
    path: '/providers/home',
  });

const features: Point[] = [
  { title: 'Free, for good', text: 'No subscription and no setup fee. You pay only for tests you choose to pay for.' },
  {
    title: 'No licence needed',
    text: 'Our clinicians review and approve every order, so coaches, dietitians and trainers can order labs too.',
  },
  { title: 'Your whole team', text: 'Invite admins to run the practice and staff to order tests and follow clients.' },
];

const payments = [
  { title: 'Client pay', text: 'Your client gets a secure link and pays the test price. HSA/FSA cards accepted.' },
  { title: 'Provider pay', text: 'You pay from the dashboard; your client pays nothing.' },
  { title: 'Custom fee', text: 'Your client pays the test price plus the fee you set for your time.' },
];

export default function ProvidersHome() {
  return (
    <>
      <PageHero
        eyebrow="For providers and clinics"
        title="Order labs for your clients from one free dashboard"
        intro="At-home finger-prick and saliva kits or partner-lab draws, results in one place, and a nutrition plan that follows them. No licence needed."
        art={<DashboardArt className="w-full" />}
      >
        <div className="flex flex-wrap gap-3">
          <Link to="/providers/sign-up" className="btn btn-primary">
            Sign up free — no licence needed
          </Link>
          <Link to="/providers/test-catalog" className="btn btn-secondary">
            See the test catalog
          </Link>
        </div>
      </PageHero>
      <Points heading="Why providers use Base" id="why" points={features} />
      <section aria-labelledby="pay" className="mx-auto max-w-6xl px-4 py-14">
        <h2 id="pay" className="text-3xl font-bold">
          You choose who pays, order by order
        </h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {payments.map((option) => (
            <li key={option.title} className="rounded-2xl border-2 border-brand/20 bg-white p-6">
              <h3 className="text-xl font-semibold">{option.title}</h3>
              <p className="mt-2 text-muted">{option.text}</p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="get-started" className="bg-white/60">
        <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 lg:grid-cols-2">
          <div>
            <h2 id="get-started" className="text-3xl font-bold">
              Get your free dashboard
            </h2>
            <p className="mt-4 text-muted">
              Set up your clinic and its first admin in one form, then invite your team and add your clients.
            </p>
            <Link to="/providers/sign-up" className="btn btn-primary mt-6">
              Sign up free — no licence needed
            </Link>
            <p className="mt-6 text-muted">Questions first? Leave your name and e-mail and we answer them.</p>
            <p className="mt-4 text-muted">
              Prefer to look first?{' '}
              <Link to="/providers/videos-and-faqs" className="font-semibold text-brand underline">
                Watch the how-to videos and read the FAQ
              </Link>
              .
            </p>
          </div>
          <ProvidersContactForm />
        </div>
      </section>
    </>
  );
}
