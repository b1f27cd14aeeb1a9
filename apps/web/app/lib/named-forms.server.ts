import { data, type ActionFunctionArgs } from 'react-router';
import type { ApiClient } from '@shop/client';
import type { FormRefusal, FormSuccess } from './form-answer';
import { actionApi, formText, refusedBy } from './form.server';

/** What one form of a page is handed: what was sent, the API as the person, and the two ways to answer. */
export interface NamedForm {
  form: FormData;
  api: ApiClient;
  refuse: (refusal: FormRefusal) => ReturnType<typeof data<FormRefusal>>;
  accept: (message: string) => ReturnType<typeof data<FormSuccess>>;
}

type Answer = ReturnType<NamedForm['refuse']> | ReturnType<NamedForm['accept']>;

/**
 * The action of a page with several forms, told apart by `_form`: each is answered by its handler,
 * its answer named after it (so only that form shows it); a form the page does not have, or an API
 * call that fails, is refused with the API's words or, failing those, with `failed`.
 */
export async function answerNamedForm(
  { request, context }: ActionFunctionArgs,
  failed: string,
  handlers: Record<string, (named: NamedForm) => Promise<Answer>>,
): Promise<Answer> {
  const form = await request.formData();
  const name = formText(form, '_form');
  const { api, cookies } = actionApi(request, context);
  const refuse = (refusal: FormRefusal) => data<FormRefusal>({ ...refusal, form: name }, { status: 400, headers: cookies });
  const accept = (message: string) => data<FormSuccess>({ ok: true, message, form: name }, { headers: cookies });
  const handler = Object.hasOwn(handlers, name) ? handlers[name] : undefined;
  if (!handler) return refuse({ ok: false, errors: {}, message: failed });
  try {
    return await handler({ form, api, refuse, accept });
  } catch (error) {
    return refuse(refusedBy(error, failed, form));
  }
}
