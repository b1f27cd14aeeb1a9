import { data, Form, redirect, useActionData, useNavigation } from 'react-router';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { serverApi } from '../../lib/api';
import { actionApi, formText, refusedBy } from '../../lib/form.server';
import type { FormRefusal } from '../../lib/form-answer';
import { pageMeta } from '../../lib/seo';
import type { Route } from './+types/business-portal-accept';

/** The invitation's link: a visitor signs in (or signs up) as the invited address first, then accepts. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const session = await serverApi(request, context)
    .session()
    .catch(() => null);
  if (!session?.user) throw redirect(`/sign-in?next=${encodeURIComponent(url.pathname + url.search)}`);
  return { email: session.user.email, token: url.searchParams.get('token') ?? '' };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const { api, cookies } = actionApi(request, context);
  try {
    await api.acceptEmployerInvitation(formText(form, 'token'));
  } catch (error) {
    return data<FormRefusal>(refusedBy(error, 'The invitation could not be accepted. Please try again.', form), {
      status: 400,
      headers: cookies,
    });
  }
  return redirect('/business/portal', { headers: cookies });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    matches,
    title: 'Accept your invitation',
    description: 'Join your employer’s portal.',
    path: '/business/portal/accept',
    noIndex: true,
  });

export default function AcceptInvitation({ loaderData }: Route.ComponentProps) {
  const refusal = useActionData<FormRefusal>();
  const pending = useNavigation().state !== 'idle';
  return (
    <section className="mx-auto max-w-xl px-4 py-16">
      <h1 className="text-3xl font-extrabold">Join your employer portal</h1>
      <p className="mt-3 text-muted [overflow-wrap:anywhere]">
        You are signed in as {loaderData.email}. The invitation works for the address it was sent to, once.
      </p>
      <Form method="post" className="mt-6">
        <input type="hidden" name="token" value={loaderData.token} />
        <div aria-live="polite">{refusal?.message ? <Alert tone="error">{refusal.message}</Alert> : null}</div>
        <Button type="submit" className="mt-4" pending={pending} pendingLabel="Accepting…">
          Accept the invitation
        </Button>
      </Form>
    </section>
  );
}
