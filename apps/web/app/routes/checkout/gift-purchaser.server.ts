import { data, redirect, type ActionFunctionArgs } from 'react-router';
import { checkDeliveryDate, dayIn, giftDeliverySchema, messages } from '@shop/core';
import { isApiError } from '@shop/client/errors';
import { GIFT_DELIVERY_FORM } from '../../components/checkout/forms';
import type { FormRefusal } from '../../lib/form-answer';
import { actionApi, checkForm, formText, refusedBy, typedValues } from '../../lib/form.server';

const fields = ['purchaserName', 'purchaserEmail', 'recipientName', 'recipientEmail', 'deliveryDate', 'message'] as const;

/**
 * The gift delivery form's action: core's schema checks it, the date is checked against New
 * York's today (as the API judges it), the API stores it on the cart's gift, and the purchaser
 * goes on to pay for the gift.
 */
export async function giftDeliveryAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const input = Object.fromEntries(fields.map((name) => [name, formText(form, name)]));
  const checked = checkForm(giftDeliverySchema, input, form);
  const errors = 'refusal' in checked ? checked.refusal.errors : {};
  if (!errors.deliveryDate) {
    const date = checkDeliveryDate(formText(form, 'deliveryDate').trim(), dayIn(new Date()));
    if (!date.ok) errors.deliveryDate = date.message;
  }
  if ('refusal' in checked || Object.keys(errors).length > 0) {
    return data<FormRefusal>({ ok: false, form: GIFT_DELIVERY_FORM, errors, values: typedValues(form) }, { status: 400 });
  }
  const { api, cookies } = actionApi(request, context);
  try {
    await api.saveGiftDelivery(checked.data);
  } catch (error) {
    const refusal: FormRefusal =
      isApiError(error) && error.code === 'GIFT_DATE_NOT_ALLOWED'
        ? { ok: false, errors: { deliveryDate: error.message }, values: typedValues(form) }
        : refusedBy(error, messages.checkoutFailed, form);
    return data<FormRefusal>({ ...refusal, form: GIFT_DELIVERY_FORM }, { status: 400, headers: cookies });
  }
  return redirect('/checkout-payment-gift', { headers: cookies });
}
