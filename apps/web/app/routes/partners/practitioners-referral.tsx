import { formatMoney, REFERRAL_REWARD_CENTS } from '@shop/core';
import { Link } from 'react-router';
import { ProviderReferralForm } from '../../components/forms/provider-referral-form';
import { pageMeta } from '../../lib/seo';
import { leadAction } from '../../lib/lead-action.server';
import { referralLoader } from './practitioners-referral.server';
import type { Route } from './+types/practitioners-referral';

export function loader(args: Route.LoaderArgs) {
  return referralLoader(args);
}

/** The page's lead form is sent here, with or without the page's script. */
export function action(args: Route.ActionArgs) {
  return leadAction(args);
}

const reward = formatMoney(REFERRAL_REWARD_CENTS).replace('.00', '');

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: 'Refer a practitioner',
    description: `Know a doctor, dietitian or coach who should order labs with Base? Refer them and earn ${reward} when they join.`,
    path: '/practitioners-referral',
  });

export default function PractitionersReferral({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto grid max-w-6xl gap-10 px-4 py-14 lg:grid-cols-[2fr_3fr] lg:py-20">
      <div>
        <p className="text-sm font-bold uppercase tracking-wide text-brand-dark">Provider referral</p>
        <h1 className="mt-2 text-4xl font-extrabold leading-tight">Refer a practitioner, earn {reward}</h1>
        <p className="mt-5 text-lg text-muted">
          Know a doctor, dietitian, coach or trainer whose clients would benefit from lab testing? Tell us who they are. We introduce them
          to the free provider dashboard, and when they join you earn {reward}.
        </p>
        <ol className="mt-8 space-y-3 text-muted">
          <li>
            <span className="font-semibold text-ink">1.</span> Send us their name, e-mail and what they do.
          </li>
          <li>
            <span className="font-semibold text-ink">2.</span> We e-mail them once, mentioning you, with what the dashboard offers.
          </li>
          <li>
            <span className="font-semibold text-ink">3.</span> When they join and their clinic's first order is paid, your {reward} is on
            its way once the order's 30-day refund window has passed.
          </li>
        </ol>
        <p className="mt-8 text-sm text-muted">
          Already ordering with Base? Sign in to your provider dashboard before you send the form, and the {reward} is credited to your
          clinic.
        </p>
        <p className="mt-4 text-sm text-muted">
          Curious what they will see?{' '}
          <Link to="/providers/home" className="font-semibold text-brand underline">
            The provider dashboard
          </Link>
        </p>
      </div>
      <div>
        <ProviderReferralForm referrer={loaderData.referrer} />
      </div>
    </section>
  );
}
