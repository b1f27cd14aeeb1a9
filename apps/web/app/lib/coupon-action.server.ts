import { data, type ActionFunctionArgs } from 'react-router';
import { promoCodeSchema } from '@shop/core';
import { COUPON_FORM, COUPON_REMOVE_FORM, type CouponAnswer } from '../components/checkout/forms';
import type { FormRefusal } from './form-answer';
import { actionApi, formText, refusedBy, typedValues } from './form.server';

export const COUPON_FAILED_MESSAGE = 'We could not apply this code. Please try again.';

/** Whether a form the page received is one of the discount code's: applying one, or removing the one on the cart. */
export function isCouponForm(form: FormData): boolean {
  const name = formText(form, '_form');
  return name === COUPON_FORM || name === COUPON_REMOVE_FORM;
}

/**
 * The action of every page that shows the discount code form: core's schema checks the code, the
 * API checks it against the cart and prices it; the page's data then reloads with the new totals.
 * Every refusal of a code is said under its field, where the customer fixes it.
 */
export async function couponAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const name = formText(form, '_form');
  const { api, cookies } = actionApi(request, context);
  const refuse = (refusal: FormRefusal) => data<CouponAnswer>({ ...refusal, form: name }, { status: 400, headers: cookies });
  const refuseCode = (message: string) => refuse({ ok: false, errors: { code: message }, values: typedValues(form) });
  try {
    if (name === COUPON_REMOVE_FORM) {
      await api.removeCoupon();
      return data<CouponAnswer>({ ok: true, form: name, message: 'The discount code is removed.' }, { headers: cookies });
    }
    if (name !== COUPON_FORM) return refuse({ ok: false, errors: {}, message: COUPON_FAILED_MESSAGE });
    const parsed = promoCodeSchema.safeParse(formText(form, 'code'));
    if (!parsed.success) return refuseCode(parsed.error.issues[0]?.message ?? COUPON_FAILED_MESSAGE);
    const discounts = await api.applyCoupon(parsed.data);
    const applied = discounts.applied.find((discount) => discount.code === discounts.couponCode);
    const answer: CouponAnswer = {
      ok: true,
      form: name,
      message: `Discount code ${parsed.data} applied.`,
      code: discounts.couponCode,
      discount: applied?.discount,
    };
    return data(answer, { headers: cookies });
  } catch (error) {
    const refusal = refusedBy(error, COUPON_FAILED_MESSAGE, form);
    return name === COUPON_FORM ? refuseCode(refusal.message ?? COUPON_FAILED_MESSAGE) : refuse(refusal);
  }
}
