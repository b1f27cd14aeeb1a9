import type { FormEvent, ReactNode } from 'react';
import { Alert } from '../alert';
import { Button } from '../button';
import { Toaster } from '../toast';
import { useHydrated } from './use-hydrated';

interface LeadFormFrameProps {
  label: string;
  submitLabel: string;
  pending: boolean;
  serverError: string | undefined;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
  note?: ReactNode;
}

/** The card every lead form sits in: its fields, the server's refusal if any, the button. */
export function LeadFormFrame({ label, submitLabel, pending, serverError, onSubmit, children, note }: LeadFormFrameProps) {
  const hydrated = useHydrated();
  return (
    <form method="post" noValidate onSubmit={onSubmit} aria-label={label} className="space-y-5 rounded-2xl bg-white p-6 shadow-sm md:p-8">
      {children}
      {serverError ? <Alert tone="error">{serverError}</Alert> : null}
      {note ? <p className="text-sm text-muted">{note}</p> : null}
      <Button type="submit" disabled={!hydrated} pending={pending} pendingLabel="Sending…" className="w-full sm:w-auto">
        {submitLabel}
      </Button>
      <Toaster />
    </form>
  );
}
