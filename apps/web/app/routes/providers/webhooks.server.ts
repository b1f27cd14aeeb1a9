import { clinicWebhookEndpointSchema } from '@shop/core';
import { isApiError } from '@shop/client/errors';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { serverApi } from '../../lib/api';
import { isUnauthenticated } from '../../lib/errors';
import type { FormRefusal } from '../../lib/form-answer';
import { actionApi, checkForm, formText, refusedBy } from '../../lib/form.server';
import { webhookForms, type EndpointAdded } from './webhooks-forms';

const FAILED = 'That did not work. Please try again.';

/** The clinic's endpoints and delivery log, for its admins; anyone else is told so in the API's words. */
export async function webhooksLoader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  try {
    return { webhooks: await serverApi(request, context).providerWebhooks(), refused: null };
  } catch (error) {
    if (isUnauthenticated(error)) throw redirect(`/sign-in?next=${encodeURIComponent(url.pathname)}`);
    if (isApiError(error) && error.status === 403) return { webhooks: null, refused: error.message };
    throw error;
  }
}

export async function webhooksAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const name = formText(form, '_form');
  const { api, cookies } = actionApi(request, context);
  const refuse = (refusal: FormRefusal) => data<FormRefusal>({ ...refusal, form: name }, { status: 400, headers: cookies });
  const accept = (message: string, secret?: string) =>
    data<EndpointAdded>({ ok: true, message, form: name, ...(secret ? { secret } : {}) }, { headers: cookies });
  const id = formText(form, 'id');
  try {
    switch (name) {
      case webhookForms.add: {
        const checked = checkForm(clinicWebhookEndpointSchema, { url: formText(form, 'url') }, form);
        if ('refusal' in checked) return refuse(checked.refusal);
        const added = await api.addProviderWebhook(checked.data.url);
        return accept(`${added.endpoint.url} will receive your clinic’s events.`, added.secret);
      }
      case webhookForms.remove:
        await api.removeProviderWebhook(id);
        return accept('The endpoint is removed. It gets no new events.');
      case webhookForms.redeliver:
        await api.redeliverProviderWebhook(id);
        return accept('The event is being sent again.');
      default:
        return refuse({ ok: false, errors: {}, message: FAILED });
    }
  } catch (error) {
    return refuse(refusedBy(error, FAILED, form));
  }
}
