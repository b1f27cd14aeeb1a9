import { data, redirect, type ActionFunctionArgs } from 'react-router';
import { checkoutAccountSchema, frequencyLabels, isDeliveryFrequency, isMembership, messages } from '@shop/core';
import type { Cart } from '@shop/client';
import { isApiError } from '@shop/client/errors';
import { ACCOUNT_FORM, type AccountAnswer } from '../../components/checkout/account-step';
import { CHECKOUT_FORM, NORMAL_PRICE_FORM } from '../../components/checkout/forms';
import { couponAction, isCouponForm } from '../../lib/coupon-action.server';
import type { FormRefusal } from '../../lib/form-answer';
import { actionApi, checkForm, formText, refusedBy } from '../../lib/form.server';

/** What the checkout says when it is sent before its script runs (or without it). */
export const PAYING_NEEDS_SCRIPT =
  'Paying by card needs this page’s JavaScript: the card goes from it straight to the payment provider. Please turn JavaScript on, or reload the page, and pay again.';

const SECRET = ['password'];

/**
 * The checkout's action. The discount code and the account step are sent here, with or without
 * the page's script. The checkout's own form is not: the card goes from the page's script to the
 * gateway. Sent without the script it lands here all the same, and is answered with why it cannot
 * be taken.
 */
export async function paymentAction(args: ActionFunctionArgs) {
  const form = await args.request.clone().formData();
  if (isCouponForm(form)) return couponAction(args);
  if (formText(form, '_form') === ACCOUNT_FORM) return accountAction(args, form);
  if (formText(form, '_form') === NORMAL_PRICE_FORM) return normalPriceAction(args, form);
  return data<FormRefusal>({ ok: false, errors: {}, form: CHECKOUT_FORM, message: PAYING_NEEDS_SCRIPT }, { status: 400 });
}

/**
 * The account step (§3 checkout account): core's schema checks the e-mail and password, then the
 * API creates the account for a new e-mail or signs in with a known one, and sets the session's
 * cookie, which goes back to the browser with the answer. The page then says who is signed in.
 */
async function accountAction({ request, context }: ActionFunctionArgs, form: FormData) {
  const input = { email: formText(form, 'email'), password: formText(form, 'password') };
  const checked = checkForm(checkoutAccountSchema, input, form, SECRET);
  if ('refusal' in checked) return data<AccountAnswer>({ ...checked.refusal, form: ACCOUNT_FORM }, { status: 400 });
  const { api, cookies } = actionApi(request, context);
  try {
    const { user } = await api.checkoutAccount(checked.data);
    return data<AccountAnswer>({ ok: true, form: ACCOUNT_FORM, message: '', signedIn: { email: user.email } }, { headers: cookies });
  } catch (error) {
    const refusal = refusedBy(error, messages.checkoutFailed, form, SECRET);
    // the e-mail the API refuses is said under its field, where the customer changes it
    const answer: AccountAnswer =
      isApiError(error) && error.code === 'EMAIL_REJECTED'
        ? { ok: false, form: ACCOUNT_FORM, errors: { email: error.message }, values: refusal.values ?? {} }
        : { ...refusal, form: ACCOUNT_FORM };
    return data<AccountAnswer>(answer, { status: 400, headers: cookies });
  }
}

/**
 * A covered cart the employer's cover would refuse, bought at the normal price instead: the cover
 * comes off the cart (its lines stay) and the ordinary checkout asks for the card.
 */
async function normalPriceAction({ request, context }: ActionFunctionArgs, form: FormData) {
  const { api, cookies } = actionApi(request, context);
  try {
    await api.dropEmployerCartCover();
  } catch (error) {
    return data<FormRefusal>(
      { ...refusedBy(error, messages.checkoutFailed, form), form: CHECKOUT_FORM },
      { status: 400, headers: cookies },
    );
  }
  return redirect('/checkout-payment', { headers: cookies });
}

/** What a test subscription in the cart will charge, line by line: "$69.95 for each delivery of the …, every month". */
export function recurringTerms(items: Cart['items']): string | null {
  const terms = items.flatMap((item) =>
    isDeliveryFrequency(item.frequency) && !isMembership(item.productCode)
      ? [`${item.lineTotal} for each delivery of the ${item.title}, ${frequencyLabels[item.frequency]}`]
      : [],
  );
  return terms.length > 0 ? terms.join('; and ') : null;
}
