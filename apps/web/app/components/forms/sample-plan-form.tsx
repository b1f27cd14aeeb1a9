import { leadMessages } from '@shop/core';
import { Alert } from '../alert';
import { Button } from '../button';
import { Field } from '../field';
import { Toaster } from '../toast';
import { useHydrated } from './use-hydrated';
import { text, useLeadForm } from './use-lead-form';

/**
 * The sample nutritional plan by e-mail: one address, and a plan like the ones members get
 * arrives in the inbox. Placed on the home page.
 */
export function SamplePlanForm({ className = '' }: { className?: string }) {
  const { errors, serverError, pending, onSubmit } = useLeadForm({
    kind: 'sample_plan',
    read: (data) => ({ email: text(data, 'email') }),
    failure: leadMessages.sampleFailed,
  });
  const hydrated = useHydrated();
  return (
    <form method="post" noValidate onSubmit={onSubmit} aria-label="Get a sample nutritional plan" className={`space-y-3 ${className}`}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <Field
          label="Your email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email}
          className="min-w-0 flex-1"
        />
        <Button type="submit" disabled={!hydrated} pending={pending} pendingLabel="Sending…" className="sm:mt-6 shrink-0">
          Send me the sample plan
        </Button>
      </div>
      {serverError ? <Alert tone="error">{serverError}</Alert> : null}
      <p className="text-sm text-muted">One e-mail with a sample plan, then occasional news. Unsubscribe any time.</p>
      <Toaster />
    </form>
  );
}
