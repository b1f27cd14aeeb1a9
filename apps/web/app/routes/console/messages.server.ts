import { collectionChoiceSchema, supportCopy, supportReplySchema } from '@shop/core';
import { data, type ActionFunctionArgs } from 'react-router';
import type { FormRefusal, FormSuccess } from '../../lib/form-answer';
import { actionApi, checkForm, formText, refusedBy } from '../../lib/form.server';
import { CHANGE_COLLECTION_FORM, CLOSE_THREAD_FORM, STAFF_REPLY_FORM } from '../support/support-forms';

export const THREAD_FAILED_MESSAGE = 'The conversation could not be changed. Please try again.';

/** A console thread's forms: support's reply (e-mailed by the API), closing it, and changing the attached order's collection choice. */
export async function consoleThreadAction({ request, context, params }: ActionFunctionArgs) {
  const form = await request.formData();
  const name = formText(form, '_form');
  const id = params.id ?? '';
  const { api, cookies } = actionApi(request, context);
  const refuse = (refusal: FormRefusal) => data<FormRefusal>({ ...refusal, form: name }, { status: 400, headers: cookies });
  const accept = (message: string) => data<FormSuccess>({ ok: true, message, form: name }, { headers: cookies });
  try {
    if (name === STAFF_REPLY_FORM) {
      const checked = checkForm(supportReplySchema, { body: formText(form, 'body') }, form);
      if ('refusal' in checked) return refuse(checked.refusal);
      await api.adminReplyToThread(id, checked.data.body);
      return accept('Reply sent. The customer gets it by e-mail.');
    }
    if (name === CLOSE_THREAD_FORM) {
      await api.adminCloseThread(id);
      return accept('Conversation closed.');
    }
    if (name === CHANGE_COLLECTION_FORM) {
      const method = formText(form, 'method');
      const input =
        method === 'lab'
          ? { method, zipCode: formText(form, 'zipCode'), labLocationId: formText(form, 'labLocationId') }
          : {
              method,
              fullName: formText(form, 'fullName'),
              shippingAddress: formText(form, 'shippingAddress'),
              apartmentNumber: formText(form, 'apartmentNumber'),
              city: formText(form, 'city'),
              zipCode: formText(form, 'zipCode'),
              phone: formText(form, 'phone'),
            };
      const checked = checkForm(collectionChoiceSchema, input, form);
      if ('refusal' in checked) return refuse(checked.refusal);
      await api.adminChangeCollection(id, checked.data);
      return accept(`${supportCopy.collectionChanged} Tell the customer in a reply.`);
    }
    return refuse({ ok: false, errors: {}, message: THREAD_FAILED_MESSAGE });
  } catch (error) {
    return refuse(refusedBy(error, THREAD_FAILED_MESSAGE, form));
  }
}
