import { clinicianLicenceSchema } from '@shop/core';
import { data, type ActionFunctionArgs } from 'react-router';
import type { FormRefusal, FormSuccess } from '../../lib/form-answer';
import { actionApi, checkForm, formText, refusedBy } from '../../lib/form.server';
import { LICENCE_FORM, REMOVE_LICENCE_FORM } from './clinicians-forms';
export const LICENCE_FAILED_MESSAGE = 'The licence could not be changed. Please try again.';

/** The licences page's forms: record or renew a clinician's licence in a state, or remove it. */
export async function cliniciansAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const name = formText(form, '_form');
  const clinicianId = formText(form, 'clinicianId');
  const { api, cookies } = actionApi(request, context);
  const about = { form: name, subject: clinicianId };
  const refuse = (refusal: FormRefusal) => data<FormRefusal>({ ...refusal, ...about }, { status: 400, headers: cookies });
  const accept = (message: string) => data<FormSuccess>({ ok: true, message, ...about }, { headers: cookies });
  try {
    if (name === LICENCE_FORM) {
      const input = { state: formText(form, 'state'), number: formText(form, 'number'), expiresOn: formText(form, 'expiresOn') };
      const checked = checkForm(clinicianLicenceSchema, input, form);
      if ('refusal' in checked) return refuse(checked.refusal);
      await api.setClinicianLicence(clinicianId, checked.data);
      return accept(`Licence ${checked.data.number} (${checked.data.state}) saved, valid through ${checked.data.expiresOn}.`);
    }
    if (name === REMOVE_LICENCE_FORM) {
      const state = formText(form, 'state');
      await api.removeClinicianLicence(clinicianId, state);
      return accept(`The ${state} licence is removed.`);
    }
    return refuse({ ok: false, errors: {}, message: LICENCE_FAILED_MESSAGE });
  } catch (error) {
    return refuse(refusedBy(error, LICENCE_FAILED_MESSAGE, form));
  }
}
