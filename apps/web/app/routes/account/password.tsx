import { Link, redirect } from 'react-router';
import { passwordMessages } from '@shop/core';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Field } from '../../components/field';
import { serverApi } from '../../lib/api';
import { useActionForm, type FormAnswer } from '../../lib/form-answer';
import { changePasswordAction } from './password.server';
import type { Route } from './+types/password';

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await serverApi(request, context)
    .session()
    .catch(() => null);
  if (!session?.user) throw redirect('/sign-in?next=/account/password');
  return null;
}

/** The form is sent here, with or without the page's script. */
export function action(args: Route.ActionArgs) {
  return changePasswordAction(args);
}

export const meta = () => [{ title: 'Change your password | Base' }];

export default function AccountPassword() {
  // sent by script, the accepted form is emptied; sent without, the page comes back with empty fields
  const { fetcher, formRef, answer, errors, pending } = useActionForm<FormAnswer>(undefined, (_answer, form) => form.reset());

  return (
    <section className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-3xl font-extrabold">Change your password</h1>
      <p className="mt-2 text-muted">You stay signed in here; every other device is signed out.</p>
      <fetcher.Form
        ref={formRef}
        method="post"
        noValidate
        className="mt-8 space-y-5 rounded-2xl bg-white p-6 shadow-sm"
        aria-label="Change password"
      >
        <Field
          label="Current password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          error={errors.currentPassword}
        />
        <Field
          label="New password"
          name="password"
          type="password"
          autoComplete="new-password"
          error={errors.password}
          hint={passwordMessages.rule}
        />
        <Field label="Repeat password" name="confirmPassword" type="password" autoComplete="new-password" error={errors.confirmPassword} />
        {answer?.message ? <Alert tone={answer.ok ? 'info' : 'error'}>{answer.message}</Alert> : null}
        <Button type="submit" className="w-full" pending={pending} pendingLabel="Saving…">
          Change password
        </Button>
        <Link to="/account" className="block text-center font-semibold text-brand underline">
          Back to my account
        </Link>
      </fetcher.Form>
    </section>
  );
}
