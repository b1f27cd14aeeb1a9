import { data, redirect, type ActionFunctionArgs } from 'react-router';
import { isProductCode } from '@shop/core';
import { MARKETPLACE_ADD_FORM } from '../../components/account/forms';
import type { FormRefusal } from '../../lib/form-answer';
import { actionApi, formText, refusedBy } from '../../lib/form.server';

export const MARKETPLACE_ADD_FAILED = 'We could not add this test to your cart. Please try again.';

/**
 * A test of the marketplace put in the member's cart, with or without the page's script; the
 * checkout follows, where the cart takes the member's 5% off. The API says whether the product
 * may be bought and what it would replace.
 */
export async function marketplaceAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const name = formText(form, '_form');
  const { api, cookies } = actionApi(request, context);
  const refuse = (refusal: FormRefusal) => data<FormRefusal>({ ...refusal, form: name }, { status: 400, headers: cookies });
  const productCode = formText(form, 'productCode');
  const testId = Number(formText(form, 'testId'));
  if (name !== MARKETPLACE_ADD_FORM || !isProductCode(productCode))
    return refuse({ ok: false, errors: {}, message: MARKETPLACE_ADD_FAILED });
  try {
    await api.addToCart({ productCode, ...(Number.isInteger(testId) && testId > 0 ? { testId } : {}) });
  } catch (error) {
    return refuse(refusedBy(error, MARKETPLACE_ADD_FAILED, form));
  }
  return redirect('/checkout-payment', { headers: cookies });
}
