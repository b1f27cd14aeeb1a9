import { providerSignUpSchema } from '@shop/core';
import { data, redirect, type ActionFunctionArgs } from 'react-router';
import type { FormRefusal } from '../../lib/form-answer';
import { actionApi, checkForm, formText, refusedBy, typedValues } from '../../lib/form.server';

const SECRET = ['password'];
export const SIGN_UP_FAILED_MESSAGE = 'We could not create your clinic. Please try again.';

/** What the sign-up answers when the clinic already has a dashboard, or once the request to join it is sent. */
export interface SignUpOutcome {
  ok: true;
  message: string;
  outcome: 'match' | 'join_requested';
  clinicName: string;
  /** what was typed, but the password: the offer to join sends it again */
  values: Record<string, string>;
}

/**
 * The free sign-up: a new clinic lands its admin, signed in, in the dashboard; a clinic that
 * already has one is offered a request to join it, sent when the person confirms with their password.
 */
export async function signUpAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const input = {
    clinicName: formText(form, 'clinicName'),
    clinicType: formText(form, 'clinicType'),
    addressLine1: formText(form, 'addressLine1'),
    addressLine2: formText(form, 'addressLine2'),
    city: formText(form, 'city'),
    state: formText(form, 'state'),
    postalCode: formText(form, 'postalCode'),
    npi: formText(form, 'npi'),
    name: formText(form, 'name'),
    email: formText(form, 'email'),
    password: formText(form, 'password'),
    requestToJoin: formText(form, 'requestToJoin') === 'yes',
  };
  const checked = checkForm(providerSignUpSchema, input, form, SECRET);
  if ('refusal' in checked) return data<FormRefusal>(checked.refusal, { status: 400 });
  const { api, cookies } = actionApi(request, context);
  try {
    const answer = await api.providerSignUp(checked.data);
    if (answer.outcome === 'created') return redirect('/providers/dashboard', { headers: cookies });
    const values = typedValues(form, SECRET);
    delete values.requestToJoin;
    const message =
      answer.outcome === 'match'
        ? `${answer.clinicName} already has a dashboard: ask its admins to join it.`
        : `Your request to join ${answer.clinicName} is sent.`;
    return data<SignUpOutcome>({ ok: true, message, outcome: answer.outcome, clinicName: answer.clinicName, values }, { headers: cookies });
  } catch (error) {
    return data<FormRefusal>(refusedBy(error, SIGN_UP_FAILED_MESSAGE, form, SECRET), { status: 400, headers: cookies });
  }
}
