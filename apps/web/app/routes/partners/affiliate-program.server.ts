import { affiliateApplicationSchema, affiliateMemberApplicationSchema } from '@shop/core';
import { data, type ActionFunctionArgs } from 'react-router';
import type { FormRefusal } from '../../lib/form-answer';
import { APPLY_AS_MEMBER } from './affiliate-program-forms';
import { actionApi, checkForm, formText, refusedBy } from '../../lib/form.server';

const SECRET = ['password'];
export const APPLICATION_FAILED_MESSAGE = 'We could not send your application. Please try again.';

/** The answer once the application is in: the applicant is signed in, and told what happens next. */
export interface ApplicationReceived {
  ok: true;
  message: string;
  name: string;
  /** the address the account was made with; none when a signed-in customer applied with theirs */
  email?: string;
}

/**
 * The affiliate application: checked with core's schema here and by the API, which makes the
 * applicant's account, keeps the application for an operator and signs the applicant in (the
 * session's cookies go back with the answer).
 */
export async function applyAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  if (formText(form, 'applyAs') === APPLY_AS_MEMBER) return applyAsMember(form, request, context);
  const input = {
    name: formText(form, 'name'),
    email: formText(form, 'email'),
    password: formText(form, 'password'),
    website: formText(form, 'website'),
    promotion: formText(form, 'promotion'),
  };
  const checked = checkForm(affiliateApplicationSchema, input, form, SECRET);
  if ('refusal' in checked) return data<FormRefusal>(checked.refusal, { status: 400 });
  const { api, cookies } = actionApi(request, context);
  try {
    const application = await api.applyAsAffiliate(checked.data);
    return data<ApplicationReceived>(
      { ok: true, message: 'Application received', name: application.name, email: checked.data.email },
      { headers: cookies },
    );
  } catch (error) {
    return data<FormRefusal>(refusedBy(error, APPLICATION_FAILED_MESSAGE, form, SECRET), { status: 400, headers: cookies });
  }
}

/** A signed-in customer's application: no account to make, the API takes the session's. */
async function applyAsMember(form: FormData, request: Request, context: ActionFunctionArgs['context']) {
  const input = { name: formText(form, 'name'), website: formText(form, 'website'), promotion: formText(form, 'promotion') };
  const checked = checkForm(affiliateMemberApplicationSchema, input, form);
  if ('refusal' in checked) return data<FormRefusal>(checked.refusal, { status: 400 });
  const { api, cookies } = actionApi(request, context);
  try {
    const application = await api.applyAsMemberAffiliate(checked.data);
    return data<ApplicationReceived>({ ok: true, message: 'Application received', name: application.name }, { headers: cookies });
  } catch (error) {
    return data<FormRefusal>(refusedBy(error, APPLICATION_FAILED_MESSAGE, form), { status: 400, headers: cookies });
  }
}
