import { supportCopy, supportReplySchema } from '@shop/core';
import { data, type ActionFunctionArgs } from 'react-router';
import type { FormRefusal, FormSuccess } from '../../lib/form-answer';
import { actionApi, checkForm, formText, refusedBy } from '../../lib/form.server';
import { MEMBER_REPLY_FORM } from '../support/support-forms';

export const REPLY_FAILED_MESSAGE = 'Your reply could not be sent. Please try again.';

/** The member's reply in their conversation: checked with core's schema, sent as the member (another's thread is the API's 404). */
export async function memberReplyAction({ request, context, params }: ActionFunctionArgs) {
  const form = await request.formData();
  const { api, cookies } = actionApi(request, context);
  const checked = checkForm(supportReplySchema, { body: formText(form, 'body') }, form);
  if ('refusal' in checked) return data<FormRefusal>({ ...checked.refusal, form: MEMBER_REPLY_FORM }, { status: 400, headers: cookies });
  try {
    await api.replyToSupport(params.id ?? '', checked.data.body);
    return data<FormSuccess>({ ok: true, message: supportCopy.replySent, form: MEMBER_REPLY_FORM }, { headers: cookies });
  } catch (error) {
    return data<FormRefusal>(
      { ...refusedBy(error, REPLY_FAILED_MESSAGE, form), form: MEMBER_REPLY_FORM },
      { status: 400, headers: cookies },
    );
  }
}
