import { data, redirect, type ActionFunctionArgs } from 'react-router';
import { b2bGoalNames, checkoutAccountSchema, employerMessages, messages, starterTestOfGoal, type B2bGoalName } from '@shop/core';
import { isApiError } from '@shop/client/errors';
import type { ApiClient, EligibilityProof } from '@shop/client';
import type { FormRefusal, FormSuccess } from '../../lib/form-answer';
import { actionApi, checkForm, formText, refusedBy, typedValues } from '../../lib/form.server';
import { NORMAL_PRICE_FORM } from './b2b-eligibility-forms';

const SECRET = ['password'];

/** The refusal of an employee who is not eligible: why, and that the test can still be bought. */
export interface EligibilityRefusal extends FormRefusal {
  /** set when the API said this person is not covered: the page offers the normal price */
  notCovered?: boolean;
}

/** The answer of the eligibility form: a refusal, or (eligibility by domain) the link e-mailed to the work address. */
export type EligibilityAnswer = EligibilityRefusal | FormSuccess;

/**
 * The eligibility page's action. An employee proves eligibility (a code, or their census line),
 * signing up or in on the way when they are not yet; the API then puts the goal's covered starter
 * test in a new cart and the employee pays what is left, if anything, at /checkout-payment-b2b.
 * Eligibility by domain goes by e-mail: the API sends a one-time link to the work address, whose
 * page (`b2b-confirm.tsx`) proves it. Someone who is not covered is told why and may put the test in
 * their cart at its normal price.
 */
export async function eligibilityAction({ request, context, params }: ActionFunctionArgs) {
  const slug = params.b2b ?? '';
  const goal = params.goal as B2bGoalName;
  if (!(b2bGoalNames as readonly string[]).includes(goal)) throw data(null, { status: 404 });
  const form = await request.formData();
  const { api, cookies } = actionApi(request, context);

  if (formText(form, '_form') === NORMAL_PRICE_FORM) {
    try {
      await api.addToCart({ productCode: 'base-quiz', testId: starterTestOfGoal(goal).testId, origin: 'quiz', confirmReplace: true });
    } catch (error) {
      return data<EligibilityRefusal>(refusedBy(error, messages.checkoutFailed, form), { status: 400, headers: cookies });
    }
    return redirect('/checkout-payment', { headers: cookies });
  }

  const signedIn = formText(form, 'signedIn') === 'yes';
  if (!signedIn) {
    const account = { email: formText(form, 'email'), password: formText(form, 'password') };
    const checked = checkForm(checkoutAccountSchema, account, form, SECRET);
    if ('refusal' in checked) return data<EligibilityRefusal>(checked.refusal, { status: 400 });
    try {
      await api.checkoutAccount(checked.data);
    } catch (error) {
      return data<EligibilityRefusal>(refusedBy(error, messages.checkoutFailed, form, SECRET), { status: 400, headers: cookies });
    }
  }

  if (formText(form, 'method') === 'domain') return workEmailLink(api, cookies, form, slug, goal);

  const proof = proofOf(form);
  if ('errors' in proof)
    return data<EligibilityRefusal>(
      { ok: false, errors: proof.errors, values: typedValues(form, SECRET) },
      { status: 400, headers: cookies },
    );
  try {
    await api.proveEmployerEligibility(slug, { goal, proof });
  } catch (error) {
    const refusal = refusedBy(error, messages.checkoutFailed, form, SECRET);
    const notCovered = isApiError(error) && (error.status === 403 || error.status === 409);
    return data<EligibilityRefusal>({ ...refusal, notCovered }, { status: 400, headers: cookies });
  }
  return redirect(`/checkout-payment-b2b?group=${encodeURIComponent(slug)}&goal=${encodeURIComponent(goal)}`, { headers: cookies });
}

/** Asks for the one-time link at the work address; the page then says where it went. */
async function workEmailLink(api: ApiClient, cookies: Headers, form: FormData, slug: string, goal: B2bGoalName) {
  const workEmail = formText(form, 'workEmail').trim();
  if (!workEmail)
    return data<EligibilityAnswer>(
      { ok: false, errors: { workEmail: employerMessages.workEmailMissing }, values: typedValues(form, SECRET) },
      { status: 400, headers: cookies },
    );
  try {
    const sent = await api.requestEmployerWorkEmailLink(slug, { goal, workEmail });
    return data<EligibilityAnswer>({ ok: true, message: sent.message }, { headers: cookies });
  } catch (error) {
    const refusal = refusedBy(error, messages.checkoutFailed, form, SECRET);
    const notCovered = isApiError(error) && (error.status === 403 || error.status === 409);
    return data<EligibilityAnswer>({ ...refusal, notCovered }, { status: 400, headers: cookies });
  }
}

function proofOf(form: FormData): EligibilityProof | { errors: Record<string, string> } {
  if (formText(form, 'method') === 'code') {
    const code = formText(form, 'code').trim();
    return code ? { method: 'code', code } : { errors: { code: employerMessages.codeMissing } };
  }
  const proof = {
    method: 'census' as const,
    firstName: formText(form, 'firstName').trim(),
    lastName: formText(form, 'lastName').trim(),
    dateOfBirth: formText(form, 'dateOfBirth').trim(),
    emailOrEmployeeId: formText(form, 'emailOrEmployeeId').trim(),
  };
  const errors: Record<string, string> = {};
  if (!proof.firstName) errors.firstName = 'Please enter your first name';
  if (!proof.lastName) errors.lastName = 'Please enter your last name';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(proof.dateOfBirth)) errors.dateOfBirth = 'Please enter your date of birth';
  if (!proof.emailOrEmployeeId) errors.emailOrEmployeeId = 'Please enter your work e-mail or employee ID';
  return Object.keys(errors).length > 0 ? { errors } : proof;
}
