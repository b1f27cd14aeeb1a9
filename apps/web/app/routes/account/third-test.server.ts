import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import type { ThirdTestOffer } from '@shop/client';
import { messages } from '@shop/core';
import { THIRD_TEST_CHECKOUT_PATH, THIRD_TEST_FORM, THIRD_TEST_NOT_OFFERED } from '../../components/program/third-test-forms';
import { serverApi } from '../../lib/api';
import type { FormRefusal } from '../../lib/form-answer';
import { actionApi, formText, refusedBy } from '../../lib/form.server';

/** The 3rd test offered at the end of the program, or null: nice to have, so it never fails the page. */
export async function loadThirdTestOffer({
  request,
  context,
}: Pick<LoaderFunctionArgs, 'request' | 'context'>): Promise<ThirdTestOffer | null> {
  try {
    return (await serverApi(request, context).thirdTestOffer()).offer;
  } catch {
    return null;
  }
}

/**
 * The program page's "Add to cart" of the 3rd test: which test is the API's to say (the offer of
 * the member's own program), never the form's; added as a test beside the rest, then checkout.
 */
export async function thirdTestAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const name = formText(form, '_form');
  const { api, cookies } = actionApi(request, context);
  const refuse = (message: string) => data<FormRefusal>({ ok: false, errors: {}, message, form: name }, { status: 400, headers: cookies });
  if (name !== THIRD_TEST_FORM) return refuse(messages.checkoutFailed);
  try {
    const { offer } = await api.thirdTestOffer();
    if (!offer) return refuse(THIRD_TEST_NOT_OFFERED);
    await api.addToCart(
      offer.productCode === 'base-quiz'
        ? { productCode: offer.productCode, testId: offer.testId ?? undefined, origin: 'addon' }
        : { productCode: offer.productCode },
    );
  } catch (error) {
    const refusal = refusedBy(error, messages.checkoutFailed, form);
    return refuse(refusal.message ?? messages.checkoutFailed);
  }
  return redirect(THIRD_TEST_CHECKOUT_PATH, { headers: cookies });
}
