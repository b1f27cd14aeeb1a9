import { Link } from 'react-router';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Field } from '../../components/field';
import { GoogleSignIn } from '../../components/google-sign-in';
import { serverApi } from '../../lib/api';
import { useActionForm, type FormAnswer } from '../../lib/form-answer';
import { safeNext, signInAction } from './sign-in.server';
import type { Route } from './+types/sign-in';

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { google } = await serverApi(request, context).signInOptions();
  return {
    next: safeNext(url.searchParams.get('next')),
    google,
    googleFailed: url.searchParams.get('signInError') === 'google',
  };
}

/** The form is sent here, with or without the page's script; a success is a redirect. */
export function action(args: Route.ActionArgs) {
  return signInAction(args);
}

export const meta = () => [{ title: 'Sign in | Base' }];

export default function SignIn({ loaderData }: Route.ComponentProps) {
  const { fetcher, formRef, answer, errors, pending, values } = useActionForm<FormAnswer>();

  return (
    <section className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-3xl font-extrabold">Sign in</h1>
      {/* the page's address goes with the post: the action reads `next` from it, as the loader does */}
      <fetcher.Form
        ref={formRef}
        method="post"
        noValidate
        className="mt-8 space-y-5 rounded-2xl bg-white p-6 shadow-sm"
        aria-label="Sign in"
      >
        {loaderData.google ? (
          <>
            <GoogleSignIn returnTo={loaderData.next ?? '/account'} failed={loaderData.googleFailed} />
            <p className="text-center text-sm text-muted">or with your e-mail</p>
          </>
        ) : null}
        <Field label="Email" name="email" type="email" autoComplete="email" defaultValue={values.email} error={errors.email} />
        <Field label="Password" name="password" type="password" autoComplete="current-password" error={errors.password} />
        <p className="text-sm">
          <Link to="/reset-password" className="font-semibold text-brand underline">
            Forgot your password?
          </Link>
        </p>
        {answer && !answer.ok && answer.message ? <Alert tone="error">{answer.message}</Alert> : null}
        <Button type="submit" className="w-full" pending={pending} pendingLabel="Signing in…">
          Sign in
        </Button>
      </fetcher.Form>
    </section>
  );
}
