import { useState, type FormEvent } from 'react';
import { Link, redirect } from 'react-router';
import { changePasswordSchema, passwordMessages } from '@shop/core';
import { isApiError } from '@shop/client/errors';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Field } from '../../components/field';
import { browserApi, serverApi } from '../../lib/api';
import { messageOf } from '../../lib/errors';
import { fieldErrors } from '../../lib/field-errors';
import type { Route } from './+types/password';

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await serverApi(request, context)
    .session()
    .catch(() => null);
  if (!session?.user) throw redirect('/sign-in?next=/account/password');
  return null;
}

export const meta = () => [{ title: 'Change your password | Base' }];

export default function AccountPassword() {
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [outcome, setOutcome] = useState<{ tone: 'info' | 'error'; text: string }>();
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setOutcome(undefined);
    const form = event.currentTarget;
    const parsed = changePasswordSchema.safeParse(Object.fromEntries(new FormData(form)));
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    setPending(true);
    try {
      const { message } = await browserApi().changePassword(parsed.data);
      form.reset();
      setOutcome({ tone: 'info', text: message });
    } catch (failure) {
      if (isApiError(failure) && failure.code === 'CURRENT_PASSWORD_WRONG') setErrors({ currentPassword: failure.message });
      else if (isApiError(failure) && failure.code === 'PASSWORD_NOT_VALID') setErrors({ password: failure.message });
      else setOutcome({ tone: 'error', text: messageOf(failure, passwordMessages.fallback) });
    } finally {
      setPending(false);
    }
  }

  return (
    <section className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-3xl font-extrabold">Change your password</h1>
      <p className="mt-2 text-muted">You stay signed in here; every other device is signed out.</p>
      <form method="post" noValidate onSubmit={submit} className="mt-8 space-y-5 rounded-2xl bg-white p-6 shadow-sm" aria-label="Change password">
        <Field label="Current password" name="currentPassword" type="password" autoComplete="current-password" error={errors.currentPassword} />
        <Field label="New password" name="password" type="password" autoComplete="new-password" error={errors.password} hint={passwordMessages.rule} />
        <Field label="Repeat password" name="confirmPassword" type="password" autoComplete="new-password" error={errors.confirmPassword} />
        {outcome ? <Alert tone={outcome.tone}>{outcome.text}</Alert> : null}
        <Button type="submit" className="w-full" pending={pending} pendingLabel="Saving…">
          Change password
        </Button>
        <Link to="/account" className="block text-center font-semibold text-brand underline">
          Back to my account
        </Link>
      </form>
    </section>
  );
}
