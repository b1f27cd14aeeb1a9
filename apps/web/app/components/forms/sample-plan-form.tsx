import { Alert } from '../alert';
import { Button } from '../button';
import { Field } from '../field';
import { Toaster } from '../toast';
import { useLeadForm } from './use-lead-form';

/**
 * The sample nutritional plan by e-mail: one address, and a plan like the ones members get
 * arrives in the inbox. Placed on the home page.
 */
export function SamplePlanForm({ className = '' }: { className?: string }) {
  const lead = useLeadForm('sample_plan');
  const { fetcher, formRef, answer, pending, sentWithoutScript, field } = lead;
  return (
    <fetcher.Form ref={formRef} method="post" noValidate aria-label="Get a sample nutritional plan" className={`space-y-3 ${className}`}>
      <input type="hidden" name="_form" value={lead.kind} />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <Field label="Your email" {...field('email')} type="email" autoComplete="email" inputMode="email" className="min-w-0 flex-1" />
        <Button type="submit" pending={pending} pendingLabel="Sending…" className="sm:mt-6 shrink-0">
          Send me the sample plan
        </Button>
      </div>
      {answer && !answer.ok && answer.message ? <Alert tone="error">{answer.message}</Alert> : null}
      {answer?.ok && sentWithoutScript ? <Alert>{answer.message}</Alert> : null}
      <p className="text-sm text-muted">One e-mail with a sample plan, then occasional news. Unsubscribe any time.</p>
      <Toaster />
    </fetcher.Form>
  );
}
