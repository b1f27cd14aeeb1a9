import { healthDataConsentTexts, LAB_UPLOAD_MAX_BYTES, labUploadMessages, outsideResultWords } from '@shop/core';
import { data, type ActionFunctionArgs } from 'react-router';
import { messageOf } from '../../lib/errors';
import type { FormAnswer } from '../../lib/form-answer';
import { actionApi, formText, typedValues } from '../../lib/form.server';
import { ADD_OUTSIDE_FORM, DELETE_OUTSIDE_FORM } from './health-forms';

export const OUTSIDE_UPLOAD_FAILED = 'We could not take your report just now. Please try again in a few minutes.';
/** What a form adds around its file: the boundaries, the field names, the lab and the day. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

/** Which field an API refusal of an upload is about, so the page puts its message beside it. */
function fieldOfRefusal(message: string): string {
  if (message === outsideResultWords.labNameMissing || message === outsideResultWords.labNameTooLong) return 'labName';
  if (
    message === outsideResultWords.collectedOnMissing ||
    message === outsideResultWords.collectedOnFuture ||
    message === outsideResultWords.collectedOnTooOld
  )
    return 'collectedOn';
  if (message === healthDataConsentTexts.collect_health_data.missing || message.includes('(Missing consent: collect_health_data.)'))
    return 'consent';
  return 'file';
}

/**
 * The health record page's forms, with or without script: a report from another lab (multipart:
 * the lab, the collection day, the file and, when none is in force, the consent to collect health
 * data), and the deletion of a report that waits. The API decides what is kept.
 */
export async function healthRecordAction({ request, context }: ActionFunctionArgs) {
  const { api, cookies } = actionApi(request, context);
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > LAB_UPLOAD_MAX_BYTES + FORM_OVERHEAD_BYTES) {
    const message = labUploadMessages.tooLarge;
    return data<FormAnswer>({ ok: false, errors: { file: message }, message, form: ADD_OUTSIDE_FORM }, { status: 400, headers: cookies });
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    const message = labUploadMessages.unreadable;
    return data<FormAnswer>({ ok: false, errors: { file: message }, message, form: ADD_OUTSIDE_FORM }, { status: 400, headers: cookies });
  }

  if (formText(form, '_form') === DELETE_OUTSIDE_FORM) {
    const id = formText(form, 'reportId');
    try {
      await api.deleteOutsideReport(id);
    } catch (error) {
      const message = messageOf(error, OUTSIDE_UPLOAD_FAILED);
      return data<FormAnswer>(
        { ok: false, errors: {}, message, form: DELETE_OUTSIDE_FORM, subject: id },
        { status: 400, headers: cookies },
      );
    }
    return data<FormAnswer>(
      { ok: true, message: outsideResultWords.deleted, form: DELETE_OUTSIDE_FORM, subject: id },
      { headers: cookies },
    );
  }

  const values = typedValues(form);
  const refuse = (field: string, message: string) =>
    data<FormAnswer>(
      { ok: false, errors: { [field]: message }, message, values, form: ADD_OUTSIDE_FORM },
      { status: 400, headers: cookies },
    );
  const labName = formText(form, 'labName').trim();
  const collectedOn = formText(form, 'collectedOn').trim();
  if (!labName) return refuse('labName', outsideResultWords.labNameMissing);
  if (!collectedOn) return refuse('collectedOn', outsideResultWords.collectedOnMissing);
  const file = form.get('file');
  if (!(file instanceof File) || file.size === 0) return refuse('file', labUploadMessages.noFile);
  if (file.size > LAB_UPLOAD_MAX_BYTES) return refuse('file', labUploadMessages.tooLarge);
  const consentVersion = formText(form, 'consent') === 'yes' ? healthDataConsentTexts.collect_health_data.version : undefined;
  try {
    await api.uploadOutsideReport({ labName, collectedOn, consentVersion }, new Uint8Array(await file.arrayBuffer()));
  } catch (error) {
    const message = messageOf(error, OUTSIDE_UPLOAD_FAILED);
    return refuse(fieldOfRefusal(message), message);
  }
  return data<FormAnswer>({ ok: true, message: outsideResultWords.uploaded, form: ADD_OUTSIDE_FORM }, { headers: cookies });
}
