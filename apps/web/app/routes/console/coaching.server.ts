import { coachingSlotFormSchema, fromEastern } from '@shop/core';
import type { ActionFunctionArgs } from 'react-router';
import { checkForm, formText, typedValues } from '../../lib/form.server';
import { answerNamedForm } from '../../lib/named-forms.server';
import { CANCEL_SLOT_FORM, PUBLISH_SLOT_FORM } from './coaching-forms';

export const SLOT_FAILED_MESSAGE = 'The slot could not be changed. Please try again.';

/**
 * The coaching console's forms: a slot published from a day, a time in Eastern time and a length
 * (checked with core's schema; the API checks it is in the future and overlaps none of the
 * coach's own), or a slot cancelled, whose member the API tells.
 */
export async function coachingConsoleAction(args: ActionFunctionArgs) {
  return answerNamedForm(args, SLOT_FAILED_MESSAGE, {
    [PUBLISH_SLOT_FORM]: async ({ form, api, refuse, accept }) => {
      const input = { date: formText(form, 'date'), time: formText(form, 'time'), minutes: formText(form, 'minutes') };
      const checked = checkForm(coachingSlotFormSchema, input, form);
      if ('refusal' in checked) return refuse(checked.refusal);
      const startsAt = fromEastern(checked.data.date, checked.data.time);
      if (!startsAt) return refuse({ ok: false, errors: { date: 'Please give a day and time that exist.' }, values: typedValues(form) });
      const slot = await api.publishCoachingSlot({ startsAt: startsAt.toISOString(), minutes: checked.data.minutes });
      return accept(`Slot published: ${slot.when}, ${slot.minutes} minutes.`);
    },
    [CANCEL_SLOT_FORM]: async ({ form, api, accept }) => {
      const slotId = formText(form, 'slotId');
      await api.cancelCoachingSlot(slotId);
      return accept('The slot is cancelled. Whoever had booked it is e-mailed, and their session is theirs to book again.');
    },
  });
}
