import { coachingBookingSchema, coachingCancelSchema, coachingRescheduleSchema } from '@shop/core';
import { data, type ActionFunctionArgs } from 'react-router';
import type { FormRefusal, FormSuccess } from '../../lib/form-answer';
import { actionApi, checkForm, formText, refusedBy } from '../../lib/form.server';
import { BOOK_FORM, CANCEL_FORM, RESCHEDULE_FORM } from './coaching-forms';

export const COACHING_FAILED_MESSAGE = 'We could not change your session. Please try again.';

/**
 * The coaching page's forms, told apart by `_form`: book an open slot, move a session to
 * another, cancel one. Each is checked with core's schema and sent to the API as the member,
 * which applies the 24-hour rule, the member's sessions left and the slot's single booking; its
 * refusal is shown as it says it.
 */
export async function coachingAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const name = formText(form, '_form');
  const { api, cookies } = actionApi(request, context);
  const refuse = (refusal: FormRefusal) => data<FormRefusal>({ ...refusal, form: name }, { status: 400, headers: cookies });
  const accept = (message: string) => data<FormSuccess>({ ok: true, message, form: name }, { headers: cookies });
  try {
    if (name === BOOK_FORM) {
      const checked = checkForm(coachingBookingSchema, { slotId: formText(form, 'slotId') }, form);
      if ('refusal' in checked) return refuse(checked.refusal);
      const session = await api.bookCoachingSession(checked.data.slotId);
      return accept(`Your session is booked for ${session.when}. We e-mailed you the calendar invitation.`);
    }
    if (name === RESCHEDULE_FORM) {
      const input = { bookingId: formText(form, 'bookingId'), slotId: formText(form, 'slotId') };
      const checked = checkForm(coachingRescheduleSchema, input, form);
      if ('refusal' in checked) return refuse(checked.refusal);
      const session = await api.rescheduleCoachingSession(checked.data.bookingId, checked.data.slotId);
      return accept(`Your session is moved to ${session.when}. We e-mailed you the updated calendar invitation.`);
    }
    if (name === CANCEL_FORM) {
      const checked = checkForm(coachingCancelSchema, { bookingId: formText(form, 'bookingId') }, form);
      if ('refusal' in checked) return refuse(checked.refusal);
      await api.cancelCoachingSession(checked.data.bookingId);
      return accept('Your session is cancelled, and it is yours to book again: choose another time below.');
    }
    return refuse({ ok: false, errors: {}, message: COACHING_FAILED_MESSAGE });
  } catch (error) {
    return refuse(refusedBy(error, COACHING_FAILED_MESSAGE, form));
  }
}
