import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Field } from '../../components/field';
import { useActionForm, type FormAnswer } from '../../lib/form-answer';
import { resetPasswordAction } from './reset-password.server';
import type { Route } from './+types/reset-password';

/** The form is sent here, with or without the page's script. */
export function action(args: Route.ActionArgs) {
  return resetPasswordAction(args);
}

export const meta = () => [{ title: 'Reset your password | Base' }];

export default function ResetPassword() {
  const { fetcher, formRef, answer, errors, pending, values } = useActionForm<FormAnswer>();

  return (
    <section className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-3xl font-extrabold">Reset your password</h1>
      <p className="mt-2 text-muted">Enter the e-mail of your account and we will send you a link to choose a new password.</p>
      <fetcher.Form
        ref={formRef}
        method="post"
        noValidate
        className="mt-8 space-y-5 rounded-2xl bg-white p-6 shadow-sm"
        aria-label="Reset password"
      >
        <Field label="Email" name="email" type="email" autoComplete="email" defaultValue={values.email} error={errors.email} />
        {answer?.message ? <Alert tone={answer.ok ? 'info' : 'error'}>{answer.message}</Alert> : null}
        <Button type="submit" className="w-full" pending={pending} pendingLabel="Sending…">
          Send the reset link
        </Button>
      </fetcher.Form>
    </section>
  );
}
