import { useEffect, useRef, type RefObject } from 'react';
import { useActionData, useFetcher, type FetcherWithComponents } from 'react-router';

/** An action's refusal: each field's first message, the form's own message, what was typed. */
export interface FormRefusal {
  ok: false;
  errors: Record<string, string>;
  message?: string;
  /** what was typed (never a password), for the page that went without its script */
  values?: Record<string, string>;
  /** which form of the page was sent, when a page has several */
  form?: string;
  /** what the form acted on (a row's id), when a list has the same form on every row */
  subject?: string;
}

/** An action's acceptance, with what the person is told. */
export interface FormSuccess {
  ok: true;
  message: string;
  form?: string;
  subject?: string;
}

export type FormAnswer = FormRefusal | FormSuccess;

interface ActionForm<T extends FormAnswer> {
  fetcher: FetcherWithComponents<unknown>;
  formRef: RefObject<HTMLFormElement | null>;
  /** the answer to the last sending, by script or without */
  answer: T | undefined;
  errors: Record<string, string>;
  /** true from the sending until the answer */
  pending: boolean;
  /** what was typed, when the page was sent without its script and came back refused */
  values: Record<string, string>;
  /** true when the answer came with a whole new page (the form was sent without script) */
  sentWithoutScript: boolean;
}

/**
 * A form sent to its page's action: by the fetcher once the page's script runs (the page stays,
 * the answer arrives in `fetcher.data`), or by the browser itself before (a POST that renders the
 * page again with the action's answer). Either way the same action checks it with core's schema.
 * After a refusal sent by script the first field to fix takes the focus; `onSuccess` runs once
 * per accepted sending. A form repeated on every row of a list gives its row's `subject`: an
 * answer that came back with the page and names another row's is not this form's.
 */
export function useActionForm<T extends FormAnswer>(
  name?: string | readonly (string | undefined)[],
  onSuccess?: (answer: T & { ok: true }, form: HTMLFormElement) => void,
  subject?: string,
): ActionForm<T> {
  const fetcher = useFetcher<T>();
  const pageAnswer = useActionData() as T | undefined;
  const fetched = fetcher.data as T | undefined;
  const formRef = useRef<HTMLFormElement>(null);
  // a page's forms that take turns (a code, then what it opens) can share one fetcher: several names
  const names: readonly (string | undefined)[] = typeof name === 'object' ? name : [name];
  const fromPage =
    pageAnswer && names.includes(pageAnswer.form) && (subject === undefined || pageAnswer.subject === subject) ? pageAnswer : undefined;
  const answer = fetched ?? fromPage;
  const success = useRef(onSuccess);
  success.current = onSuccess;

  useEffect(() => {
    const form = formRef.current;
    const data = fetched;
    if (!form || !data) return;
    if (data.ok) {
      success.current?.(data as T & { ok: true }, form);
      return;
    }
    focusField(form, Object.keys(data.errors)[0]);
  }, [fetched]);

  return {
    fetcher,
    formRef,
    answer,
    errors: answer && !answer.ok ? answer.errors : {},
    pending: fetcher.state !== 'idle',
    values: fetched === undefined && fromPage && !fromPage.ok ? (fromPage.values ?? {}) : {},
    sentWithoutScript: fetched === undefined && fromPage !== undefined,
  };
}

/** Takes the person to the first field to fix. */
function focusField(form: HTMLFormElement, name: string | undefined) {
  if (!name) return;
  const field = form.elements.namedItem(name);
  const target = field instanceof RadioNodeList ? field[0] : field;
  if (target instanceof HTMLElement) target.focus();
}
