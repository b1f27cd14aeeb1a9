import { LAB_UPLOAD_MAX_BYTES, labUploadMessages } from '@shop/core';
import { data, redirect, type ActionFunctionArgs } from 'react-router';
import { messageOf } from '../../lib/errors';
import type { FormRefusal } from '../../lib/form-answer';
import { actionApi, formText } from '../../lib/form.server';
import { UPLOAD_LAB_FORM } from './nutritional-plan-forms';

export const UPLOAD_FAILED = 'We could not take your file just now. Please try again in a few minutes.';
/** What a form adds around its file: the boundaries, the field names, the order's id. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

/**
 * One file of the member's lab report, sent from the page's form (multipart) with or without
 * script. A body larger than the limit is refused from its declared length, before it is read;
 * the API decides the rest (the file's kind from its bytes, its contents, whose order it is).
 * Taken, the member goes on to the confirmation page.
 */
export async function nutritionalPlanAction({ request, context }: ActionFunctionArgs) {
  const { api, cookies } = actionApi(request, context);
  const refuse = (message: string) =>
    data<FormRefusal>({ ok: false, errors: { file: message }, message, form: UPLOAD_LAB_FORM }, { status: 400, headers: cookies });

  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > LAB_UPLOAD_MAX_BYTES + FORM_OVERHEAD_BYTES) return refuse(labUploadMessages.tooLarge);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return refuse(labUploadMessages.unreadable);
  }
  const file = form.get('file');
  if (!(file instanceof File) || file.size === 0) return refuse(labUploadMessages.noFile);
  if (file.size > LAB_UPLOAD_MAX_BYTES) return refuse(labUploadMessages.tooLarge);
  try {
    await api.uploadLabFile(formText(form, 'orderId'), new Uint8Array(await file.arrayBuffer()));
  } catch (error) {
    return refuse(messageOf(error, UPLOAD_FAILED));
  }
  return redirect('/nutritional-plan-confirm', { headers: cookies });
}
