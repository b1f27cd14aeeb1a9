import { coachingSlotFormSchema, fromEastern } from '@shop/core';
import { data, type ActionFunctionArgs } from 'react-router';
import type { FormRefusal, FormSuccess } from '../../lib/form-answer';
import { actionApi, checkForm, formText, refusedBy, typedValues } from '../../lib/form.server';
import { CANCEL_SLOT_FORM, PUBLISH_SLOT_FORM } from './coaching-forms';

export const SLOT_FAILED_MESSAGE = 'The slot could not be changed. Please try again.';

/**
 * The coaching console's forms: a slot published from a day, a time in Eastern time and a length
 * (checked with core's schema; the API checks it is in the future and overlaps none of the
 * coach's own), or a slot cancelled, whose member the API tells.
 */
export async function coachingConsoleAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const name = formText(form, '_form');
  const { api, cookies } = actionApi(request, context);
  const refuse = (refusal: FormRefusal) => data<FormRefusal>({ ...refusal, form: name }, { status: 400, headers: cookies });
  const accept = (message: string) => data<FormSuccess>({ ok: true, message, form: name }, { headers: cookies });
  try {
    if (name === PUBLISH_SLOT_FORM) {
      const input = { date: formText(form, 'date'), time: formText(form, 'time'), minutes: formText(form, 'minutes') };
      const checked = checkForm(coachingSlotFormSchema, input, form);
      if ('refusal' in checked) return refuse(checked.refusal);
      const startsAt = fromEastern(checked.data.date, checked.data.time);
      if (!startsAt) return refuse({ ok: false, errors: { date: 'Please give a day and time that exist.' }, values: typedValues(form) });
      const slot = await api.publishCoachingSlot({ startsAt: startsAt.toISOString(), minutes: checked.data.minutes });
      return accept(`Slot published: ${slot.when}, ${slot.minutes} minutes.`);
    }
    if (name === CANCEL_SLOT_FORM) {
      const slotId = formText(form, 'slotId');
      await api.cancelCoachingSlot(slotId);
      return accept('The slot is cancelled. Whoever had booked it is e-mailed, and their session is theirs to book again.');
    }
    return refuse({ ok: false, errors: {}, message: SLOT_FAILED_MESSAGE });
  } catch (error) {
    return refuse(refusedBy(error, SLOT_FAILED_MESSAGE, form));
  }
}
