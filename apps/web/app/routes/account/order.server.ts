import { data, redirect, type ActionFunctionArgs } from 'react-router';
import { isProductCode, kitRegistrationSchema, messages } from '@shop/core';
import { ADD_PROGRAM_FORM, CANCEL_ORDER_FORM, REGISTER_KIT_FORM, SAMPLE_SENT_FORM } from '../../components/account/forms';
import type { FormRefusal, FormSuccess } from '../../lib/form-answer';
import { actionApi, checkForm, formText, refusedBy } from '../../lib/form.server';

export const KIT_REGISTERED_MESSAGE = 'Your kit is registered. Take your sample as the instructions say and send it back.';
export const SAMPLE_SENT_MESSAGE = 'Thank you: we look out for your sample at the lab.';
export const REGISTER_FAILED_MESSAGE = 'Something happened. Please try again or contact us.';
export const ORDER_CANCELLED_MESSAGE =
  'Your order is cancelled, and everything you paid for it is refunded to your card. Refunds show on your statement in 5 to 10 business days.';
export const CANCEL_ORDER_FAILED_MESSAGE = 'We could not cancel the order. Please try again or message support.';

/** Where the Improvement Program added to the cart is paid for. */
export const PROGRAM_CHECKOUT_PATH = '/checkout-payment';

/**
 * The order page's forms, told apart by `_form`: a kit registered by the code printed on it
 * (core's schema checks the code, the API that it is a kit of this order), and the Improvement
 * Program a one-off gift's recipient adds to the cart, then pays for at checkout, and the order
 * cancelled before it ships (the API refunds it in full).
 */
export async function orderAction({ request, context, params }: ActionFunctionArgs) {
  const form = await request.formData();
  const name = formText(form, '_form');
  const { api, cookies } = actionApi(request, context);
  const refuse = (refusal: FormRefusal) => data<FormRefusal>({ ...refusal, form: name }, { status: 400, headers: cookies });

  if (name === REGISTER_KIT_FORM) {
    const checked = checkForm(kitRegistrationSchema, { code: formText(form, 'code') }, form);
    if ('refusal' in checked) return refuse(checked.refusal);
    try {
      await api.registerKit(params.id ?? '', checked.data.code);
    } catch (error) {
      return refuse(refusedBy(error, REGISTER_FAILED_MESSAGE, form));
    }
    return data<FormSuccess>({ ok: true, message: KIT_REGISTERED_MESSAGE, form: name }, { headers: cookies });
  }

  if (name === SAMPLE_SENT_FORM) {
    const kitSlug = formText(form, 'kitSlug');
    try {
      await api.sampleSent(params.id ?? '', kitSlug);
    } catch (error) {
      return data<FormRefusal>(
        { ...refusedBy(error, REGISTER_FAILED_MESSAGE, form), form: name, subject: kitSlug },
        { status: 400, headers: cookies },
      );
    }
    return data<FormSuccess>({ ok: true, message: SAMPLE_SENT_MESSAGE, form: name, subject: kitSlug }, { headers: cookies });
  }

  if (name === ADD_PROGRAM_FORM) {
    const productCode = formText(form, 'productCode');
    if (!isProductCode(productCode)) return refuse({ ok: false, errors: {}, message: messages.checkoutFailed });
    try {
      await api.addToCart({ productCode });
    } catch (error) {
      return refuse(refusedBy(error, messages.checkoutFailed, form));
    }
    return redirect(PROGRAM_CHECKOUT_PATH, { headers: cookies });
  }

  if (name === CANCEL_ORDER_FORM) {
    try {
      await api.cancelOrder(params.id ?? '');
    } catch (error) {
      return refuse(refusedBy(error, CANCEL_ORDER_FAILED_MESSAGE, form));
    }
    return data<FormSuccess>({ ok: true, message: ORDER_CANCELLED_MESSAGE, form: name }, { headers: cookies });
  }

  return refuse({ ok: false, errors: {}, message: REGISTER_FAILED_MESSAGE });
}
