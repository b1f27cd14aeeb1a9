import { coachingBookingSchema, coachingCancelSchema, coachingRescheduleSchema } from '@shop/core';
import type { ActionFunctionArgs } from 'react-router';
import { checkForm, formText } from '../../lib/form.server';
import { answerNamedForm } from '../../lib/named-forms.server';
import { BOOK_FORM, CANCEL_FORM, RESCHEDULE_FORM } from './coaching-forms';

export const COACHING_FAILED_MESSAGE = 'We could not change your session. Please try again.';

/**
 * The coaching page's forms, told apart by `_form`: book an open slot, move a session to
 * another, cancel one. Each is checked with core's schema and sent to the API as the member,
 * which applies the 24-hour rule, the member's sessions left and the slot's single booking; its
 * refusal is shown as it says it.
 */
export async function coachingAction(args: ActionFunctionArgs) {
  return answerNamedForm(args, COACHING_FAILED_MESSAGE, {
    [BOOK_FORM]: async ({ form, api, refuse, accept }) => {
      const checked = checkForm(coachingBookingSchema, { slotId: formText(form, 'slotId') }, form);
      if ('refusal' in checked) return refuse(checked.refusal);
      const session = await api.bookCoachingSession(checked.data.slotId);
      return accept(`Your session is booked for ${session.when}. We e-mailed you the calendar invitation.`);
    },
    [RESCHEDULE_FORM]: async ({ form, api, refuse, accept }) => {
      const input = { bookingId: formText(form, 'bookingId'), slotId: formText(form, 'slotId') };
      const checked = checkForm(coachingRescheduleSchema, input, form);
      if ('refusal' in checked) return refuse(checked.refusal);
      const session = await api.rescheduleCoachingSession(checked.data.bookingId, checked.data.slotId);
      return accept(`Your session is moved to ${session.when}. We e-mailed you the updated calendar invitation.`);
    },
    [CANCEL_FORM]: async ({ form, api, refuse, accept }) => {
      const checked = checkForm(coachingCancelSchema, { bookingId: formText(form, 'bookingId') }, form);
      if ('refusal' in checked) return refuse(checked.refusal);
      await api.cancelCoachingSession(checked.data.bookingId);
      return accept('Your session is cancelled, and it is yours to book again: choose another time below.');
    },
  });
}
