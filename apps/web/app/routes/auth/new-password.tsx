import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { newPasswordSchema, passwordMessages } from '@shop/core';
import { isApiError } from '@shop/client/errors';
import { Alert } from '../../components/alert';
import { fieldErrors } from '../../lib/field-errors';
import { Button } from '../../components/button';
import { Field } from '../../components/field';
import { browserApi } from '../../lib/api';
import type { Route } from './+types/new-password';

export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get('token') ?? '' };
}

export const meta = () => [{ title: 'Choose a new password | Base' }, { name: 'referrer', content: 'no-referrer' }];

type Outcome = { kind: 'done' | 'expired' | 'error'; text: string };

export default function NewPassword({ loaderData }: Route.ComponentProps) {
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [outcome, setOutcome] = useState<Outcome>();
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = newPasswordSchema.safeParse({
      token: loaderData.token,
      password: form.get('password'),
      confirmPassword: form.get('confirmPassword'),
    });
    if (!parsed.success) {
      const next = fieldErrors(parsed.error.issues);
      if (next.token) return setOutcome({ kind: 'expired', text: passwordMessages.expired });
      return setErrors(next);
    }
    setErrors({});
    setPending(true);
    try {
      const { message } = await browserApi().setNewPassword(parsed.data);
      setOutcome({ kind: 'done', text: message });
    } catch (failure) {
      if (isApiError(failure) && failure.code === 'EXPIRED_PASSWORD_TOKEN') setOutcome({ kind: 'expired', text: failure.message });
      else if (isApiError(failure) && failure.code === 'PASSWORD_NOT_VALID') setErrors({ password: failure.message });
      else setOutcome({ kind: 'error', text: passwordMessages.fallback });
    } finally {
      setPending(false);
    }
  }

  if (outcome?.kind === 'done' || outcome?.kind === 'expired') {
    return (
      <section className="mx-auto max-w-md px-4 py-16">
        <h1 className="text-3xl font-extrabold">{outcome.kind === 'done' ? 'Password changed' : 'This link has expired'}</h1>
        <div className="mt-6">
          <Alert tone={outcome.kind === 'done' ? 'info' : 'error'}>{outcome.text}</Alert>
        </div>
        <Link
          to={outcome.kind === 'done' ? '/sign-in' : '/reset-password'}
          className="mt-8 inline-block rounded-full bg-brand px-6 py-3 font-semibold text-white hover:bg-brand-dark"
        >
          {outcome.kind === 'done' ? 'Sign in' : 'Reset my password again'}
        </Link>
      </section>
    );
  }

  return (
    <section className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-3xl font-extrabold">Choose a new password</h1>
      <form method="post" noValidate onSubmit={submit} className="mt-8 space-y-5 rounded-2xl bg-white p-6 shadow-sm" aria-label="Set a new password">
        <Field label="New password" name="password" type="password" autoComplete="new-password" error={errors.password} hint={passwordMessages.rule} />
        <Field label="Repeat password" name="confirmPassword" type="password" autoComplete="new-password" error={errors.confirmPassword} />
        {outcome?.kind === 'error' ? <Alert tone="error">{outcome.text}</Alert> : null}
        <Button type="submit" className="w-full" pending={pending} pendingLabel="Saving…">
          Save my new password
        </Button>
      </form>
    </section>
  );
}
