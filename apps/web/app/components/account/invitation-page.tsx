import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '../alert';
import { Button } from '../button';
import { Field } from '../field';
import { useActionForm, type FormAnswer } from '../../lib/form-answer';
import { ACCEPT_SIGNED_IN } from '../../lib/invitation-forms';
import { NewPasswordField } from './new-password-field';

/** The verb the page speaks of accepting with: a clinic's member joins the clinic, an employer's admin accepts. */
type Verb = 'join' | 'accept';
const verbs: Record<Verb, { capital: string; pending: string }> = {
  join: { capital: 'Join', pending: 'Joining…' },
  accept: { capital: 'Accept', pending: 'Accepting…' },
};

/** The invitation's side of its page's loader (lib/invitation.server.ts): null when the link cannot be used. */
export interface InvitationPageData {
  invitation: { email: string; hasAccount: boolean } | null;
  signedInAs: string | null;
  signInLink: string;
}

/**
 * The page an invitation's link opens, for every invitation that makes an account (a clinic's
 * member, an employer's admin): a new address chooses its password here; an address with an account
 * signs in with it (and comes back) or, signed in, accepts with it; a used or expired link says so.
 * `intro` says who invites to what; `title` heads the page and `acceptLabel` names its button;
 * `verb` is the word for accepting.
 */
export function InvitationPage({
  data,
  title,
  intro,
  acceptLabel,
  invalid,
  verb,
}: {
  data: InvitationPageData;
  title: string;
  intro: ReactNode;
  acceptLabel: string;
  invalid: string;
  verb: Verb;
}) {
  const words = verbs[verb];
  const { fetcher, formRef, answer, errors, pending } = useActionForm<FormAnswer>();
  const { invitation } = data;

  if (!invitation || errors.token) {
    return (
      <section className="mx-auto max-w-md px-4 py-16">
        <h1 className="text-3xl font-extrabold">This invitation has expired</h1>
        <div className="mt-6">
          <Alert tone="error">{errors.token ?? invalid}</Alert>
        </div>
        <Link to="/sign-in" className="btn btn-primary mt-8">
          Go to sign in
        </Link>
      </section>
    );
  }

  const refusal = (
    <div aria-live="polite" className="empty:hidden">
      {answer && !answer.ok && answer.message ? <Alert tone="error">{answer.message}</Alert> : null}
    </div>
  );

  if (invitation.hasAccount) {
    const invitedSignedIn = data.signedInAs?.toLowerCase() === invitation.email.toLowerCase();
    return (
      <section className="mx-auto max-w-md px-4 py-16">
        <h1 className="text-3xl font-extrabold">{title}</h1>
        <p className="mt-3 text-muted [overflow-wrap:anywhere]">
          {intro} <strong>{invitation.email}</strong> has an account with Base already: you {verb} with it, and keep your own orders and
          results.
        </p>
        {invitedSignedIn ? (
          <fetcher.Form
            ref={formRef}
            method="post"
            className="mt-8 space-y-5 rounded-2xl bg-white p-6 shadow-sm"
            aria-label={`${words.capital} with your account`}
          >
            <input type="hidden" name="intent" value={ACCEPT_SIGNED_IN} />
            <p className="[overflow-wrap:anywhere]">
              You are signed in as <strong>{invitation.email}</strong>.
            </p>
            {refusal}
            <Button type="submit" className="w-full" pending={pending} pendingLabel={words.pending}>
              {acceptLabel}
            </Button>
          </fetcher.Form>
        ) : (
          <div className="mt-8 space-y-5 rounded-2xl bg-white p-6 shadow-sm [overflow-wrap:anywhere]">
            {data.signedInAs ? (
              <Alert tone="error">
                You are signed in as {data.signedInAs}. This invitation is for {invitation.email}: sign out, then sign in with it.
              </Alert>
            ) : (
              <p>
                Sign in with {invitation.email}, and you come back here to {verb}.
              </p>
            )}
            <Link to={data.signInLink} className="btn btn-primary w-full">
              {`Sign in to ${verb}`}
            </Link>
          </div>
        )}
      </section>
    );
  }

  return (
    <section className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-3xl font-extrabold">{title}</h1>
      <p className="mt-3 text-muted [overflow-wrap:anywhere]">
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
        <Button type="submit" className="w-full" pending={pending} pendingLabel={words.pending}>
          {acceptLabel}
        </Button>
      </fetcher.Form>
    </section>
  );
}
