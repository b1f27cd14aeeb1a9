import { data, type ActionFunctionArgs } from 'react-router';
import type { FormRefusal, FormSuccess } from '../../lib/form-answer';
import { actionApi, formText, refusedBy } from '../../lib/form.server';
import { END_EXPERIMENT_FORM, VARIANT_OFF_FORM } from './experiment-forms';

export const EXPERIMENT_ACTION_FAILED = 'The experiment could not be changed. Please try again.';

/**
 * The experiments page's action: an operator turns a variant off, or ends an experiment with the
 * variant everyone sees from then on. The API checks the role, audits and answers with the report.
 */
export async function experimentAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const intent = formText(form, '_form');
  const experimentId = formText(form, 'experimentId');
  const { api, cookies } = actionApi(request, context);
  try {
    if (intent === VARIANT_OFF_FORM) {
      const variant = formText(form, 'variant');
      const report = await api.turnExperimentVariantOff(experimentId, variant);
      const label = report.variants.find((each) => each.key === variant)?.label ?? variant;
      return data<FormSuccess>({ ok: true, form: intent, message: `${label} is off: its visitors see the control.` }, { headers: cookies });
    }
    if (intent === END_EXPERIMENT_FORM) {
      const chosen = formText(form, 'defaultVariant');
      const report = await api.endExperiment(experimentId, chosen || null);
      const shown = report.variants.find((each) => each.key === (report.defaultVariant ?? report.variants[0]?.key))?.label ?? chosen;
      return data<FormSuccess>(
        { ok: true, form: intent, message: `${report.name} has ended: everyone sees ${shown}.` },
        { headers: cookies },
      );
    }
    return data<FormRefusal>({ ok: false, errors: {}, message: EXPERIMENT_ACTION_FAILED }, { status: 400 });
  } catch (error) {
    return data<FormRefusal>({ ...refusedBy(error, EXPERIMENT_ACTION_FAILED, form), form: intent }, { status: 400, headers: cookies });
  }
}
