import type { ReactNode } from 'react';
import { Alert } from '../alert';
import { Button } from '../button';
import { Toaster } from '../toast';
import type { LeadForm } from './use-lead-form';

interface LeadFormFrameProps {
  lead: LeadForm;
  label: string;
  submitLabel: string;
  children: ReactNode;
  note?: ReactNode;
  className?: string;
}

/** The form every lead form is: its fields, the answer of the action, the button. */
export function LeadForm({ lead, label, submitLabel, children, note, className }: LeadFormFrameProps) {
  const { fetcher, formRef, answer, pending, sentWithoutScript } = lead;
  return (
    <fetcher.Form ref={formRef} method="post" noValidate aria-label={label} className={className}>
      <input type="hidden" name="_form" value={lead.kind} />
      {children}
      {answer && !answer.ok && answer.message ? <Alert tone="error">{answer.message}</Alert> : null}
      {/* sent by script, the acceptance is a toast; sent without, the page says it */}
      {answer?.ok && sentWithoutScript ? <Alert tone="info">{answer.message}</Alert> : null}
      {note ? <p className="text-sm text-muted">{note}</p> : null}
      <Button type="submit" pending={pending} pendingLabel="Sending…" className="w-full sm:w-auto">
        {submitLabel}
      </Button>
      <Toaster />
    </fetcher.Form>
  );
}

/** The card most lead forms sit in. */
export function LeadFormFrame(props: LeadFormFrameProps) {
  return <LeadForm {...props} className="space-y-5 rounded-2xl bg-white p-6 shadow-sm md:p-8" />;
}
