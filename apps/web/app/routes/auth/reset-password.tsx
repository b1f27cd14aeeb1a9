import { useState, type FormEvent } from 'react';
import { passwordMessages, passwordResetRequestSchema } from '@shop/core';
import { isApiError } from '@shop/client/errors';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Field } from '../../components/field';
import { browserApi } from '../../lib/api';

export const meta = () => [{ title: 'Reset your password | Base' }];

export default function ResetPassword() {
  const [error, setError] = useState<string>();
  const [outcome, setOutcome] = useState<{ tone: 'info' | 'error'; text: string }>();
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = passwordResetRequestSchema.safeParse({ email: new FormData(event.currentTarget).get('email') });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    setPending(true);
    try {
      const { message } = await browserApi().requestPasswordReset(parsed.data.email);
      setOutcome({ tone: 'info', text: message });
    } catch (failure) {
      const text = isApiError(failure) && failure.status === 429 ? failure.message : passwordMessages.resetFailed;
      setOutcome({ tone: 'error', text });
    } finally {
      setPending(false);
    }
  }

  return (
    <section className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-3xl font-extrabold">Reset your password</h1>
      <p className="mt-2 text-muted">Enter the e-mail of your account and we will send you a link to choose a new password.</p>
      <form method="post" noValidate onSubmit={submit} className="mt-8 space-y-5 rounded-2xl bg-white p-6 shadow-sm" aria-label="Reset password">
        <Field label="Email" name="email" type="email" autoComplete="email" error={error} />
        {outcome ? <Alert tone={outcome.tone}>{outcome.text}</Alert> : null}
        <Button type="submit" className="w-full" pending={pending} pendingLabel="Sending…">
          Send the reset link
        </Button>
      </form>
    </section>
  );
}
