import { data, type ActionFunctionArgs } from 'react-router';
import { payoutAccountSchema } from '@shop/core';
import type { FormAnswer, FormRefusal } from '../../lib/form-answer';
import { actionApi, checkForm, formText, refusedBy } from '../../lib/form.server';

export const SET_ACCOUNT_FAILED = 'The payout account could not be saved. Please try again.';

/** An answer of the payouts page: which payee's form it answers. */
export type PayoutAccountAnswer = FormAnswer & { payeeId: string };

/**
 * The payouts page's action: the Stripe account a payee's transfers go to, checked with core's
 * schema and set by the API, which checks the operator's role, that the payee exists, and audits it.
 */
export async function setPayoutAccountAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const payeeId = formText(form, 'payeeId');
  const { api, cookies } = actionApi(request, context);
  const refuse = (refusal: FormRefusal) => data<PayoutAccountAnswer>({ ...refusal, payeeId }, { status: 400, headers: cookies });
  const input = { payee: formText(form, 'payee'), payeeId, stripeAccountId: formText(form, 'stripeAccountId') };
  const checked = checkForm(payoutAccountSchema, input, form);
  if ('refusal' in checked) return refuse(checked.refusal);
  try {
    const saved = await api.setPayoutAccount(checked.data);
    const name = formText(form, 'payeeName');
    return data<PayoutAccountAnswer>(
      { ok: true, payeeId, message: `${name || 'The payee'}’s transfers now go to ${saved.stripeAccountId}.` },
      { headers: cookies },
    );
  } catch (error) {
    return refuse(refusedBy(error, SET_ACCOUNT_FAILED, form));
  }
}
