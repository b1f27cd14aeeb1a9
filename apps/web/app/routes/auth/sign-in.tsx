import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { checkoutAccountSchema } from '@shop/core';
import { Alert } from '../../components/alert';
import { fieldErrors } from '../../lib/field-errors';
import { Button } from '../../components/button';
import { Field } from '../../components/field';
import { GoogleSignIn } from '../../components/google-sign-in';
import { browserApi, serverApi } from '../../lib/api';
import { messageOf } from '../../lib/errors';
import type { Route } from './+types/sign-in';

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const next = url.searchParams.get('next');
  const { google } = await serverApi(request, context).signInOptions();
  return {
    // only a path on this site: never an open redirect
    next: next && next.startsWith('/') && !next.startsWith('//') ? next : null,
    google,
    googleFailed: url.searchParams.get('signInError') === 'google',
  };
}

export const meta = () => [{ title: 'Sign in | Base' }];

export default function SignIn({ loaderData }: Route.ComponentProps) {
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = checkoutAccountSchema.safeParse({ email: form.get('email'), password: form.get('password') });
    if (!parsed.success) {
      const next = fieldErrors(parsed.error.issues);
      return setErrors(next);
    }
    setErrors({});
    setPending(true);
    try {
      await browserApi().signIn(parsed.data.email, parsed.data.password);
      const session = await browserApi().session();
      const staff = session?.user.role && session.user.role !== 'customer';
      // a full load so the header and every loader see the new session
      window.location.assign(loaderData.next ?? (staff ? '/admin' : '/account'));
    } catch (failure) {
      setErrors({ form: messageOf(failure, 'We could not sign you in. Please try again.') });
      setPending(false);
    }
  }

  return (
    <section className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-3xl font-extrabold">Sign in</h1>
      <form method="post" noValidate onSubmit={submit} className="mt-8 space-y-5 rounded-2xl bg-white p-6 shadow-sm" aria-label="Sign in">
        {loaderData.google ? (
          <>
            <GoogleSignIn returnTo={loaderData.next ?? '/account'} failed={loaderData.googleFailed} />
            <p className="text-center text-sm text-muted">or with your e-mail</p>
          </>
        ) : null}
        <Field label="Email" name="email" type="email" autoComplete="email" error={errors.email} />
        <Field label="Password" name="password" type="password" autoComplete="current-password" error={errors.password} />
        <p className="text-sm">
          <Link to="/reset-password" className="font-semibold text-brand underline">
            Forgot your password?
          </Link>
        </p>
        {errors.form ? <Alert tone="error">{errors.form}</Alert> : null}
        <Button type="submit" className="w-full" pending={pending} pendingLabel="Signing in…">
          Sign in
        </Button>
      </form>
    </section>
  );
}
