import { redirect } from 'react-router';
import { isApiError } from '@shop/client/errors';
import { PrintButton } from '../../components/partners/print-button';
import { serverApi } from '../../lib/api';
import { isUnauthenticated } from '../../lib/errors';
import { pageMeta } from '../../lib/seo';
import type { Route } from './+types/business-portal-poster';

/** The poster of the admin's group: its launch kit, printed. A visitor signs in first; another account is told it has no portal. */
export async function loader({ request, context }: Route.LoaderArgs) {
  try {
    return { kit: await serverApi(request, context).businessLaunchKit(), refused: null };
  } catch (error) {
    const url = new URL(request.url);
    if (isUnauthenticated(error)) throw redirect(`/sign-in?next=${encodeURIComponent(url.pathname)}`);
    if (isApiError(error) && error.status === 403) return { kit: null, refused: error.message };
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: 'Poster for your employees',
    description: 'A printable poster of your employees’ health benefit.',
    path: '/business/portal/poster',
    noIndex: true,
  });

/**
 * A poster to print and put up: the group's offer, its goals, how to prove eligibility and the link
 * in large type. The site's header and footer are not printed; nothing on it names an employee.
 */
export default function BusinessPortalPoster({ loaderData }: Route.ComponentProps) {
  const { kit, refused } = loaderData;
  if (!kit) {
    return (
      <section className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="text-3xl font-bold">Employer portal</h1>
        <p className="mt-3 text-muted">{refused} The portal is for the employer admins invited to it.</p>
      </section>
    );
  }
  return (
    <section className="mx-auto max-w-3xl px-4 py-10 print:max-w-none print:p-0">
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <a href="/business/portal" className="font-semibold text-brand-dark underline">
          Back to the portal
        </a>
        <PrintButton />
      </div>
      <article className="mt-6 rounded-2xl border-4 border-brand bg-white p-8 text-center print:mt-0 print:rounded-none print:border-8">
        <p className="text-sm font-bold uppercase tracking-wide text-brand-dark">A health benefit from {kit.groupName}</p>
        <h1 className="mt-4 text-4xl font-extrabold leading-tight sm:text-5xl">
          {kit.fullyCovered ? 'Your lab test is on us' : 'Your employer pays toward your lab test'}
        </h1>
        <p className="mt-4 text-xl">{kit.cover}, once this plan year, at home or at a partner lab.</p>
        <h2 className="mt-8 text-2xl font-bold">Choose your goal</h2>
        <ul className="mt-3 space-y-1 text-lg">
          {kit.goals.map((goal) => (
            <li key={goal.title}>
              <strong>{goal.title}</strong>: {goal.starterTest}
            </li>
          ))}
        </ul>
        <p className="mt-8 text-lg">{kit.eligibilityInstructions}</p>
        <p className="mt-8 text-lg font-semibold">Start at</p>
        <p className="mt-2 break-all font-mono text-2xl font-bold sm:text-3xl">{kit.link}</p>
        <p className="mt-8 text-muted">
          Your results are yours alone: {kit.groupName} only ever sees how many people took part, never who or what they found.
        </p>
      </article>
    </section>
  );
}
