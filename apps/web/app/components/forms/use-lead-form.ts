import { useState, type FormEvent } from 'react';
import { isApiError } from '@shop/client/errors';
import type { LeadInput, LeadKind } from '@shop/core';
import { fieldErrors } from '../../lib/field-errors';
import { showToast } from '../toast';

export const LEAD_FAILED_MESSAGE = 'We could not send the form. Please try again in a moment.';

interface LeadFormOptions<K extends LeadKind> {
  kind: K;
  /** turns the form's inputs into what the schema expects (checkboxes into booleans...) */
  read: (data: FormData) => LeadInput<K>;
  /** the text shown when the server or the network fails, if not the form's own */
  failure?: string;
}

/**
 * One lead form's state: the schema of core checks the inputs first (the server checks them
 * again with the same schema), then the form is sent; success is a toast and an emptied form,
 * a refusal is a message in the form.
 */
export function useLeadForm<K extends LeadKind>({ kind, read, failure = LEAD_FAILED_MESSAGE }: LeadFormOptions<K>) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string>();
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const input = read(new FormData(form));
    // the schemas (and zod) load with the first sending, not with every page that shows a form
    const { leadForms } = await import('./lead-schemas');
    const parsed = leadForms[kind].schema.safeParse(input);
    setServerError(undefined);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      focusField(form, String(parsed.error.issues[0]?.path[0] ?? ''));
      return;
    }
    setErrors({});
    setPending(true);
    try {
      const { browserApi } = await import('../../lib/api');
      const { message } = await browserApi().submitLead(kind, input);
      form.reset();
      showToast(message);
    } catch (error) {
      // a refusal with a reason (bad input, too many tries) says it; anything else gets the fallback
      setServerError(isApiError(error) && error.status >= 400 && error.status < 500 ? error.message : failure);
    } finally {
      setPending(false);
    }
  }

  return { errors, serverError, pending, onSubmit };
}

/** A text input's value from FormData, '' when it is missing. */
export function text(data: FormData, name: string): string {
  const value = data.get(name);
  return typeof value === 'string' ? value : '';
}

/** Takes the person to the first field to fix. */
function focusField(form: HTMLFormElement, name: string) {
  const field = form.elements.namedItem(name);
  const target = field instanceof RadioNodeList ? field[0] : field;
  if (target instanceof HTMLElement) target.focus();
}
