import { kits, type BiomarkerSlug } from '@shop/core';
import { redirect } from 'react-router';
import { ResultsEntryForm } from '../../components/lab-results/results-entry-form';
import { StaffOnly } from '../../components/staff-only';
import { serverApi } from '../../lib/api';
import { notFoundWhen, pageNotFound } from '../../lib/errors';
import { resultsAction } from './order-results.server';
import type { Route } from './+types/order-results';

/** The roles that enter results; the API checks them again on every posting. */
const entryRoles = new Set(['clinician', 'operator']);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const kit = kits.find((candidate) => candidate.slug === params.kitSlug) ?? pageNotFound();
  const session = await serverApi(request, context).session();
  if (!session) throw redirect(`/sign-in?next=${encodeURIComponent(new URL(request.url).pathname)}`);
  if (!entryRoles.has(session.user.role)) return { forbidden: true as const };
  const order = await serverApi(request, context).adminOrder(params.id).catch(notFoundWhen);
  // the form asks for what the order bought in this kit, and nothing else: the API takes no other
  const orderKit = order.kits.find((candidate) => candidate.kitSlug === kit.slug) ?? pageNotFound();
  return {
    forbidden: false as const,
    orderId: order.id,
    orderNumber: order.number,
    kitName: kit.name,
    biomarkers: orderKit.biomarkers as BiomarkerSlug[],
  };
}

/** The results are sent here, with or without the page's script. */
export function action(args: Route.ActionArgs) {
  return resultsAction(args);
}

export const meta = () => [{ title: 'Enter results | Base console' }];

export default function AdminOrderResults({ loaderData }: Route.ComponentProps) {
  if (loaderData.forbidden) return <StaffOnly />;
  return (
    <section className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-extrabold">Enter results: {loaderData.kitName}</h1>
      <p className="mt-2 text-muted">
        Order #{loaderData.orderNumber}. Enter a value for every biomarker the order bought in this kit: the kit takes its results once, all
        of them together, after its sample was received.
      </p>
      <ResultsEntryForm biomarkers={loaderData.biomarkers} />
    </section>
  );
}
