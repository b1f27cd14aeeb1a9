import { data, type ActionFunctionArgs } from 'react-router';
import { couponSchema } from '@shop/core';
import type { FormRefusal, FormSuccess } from '../../lib/form-answer';
import { actionApi, checkForm, formText, refusedBy } from '../../lib/form.server';

export const COUPON_CREATE_FAILED = 'The coupon could not be created. Please try again.';

/** Dollars typed by a person to cents, without floating-point surprises. */
function dollarsToCents(text: string): number {
  const [whole = '0', fraction = ''] = text.trim().replace(/^\$/, '').split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
}

/**
 * The coupons page's action: a new coupon, as the form names it (a percent, or an amount in
 * dollars; an optional usage limit; the last day it works), checked with core's coupon schema
 * from today, and created by the API, which checks the operator's role and that the code is new.
 */
export async function createCouponAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const kind = formText(form, 'kind');
  const value = formText(form, 'value');
  const limit = formText(form, 'usageLimit').trim();
  const expiry = formText(form, 'expiresAt').trim();
  const input = {
    code: formText(form, 'code'),
    kind,
    value: kind === 'fixed' ? dollarsToCents(value) : Number(value),
    startsAt: new Date(),
    ...(limit ? { usageLimit: Number(limit) } : {}),
    // the coupon works through the whole of its last day
    ...(expiry ? { expiresAt: `${expiry}T23:59:59Z` } : {}),
  };
  const checked = checkForm(couponSchema, input, form);
  if ('refusal' in checked) return data<FormRefusal>(checked.refusal, { status: 400 });
  const coupon = checked.data;
  const { api, cookies } = actionApi(request, context);
  try {
    const created = await api.createCoupon({
      code: coupon.code,
      kind: coupon.kind,
      value: coupon.value,
      ...(coupon.usageLimit !== undefined ? { usageLimit: coupon.usageLimit } : {}),
      ...(coupon.expiresAt ? { expiresAt: coupon.expiresAt.toISOString() } : {}),
    });
    return data<FormSuccess>({ ok: true, message: `Coupon ${created.code} created: ${created.label}.` }, { headers: cookies });
  } catch (error) {
    return data<FormRefusal>(refusedBy(error, COUPON_CREATE_FAILED, form), { status: 400, headers: cookies });
  }
}
