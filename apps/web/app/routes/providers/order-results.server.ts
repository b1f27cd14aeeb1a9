import { resultsReleaseSchema } from '@shop/core';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { serverApi } from '../../lib/api';
import { isUnauthenticated, notFoundOrRefusedWhen } from '../../lib/errors';
import type { FormRefusal, FormSuccess } from '../../lib/form-answer';
import { actionApi, checkForm, formText, refusedBy } from '../../lib/form.server';

const FAILED = 'That did not work. Please try again.';

/** An order's results for the practitioner or admin who reviews them; another clinic's order is the 404 page. */
export async function orderResultsLoader({ request, context, params }: LoaderFunctionArgs) {
  try {
    return { results: await serverApi(request, context).providerOrderResults(params.id ?? '') };
  } catch (error) {
    if (isUnauthenticated(error)) throw redirect(`/sign-in?next=${encodeURIComponent(new URL(request.url).pathname)}`);
    return notFoundOrRefusedWhen(error);
  }
}

/** Releases the held results to the client, with the practitioner's note. */
export async function orderResultsAction({ request, context, params }: ActionFunctionArgs) {
  const form = await request.formData();
  const { api, cookies } = actionApi(request, context);
  const checked = checkForm(resultsReleaseSchema, { note: formText(form, 'note') }, form);
  if ('refusal' in checked) return data<FormRefusal>(checked.refusal, { status: 400, headers: cookies });
  try {
    await api.releaseProviderResults(params.id ?? '', checked.data.note);
    return data<FormSuccess>(
      { ok: true, message: 'The results are released: your client is e-mailed and can read them now.' },
      { headers: cookies },
    );
  } catch (error) {
    return data<FormRefusal>(refusedBy(error, FAILED, form), { status: 400, headers: cookies });
  }
}
