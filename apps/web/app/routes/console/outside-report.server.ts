import { biomarkers } from '@shop/core';
import { data, type ActionFunctionArgs } from 'react-router';
import type { FormRefusal, FormSuccess } from '../../lib/form-answer';
import { actionApi, refusedBy } from '../../lib/form.server';
import { resultSetOf } from './order-results.server';

export const OUTSIDE_RESULTS_FAILED = 'The values could not be saved. Please try again.';

/**
 * The outside report's entry: the form read as a result set over every biomarker the catalog
 * knows (a blank one is left out), checked with the schema the console's results form uses, and
 * entered by the API as the staff member, once per report.
 */
export async function outsideResultsAction({ request, context, params }: ActionFunctionArgs) {
  const form = await request.formData();
  const { input, refusal } = resultSetOf(form, Object.keys(biomarkers), 'Please check the values.');
  if (refusal) return refusal;
  const { api, cookies } = actionApi(request, context);
  try {
    const saved = await api.enterOutsideResults(params.id ?? '', input);
    const message = `${saved.biomarkers} ${saved.biomarkers === 1 ? 'value' : 'values'} entered in the member’s health record. They are e-mailed that their outside results are in.`;
    return data<FormSuccess>({ ok: true, message }, { headers: cookies });
  } catch (error) {
    return data<FormRefusal>(refusedBy(error, OUTSIDE_RESULTS_FAILED, form), { status: 400, headers: cookies });
  }
}
