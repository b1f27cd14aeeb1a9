import { data, redirect, type ActionFunctionArgs } from 'react-router';
import { collectionChoiceSchema, collectionRefusal, labPickUpAvailable, messages } from '@shop/core';
import type { ApiClient, Lab } from '@shop/client';
import { isApiError } from '@shop/client/errors';
import { COLLECTION_FORM, LAB_SEARCH_FORM, type CollectionAnswer } from '../../components/checkout/forms';
import type { FormRefusal } from '../../lib/form-answer';
import { actionApi, checkForm, formText, refusedBy, typedValues } from '../../lib/form.server';

/**
 * The collection page's action, for its two forms. The lab search answers the labs nearest to the
 * zip code (New York refused first, as the API does); the choice is checked with core's schema
 * and recorded on the order, then the visitor goes on to the thanks page. A choice made already
 * (in another tab, say), or an order that needs no sample, sends them back to the page, which
 * shows the locked choice or what happens next.
 */
export async function collectionAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const orderId = new URL(request.url).searchParams.get('order') ?? '';
  const { api, cookies } = actionApi(request, context);
  if (formText(form, '_form') === LAB_SEARCH_FORM) return searchLabs(api, form);

  const method = formText(form, 'method');
  const labZip = formText(form, 'labZip').trim();
  const input =
    method === 'home'
      ? {
          method,
          fullName: formText(form, 'fullName'),
          shippingAddress: formText(form, 'shippingAddress'),
          apartmentNumber: formText(form, 'apartmentNumber'),
          city: formText(form, 'city'),
          zipCode: formText(form, 'zipCode'),
          phone: formText(form, 'phone'),
        }
      : { method, zipCode: labZip, labLocationId: formText(form, 'labLocationId') };
  // a lab choice that comes back refused shows its labs again, to choose from
  const refuse = async (refusal: FormRefusal) => {
    const labs = method === 'lab' ? { labZip, labs: await labsNear(api, labZip) } : {};
    return data<CollectionAnswer>({ ...refusal, form: COLLECTION_FORM, ...labs }, { status: 400, headers: cookies });
  };

  const checked = checkForm(collectionChoiceSchema, input, form);
  if ('refusal' in checked) {
    const { errors } = checked.refusal;
    // the lab's zip code is its own field, apart from the home address's
    if (method === 'lab' && errors.zipCode) {
      errors.labZip = errors.zipCode;
      delete errors.zipCode;
    }
    return refuse(checked.refusal);
  }
  try {
    await api.chooseCollection(orderId, checked.data);
  } catch (error) {
    if (isApiError(error) && (error.code === 'COLLECTION_ALREADY_CHOSEN' || error.code === 'NO_SAMPLE_NEEDED'))
      return redirect(`/collection?order=${encodeURIComponent(orderId)}`, { headers: cookies });
    return refuse(refusedBy(error, messages.checkoutFailed, form));
  }
  return redirect(`/thanks?order=${encodeURIComponent(orderId)}`, { headers: cookies });
}

async function searchLabs(api: ApiClient, form: FormData) {
  const labZip = formText(form, 'labZip').trim();
  const refuse = (message: string) =>
    data<CollectionAnswer>({ ok: false, form: LAB_SEARCH_FORM, errors: { labZip: message }, values: typedValues(form) }, { status: 400 });
  if (!/^\d{5}$/.test(labZip)) return refuse(messages.collectionZip);
  const refusal = collectionRefusal(labZip, 'lab');
  if (refusal) return refuse(refusal.message);
  try {
    const { labs } = await api.findLabs(labZip);
    return data<CollectionAnswer>({ ok: true, form: LAB_SEARCH_FORM, message: '', labs, labZip });
  } catch (error) {
    return refuse(refusedBy(error, messages.checkoutFailed, form).message ?? messages.checkoutFailed);
  }
}

/** The labs near a zip code, when it is one where a lab can be chosen (none otherwise). */
async function labsNear(api: ApiClient, zip: string): Promise<Lab[] | undefined> {
  if (!/^\d{5}$/.test(zip) || !labPickUpAvailable(zip)) return undefined;
  return api.findLabs(zip).then(
    ({ labs }) => labs,
    () => undefined,
  );
}
