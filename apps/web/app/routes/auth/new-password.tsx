import { Link } from 'react-router';
import { passwordMessages } from '@shop/core';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Field } from '../../components/field';
import { useActionForm, type FormAnswer } from '../../lib/form-answer';
import { newPasswordAction } from './new-password.server';
import type { Route } from './+types/new-password';

export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get('token') ?? '' };
}

/** The form is sent here, with or without the page's script; the token comes with the page's address. */
export function action(args: Route.ActionArgs) {
  return newPasswordAction(args);
}

// The link's token never goes to another site; within the shop the referrer is kept, because with
// none Chromium sends `Origin: null` on the form's post and the action refuses it as cross-site.
export const meta = () => [{ title: 'Choose a new password | Base' }, { name: 'referrer', content: 'same-origin' }];

export default function NewPassword() {
  const { fetcher, formRef, answer, errors, pending } = useActionForm<FormAnswer>();

  if (answer?.ok || errors.token) {
    const done = answer?.ok === true;
    return (
      <section className="mx-auto max-w-md px-4 py-16">
        <h1 className="text-3xl font-extrabold">{done ? 'Password changed' : 'This link has expired'}</h1>
        <div className="mt-6">
          <Alert tone={done ? 'info' : 'error'}>{done ? answer.message : (errors.token ?? passwordMessages.expired)}</Alert>
        </div>
        <Link
          to={done ? '/sign-in' : '/reset-password'}
          className="mt-8 inline-block rounded-full bg-brand px-6 py-3 font-semibold text-white hover:bg-brand-dark"
        >
          {done ? 'Sign in' : 'Reset my password again'}
        </Link>
      </section>
    );
  }

  return (
    <section className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-3xl font-extrabold">Choose a new password</h1>
      <fetcher.Form
        ref={formRef}
        method="post"
        noValidate
        className="mt-8 space-y-5 rounded-2xl bg-white p-6 shadow-sm"
        aria-label="Set a new password"
      >
        <Field
          label="New password"
          name="password"
          type="password"
          autoComplete="new-password"
          error={errors.password}
          hint={passwordMessages.rule}
        />
        <Field label="Repeat password" name="confirmPassword" type="password" autoComplete="new-password" error={errors.confirmPassword} />
        {answer && !answer.ok && answer.message ? <Alert tone="error">{answer.message}</Alert> : null}
        <Button type="submit" className="w-full" pending={pending} pendingLabel="Saving…">
          Save my new password
        </Button>
      </fetcher.Form>
    </section>
  );
}
