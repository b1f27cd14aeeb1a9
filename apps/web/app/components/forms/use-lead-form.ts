import type { LeadKind } from '@shop/core';
import { useActionForm, type FormAnswer } from '../../lib/form-answer';
import { showToast } from '../toast';

/**
 * One lead form, sent to its page's action (lib/lead-action.server.ts): a refusal is a message
 * under each field to fix, an acceptance a toast and an emptied form (or, sent before the page's
 * script ran, the message in the page that comes back).
 */
export function useLeadForm(kind: LeadKind) {
  const form = useActionForm<FormAnswer>(kind, (answer, element) => {
    element.reset();
    showToast(answer.message);
  });
  /** a field's name, its error and, after a sending without script, what was typed in it */
  const field = (name: string) => ({ name, error: form.errors[name], defaultValue: form.values[name] });
  return { ...form, kind, field };
}

export type LeadForm = ReturnType<typeof useLeadForm>;
