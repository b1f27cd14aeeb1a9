import { providerMessages } from '@shop/core';
import { Link } from 'react-router';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { NewPasswordField } from '../../components/account/new-password-field';
import { Field } from '../../components/field';
import { useActionForm, type FormAnswer } from '../../lib/form-answer';
import { clinicInvitationAction, clinicInvitationLoader } from './invitation.server';
import type { Route } from './+types/invitation';

export function loader(args: Route.LoaderArgs) {
  return clinicInvitationLoader(args);
}

export function action(args: Route.ActionArgs) {
  return clinicInvitationAction(args);
}

// the link's token never leaves the shop, and the page is nobody's to find
export const meta = () => [
  { title: 'Join your clinic | Base for providers' },
  { name: 'referrer', content: 'same-origin' },
  { name: 'robots', content: 'noindex' },
];

export default function ClinicInvitation({ loaderData }: Route.ComponentProps) {
  const { fetcher, formRef, answer, errors, pending } = useActionForm<FormAnswer>();
  const { invitation } = loaderData;

  if (!invitation || errors.token) {
    return (
      <section className="mx-auto max-w-md px-4 py-16">
        <h1 className="text-3xl font-extrabold">This invitation has expired</h1>
        <div className="mt-6">
          <Alert tone="error">{errors.token ?? providerMessages.invitationInvalid}</Alert>
        </div>
        <Link to="/sign-in" className="btn btn-primary mt-8">
          Go to sign in
        </Link>
      </section>
    );
  }

  const intro = (
    <>
      Hi {invitation.name}, you are invited to the provider dashboard of {invitation.clinicName} as <strong>{invitation.roleLabel}</strong>.
    </>
  );
  const refusal = (
    <div aria-live="polite" className="empty:hidden">
      {answer && !answer.ok && answer.message ? <Alert tone="error">{answer.message}</Alert> : null}
    </div>
  );

  if (invitation.hasAccount) {
    const invitedSignedIn = loaderData.signedInAs?.toLowerCase() === invitation.email.toLowerCase();
    return (
      <section className="mx-auto max-w-md px-4 py-16">
        <h1 className="text-3xl font-extrabold">Join {invitation.clinicName}</h1>
        <p className="mt-3 text-muted">
          {intro} <strong>{invitation.email}</strong> has an account with Base already: you join with it, and keep your own orders and
          results.
        </p>
        {invitedSignedIn ? (
          <fetcher.Form
            ref={formRef}
            method="post"
            className="mt-8 space-y-5 rounded-2xl bg-white p-6 shadow-sm"
            aria-label="Join with your account"
          >
            <input type="hidden" name="intent" value="join-signed-in" />
            <p>
              You are signed in as <strong>{invitation.email}</strong>.
            </p>
            {refusal}
            <Button type="submit" className="w-full" pending={pending} pendingLabel="Joining…">
              Join {invitation.clinicName}
            </Button>
          </fetcher.Form>
        ) : (
          <div className="mt-8 space-y-5 rounded-2xl bg-white p-6 shadow-sm">
            {loaderData.signedInAs ? (
              <Alert tone="error">
                You are signed in as {loaderData.signedInAs}. This invitation is for {invitation.email}: sign out, then sign in with it.
              </Alert>
            ) : (
              <p>Sign in with {invitation.email}, and you come back here to join.</p>
            )}
            <Link to={loaderData.signInLink} className="btn btn-primary w-full">
              Sign in to join
            </Link>
          </div>
        )}
      </section>
    );
  }

  return (
    <section className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-3xl font-extrabold">Join {invitation.clinicName}</h1>
      <p className="mt-3 text-muted">
        {intro} Choose a password for <strong>{invitation.email}</strong> to create your account.
      </p>
      <fetcher.Form
        ref={formRef}
        method="post"
        noValidate
        className="mt-8 space-y-5 rounded-2xl bg-white p-6 shadow-sm"
        aria-label="Create your account"
      >
        <NewPasswordField error={errors.password} />
        <Field label="Repeat password" name="confirmPassword" type="password" autoComplete="new-password" error={errors.confirmPassword} />
        {refusal}
        <Button type="submit" className="w-full" pending={pending} pendingLabel="Joining…">
          Join {invitation.clinicName}
        </Button>
      </fetcher.Form>
    </section>
  );
}
