import { data, type ActionFunctionArgs } from 'react-router';
import { leadForms, leadMessages, type LeadInput, type LeadKind } from '@shop/core';
import type { FormRefusal, FormSuccess } from './form-answer';
import { actionApi, checkForm, formText, refusedBy } from './form.server';

export const LEAD_FAILED_MESSAGE = 'We could not send the form. Please try again in a moment.';

/** What each lead form's fields become for its schema (a yes or a no becomes a boolean...). */
const readers: { [K in LeadKind]: (form: FormData) => LeadInput<K> } = {
  business_contact: (form) => ({
    firstName: formText(form, 'firstName'),
    lastName: formText(form, 'lastName'),
    email: formText(form, 'email'),
    company: formText(form, 'company'),
    benefitsContactName: formText(form, 'benefitsContactName'),
    benefitsContactEmail: formText(form, 'benefitsContactEmail'),
    // neither picked: the schema refuses anything but true or false, with its own message
    consentToBeNamed: yesOrNo(formText(form, 'consentToBeNamed')) as boolean,
  }),
  providers_contact: (form) => ({
    firstName: formText(form, 'firstName'),
    lastName: formText(form, 'lastName'),
    email: formText(form, 'email'),
  }),
  whitepaper: (form) => ({
    firstName: formText(form, 'firstName'),
    lastName: formText(form, 'lastName'),
    email: formText(form, 'email'),
    company: formText(form, 'company'),
  }),
  provider_referral: (form) => ({
    yourFirstName: formText(form, 'yourFirstName'),
    yourLastName: formText(form, 'yourLastName'),
    yourEmail: formText(form, 'yourEmail'),
    providerFirstName: formText(form, 'providerFirstName'),
    providerLastName: formText(form, 'providerLastName'),
    providerType: formText(form, 'providerType') as LeadInput<'provider_referral'>['providerType'],
    providerEmail: formText(form, 'providerEmail'),
  }),
  sample_plan: (form) => ({ email: formText(form, 'email') }),
};

const clinicRoles: ReadonlySet<string> = new Set(['provider_admin', 'provider_staff']);

/**
 * A referral sent by a signed-in clinic member is their clinic's (it earns the provider referral's
 * $50); anybody else's is a lead, as the page's form has always been.
 */
async function isClinicMember(api: ReturnType<typeof actionApi>['api']): Promise<boolean> {
  const session = await api.session().catch(() => null);
  return clinicRoles.has(session?.user?.role ?? '');
}

function yesOrNo(value: string): boolean | undefined {
  return value === 'yes' ? true : value === 'no' ? false : undefined;
}

function isLeadKind(kind: string): kind is LeadKind {
  return Object.hasOwn(leadForms, kind);
}

/**
 * The action of every page with a lead form: the form names its kind (`_form`), core's schema
 * checks it (the API checks it again with the same one), and the API stores it. Sent by script,
 * the answer updates the form; sent without, it comes back with the page.
 */
export async function leadAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const kind = formText(form, '_form');
  if (!isLeadKind(kind)) return data<FormRefusal>({ ok: false, errors: {}, message: LEAD_FAILED_MESSAGE }, { status: 400 });
  const input = readers[kind](form);
  const checked = checkForm<unknown>(leadForms[kind].schema, input, form);
  if ('refusal' in checked) return data<FormRefusal>({ ...checked.refusal, form: kind }, { status: 400 });
  try {
    const { api } = actionApi(request, context);
    const { message } = await (kind === 'provider_referral' && (await isClinicMember(api))
      ? api.referProvider(input as LeadInput<'provider_referral'>)
      : api.submitLead(kind, input));
    return data<FormSuccess>({ ok: true, message, form: kind });
  } catch (error) {
    const fallback = kind === 'sample_plan' ? leadMessages.sampleFailed : LEAD_FAILED_MESSAGE;
    return data<FormRefusal>({ ...refusedBy(error, fallback, form), form: kind }, { status: 400 });
  }
}
