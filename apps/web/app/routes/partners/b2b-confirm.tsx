import { data, Form, Link, redirect, useActionData, useNavigation } from 'react-router';
import { b2bGoalNames, type B2bGoalName } from '@shop/core';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { serverApi } from '../../lib/api';
import { notFoundWhen, pageNotFound } from '../../lib/errors';
import type { FormRefusal } from '../../lib/form-answer';
import { actionApi, formText, refusedBy } from '../../lib/form.server';
import { pageMeta } from '../../lib/seo';
import type { Route } from './+types/b2b-confirm';

/**
 * The page of the link e-mailed to a work address. It confirms nothing by being opened (a mail
 * scanner opens links too): the employee, signed in as the account that asked for the link,
 * confirms with one button, with or without the page's script.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (!(b2bGoalNames as readonly string[]).includes(params.goal)) pageNotFound();
  const url = new URL(request.url);
  const api = serverApi(request, context);
  const [group, session] = await Promise.all([api.employerGroup(params.b2b).catch(notFoundWhen), api.session().catch(() => null)]);
  if (!session?.user) throw redirect(`/sign-in?next=${encodeURIComponent(url.pathname + url.search)}`);
  return { group: { name: group.name, slug: group.slug }, email: session.user.email, token: url.searchParams.get('token') ?? '' };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const goal = params.goal as B2bGoalName;
  if (!(b2bGoalNames as readonly string[]).includes(goal)) pageNotFound();
  const form = await request.formData();
  const { api, cookies } = actionApi(request, context);
  try {
    await api.proveEmployerEligibility(params.b2b, { goal, proof: { method: 'domain', token: formText(form, 'token') } });
  } catch (error) {
    return data<FormRefusal>(refusedBy(error, 'Your cover could not be confirmed. Please try again.', form), {
      status: 400,
      headers: cookies,
    });
  }
  return redirect(`/checkout-payment-b2b?group=${encodeURIComponent(params.b2b)}&goal=${encodeURIComponent(goal)}`, { headers: cookies });
}

export const meta: Route.MetaFunction = ({ matches, loaderData: loaded, params }) =>
  pageMeta({
    matches,
    title: loaded ? `${loaded.group.name}: confirm your work e-mail` : 'Confirm your work e-mail',
    description: 'Confirm the cover your employer gives you.',
    path: `/b2b/${params.b2b}/${params.goal}/confirm`,
    noIndex: true,
  });

export default function ConfirmWorkEmail({ loaderData, params }: Route.ComponentProps) {
  const refusal = useActionData<FormRefusal>();
  const pending = useNavigation().state !== 'idle';
  const { group, email, token } = loaderData;
  return (
    <section className="mx-auto max-w-xl px-4 py-16">
      <p className="text-sm font-bold uppercase tracking-wide text-brand-dark">{group.name}</p>
      <h1 className="mt-2 text-3xl font-extrabold">Confirm your work e-mail</h1>
      <p className="mt-3 text-muted [overflow-wrap:anywhere]">
        You are signed in as {email}. Confirming gives this account your employer’s cover for this plan year. The link works once.
      </p>
      <Form method="post" className="mt-6" aria-label="Confirm your work e-mail">
        <input type="hidden" name="token" value={token} />
        <div aria-live="polite">{refusal?.message ? <Alert tone="error">{refusal.message}</Alert> : null}</div>
        <Button type="submit" className="mt-4" pending={pending} pendingLabel="Confirming…">
          Confirm and continue to your covered test
        </Button>
      </Form>
      <p className="mt-6 text-sm">
        <Link to={`/b2b/${group.slug}/${params.goal}`} className="font-semibold text-brand underline">
          Ask for a new link
        </Link>
      </p>
    </section>
  );
}
