import { data, redirect, type ActionFunctionArgs } from 'react-router';
import { messages } from '@shop/core';
import type { ApiClient } from '@shop/client';
import { APPROVE_FORM, BANK_FORM, CONFIRM_FORM, type ApprovalAnswer } from '../components/checkout/charge-approval';
import { actionApi, formText, refusedBy } from './form.server';

/** A charge the customer approves with their saved card: how the API starts it and confirms it after the bank's check. */
export interface ApprovedCharge {
  /** the page's path, and the query parameter naming the charge */
  path: string;
  param: string;
  /** `paymentMethod`: another card than the saved one, when the page takes one */
  approve: (api: ApiClient, id: string, paymentMethod?: string) => Promise<unknown>;
  confirm: (api: ApiClient, id: string) => Promise<unknown>;
}

/** The bank's check the API asks for, when it asks for one. */
function clientSecretOf(started: unknown): string | undefined {
  if (typeof started !== 'object' || started === null || !('requiresAction' in started)) return undefined;
  const { requiresAction } = started as { requiresAction?: { clientSecret?: unknown } };
  return typeof requiresAction?.clientSecret === 'string' ? requiresAction.clientSecret : undefined;
}

/**
 * The action of a page where a held-back charge is approved (the Improvement Program's, a
 * subscription delivery's), for its three forms: the approval, the test gateway's stand-in for
 * the bank's check, and the confirmation once the bank's own screen has answered. A charge that
 * went through sends the customer back to the page, which shows it paid; one the bank wants to
 * check first answers with the check's secret.
 */
export async function chargeApprovalAction({ request, context }: ActionFunctionArgs, charge: ApprovedCharge) {
  const form = await request.formData();
  const name = formText(form, '_form');
  const id = new URL(request.url).searchParams.get(charge.param) ?? '';
  const { api, cookies } = actionApi(request, context);
  const refuse = (error: unknown) =>
    data<ApprovalAnswer>({ ...refusedBy(error, messages.checkoutFailed, form, ['secret']), form: name }, { status: 400, headers: cookies });
  try {
    if (name === APPROVE_FORM) {
      const paymentMethod = formText(form, 'paymentMethod');
      const clientSecret = clientSecretOf(await charge.approve(api, id, paymentMethod || undefined));
      if (clientSecret) return data<ApprovalAnswer>({ ok: true, form: name, message: '', clientSecret }, { headers: cookies });
    } else if (name === BANK_FORM) {
      await api.authenticateTestPayment(formText(form, 'secret'), formText(form, 'approve') === 'yes');
      await charge.confirm(api, id);
    } else if (name === CONFIRM_FORM) {
      await charge.confirm(api, id);
    } else {
      return refuse(undefined);
    }
  } catch (error) {
    return refuse(error);
  }
  return redirect(`${charge.path}?${charge.param}=${encodeURIComponent(id)}`, { headers: cookies });
}
