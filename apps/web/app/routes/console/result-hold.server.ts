import { outreachChannels, outreachOutcomes, type OutreachChannel, type OutreachOutcome } from '@shop/core';
import { data, type ActionFunctionArgs } from 'react-router';
import type { FormRefusal, FormSuccess } from '../../lib/form-answer';
import { actionApi, formText, refusedBy, typedValues } from '../../lib/form.server';
import { OUTREACH_ATTEMPT_FORM, RELEASE_RESULTS_FORM } from './result-hold-forms';

const isChannel = (value: string): value is OutreachChannel => (outreachChannels as readonly string[]).includes(value);
const isOutcome = (value: string): value is OutreachOutcome => (outreachOutcomes as readonly string[]).includes(value);

/**
 * A clinician's attempt to reach the person, or the release of their results: each sent once to
 * the API, which checks what the rule allows (an outcome of the channel, three attempts and a
 * letter before releasing to a person not reached) and answers in words the page shows.
 */
export async function resultHoldAction({ request, context, params }: ActionFunctionArgs) {
  const form = await request.formData();
  const { api, cookies } = actionApi(request, context);
  const which = formText(form, '_form') === RELEASE_RESULTS_FORM ? RELEASE_RESULTS_FORM : OUTREACH_ATTEMPT_FORM;
  const refuse = (refusal: FormRefusal) => data<FormRefusal>({ ...refusal, form: which }, { status: 400, headers: cookies });
  const holdId = params.id ?? '';
  if (which === RELEASE_RESULTS_FORM) {
    const note = formText(form, 'note').trim();
    if (!note) return refuse({ ok: false, errors: { note: 'Write a note on what the person was told' }, values: typedValues(form) });
    try {
      await api.releaseHeldResults(holdId, note);
    } catch (error) {
      return refuse(refusedBy(error, 'The results could not be released. Please try again.', form));
    }
    return data<FormSuccess>(
      { ok: true, message: 'Released: the person can read their results and is e-mailed that they are ready.', form: which },
      { headers: cookies },
    );
  }
  // one choice names the channel and its outcome ("call:no_answer"): a text or a letter is "sent"
  const [channel = '', outcome = ''] = formText(form, 'attempt').split(':');
  if (!isChannel(channel) || !isOutcome(outcome)) {
    return refuse({ ok: false, errors: { attempt: 'Choose how you tried to reach them and what came of it' }, values: typedValues(form) });
  }
  const phone = formText(form, 'phone').trim();
  try {
    await api.recordOutreachAttempt(holdId, { channel, outcome, ...(phone ? { phone } : {}) });
  } catch (error) {
    return refuse(refusedBy(error, 'The attempt could not be recorded. Please try again.', form));
  }
  return data<FormSuccess>(
    {
      ok: true,
      message: channel === 'text' ? 'Recorded: the text asking them to call back is on its way.' : 'Attempt recorded.',
      form: which,
    },
    { headers: cookies },
  );
}
