import { staffInvitationMessages } from '@shop/core';
import { Link } from 'react-router';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { NewPasswordField } from '../../components/account/new-password-field';
import { Field } from '../../components/field';
import { useActionForm, type FormAnswer } from '../../lib/form-answer';
import { staffInvitationAction, staffInvitationLoader } from './staff-invitation.server';
import type { Route } from './+types/staff-invitation';

export function loader(args: Route.LoaderArgs) {
  return staffInvitationLoader(args);
}

export function action(args: Route.ActionArgs) {
  return staffInvitationAction(args);
}

// the link's token never leaves the shop, and the page is nobody's to find
export const meta = () => [
  { title: 'Join the Base team | Base' },
  { name: 'referrer', content: 'same-origin' },
  { name: 'robots', content: 'noindex' },
];

const primaryLink = 'mt-8 inline-block rounded-full bg-brand px-6 py-3 font-semibold text-white hover:bg-brand-dark';

export default function StaffInvitation({ loaderData }: Route.ComponentProps) {
  const { fetcher, formRef, answer, errors, pending } = useActionForm<FormAnswer & { email?: string }>();
  const { invitation } = loaderData;

  if (answer?.ok) {
    return (
      <section className="mx-auto max-w-md px-4 py-16">
        <h1 className="text-3xl font-extrabold">Welcome to the team</h1>
        <div className="mt-6" aria-live="polite">
          <Alert tone="info">{answer.message}</Alert>
        </div>
        <Link to={`/sign-in?next=${encodeURIComponent('/admin')}`} className={primaryLink}>
          Sign in
        </Link>
      </section>
    );
  }

  if (!invitation || errors.token) {
    return (
      <section className="mx-auto max-w-md px-4 py-16">
        <h1 className="text-3xl font-extrabold">This invitation has expired</h1>
        <div className="mt-6">
          <Alert tone="error">{errors.token ?? staffInvitationMessages.invalid}</Alert>
        </div>
        <Link to="/sign-in" className={primaryLink}>
          Go to sign in
        </Link>
      </section>
    );
  }

  return (
    <section className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-3xl font-extrabold">Join the Base team</h1>
      <p className="mt-3 text-muted">
        Hi {invitation.name}, you are invited to the Base console as <strong>{invitation.roleLabel}</strong>. Choose a password for{' '}
        <strong>{invitation.email}</strong> to create your account.
      </p>
      <fetcher.Form
        ref={formRef}
        method="post"
        noValidate
        className="mt-8 space-y-5 rounded-2xl bg-white p-6 shadow-sm"
        aria-label="Create your staff account"
      >
        <NewPasswordField error={errors.password} />
        <Field label="Repeat password" name="confirmPassword" type="password" autoComplete="new-password" error={errors.confirmPassword} />
        <div aria-live="polite" className="empty:hidden">
          {answer && !answer.ok && answer.message ? <Alert tone="error">{answer.message}</Alert> : null}
        </div>
        <Button type="submit" className="w-full" pending={pending} pendingLabel="Creating your account…">
          Create my account
        </Button>
      </fetcher.Form>
    </section>
  );
}
