import { data, type ActionFunctionArgs } from 'react-router';
import { demoRequestNoteSchema, demoRequestStatuses, type DemoRequestStatus } from '@shop/core';
import type { FormAnswer } from '../../lib/form-answer';
import { actionApi, formText, refusedBy } from '../../lib/form.server';
import { MOVE_FORM, NOTE_FORM } from './demo-requests-forms';

const SAVE_FAILED = 'The demo request could not be changed. Please try again.';

/**
 * The pipeline's forms, on the list and on a request's page: a move (with a note saying why, when
 * one is written) or a note. Each is the API's to allow; its refusal comes back to the form.
 */
export async function demoRequestAction({ request, context, params }: ActionFunctionArgs) {
  const form = await request.formData();
  const which = formText(form, '_form');
  const id = params.id ?? formText(form, 'id');
  const typed = formText(form, 'note').trim();
  const note = typed === '' ? undefined : demoRequestNoteSchema.safeParse(typed);
  if (note && !note.success) {
    return data<FormAnswer>({ ok: false, form: which, errors: { note: note.error.issues[0]!.message } }, { status: 400 });
  }
  const { api, cookies } = actionApi(request, context);
  try {
    if (which === NOTE_FORM) {
      if (!note) return data<FormAnswer>({ ok: false, form: which, errors: { note: 'Please write the note' } }, { status: 400 });
      await api.noteDemoRequest(id, note.data);
      return data<FormAnswer>({ ok: true, form: which, message: 'Note added.' }, { headers: cookies });
    }
    const status = formText(form, 'status') as DemoRequestStatus;
    if (which !== MOVE_FORM || !demoRequestStatuses.includes(status)) {
      return data<FormAnswer>({ ok: false, form: which, errors: {}, message: SAVE_FAILED }, { status: 400 });
    }
    const moved = await api.moveDemoRequest(id, note ? { status, note: note.data } : { status });
    return data<FormAnswer>({ ok: true, form: which, message: `${moved.company} is now ${moved.status}.` }, { headers: cookies });
  } catch (error) {
    return data<FormAnswer>({ ...refusedBy(error, SAVE_FAILED, form), form: which }, { status: 400, headers: cookies });
  }
}
