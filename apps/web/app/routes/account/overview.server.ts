import { data, type ActionFunctionArgs } from 'react-router';
import { healthDataConsentTexts, isHealthDataConsentKind } from '@shop/core';
import { CANCEL_SUBSCRIPTION_FORM, GIVE_CONSENT_FORM, WITHDRAW_CONSENT_FORM } from '../../components/account/forms';
import type { FormRefusal, FormSuccess } from '../../lib/form-answer';
import { actionApi, formText, refusedBy } from '../../lib/form.server';

export const CANCEL_FAILED_MESSAGE = 'We could not cancel the subscription. Please try again.';
export const CONSENT_FAILED_MESSAGE = 'We could not save your choice. Please try again.';

/** What the member is told once a consent is withdrawn: what stops, and where deletion is. */
export function withdrawnMessage(kind: string): string {
  const stops = isHealthDataConsentKind(kind) ? ` ${healthDataConsentTexts[kind].withdrawal}` : '';
  return `Your consent is withdrawn.${stops} You can also delete your account below.`;
}

/** What the member is told once a subscription is cancelled; a membership lasts to the end of the month paid for. */
export function cancelledMessage(subscription: { title: string; kind: string; benefits: boolean; accessUntil: string | null }): string {
  if (subscription.kind === 'membership') {
    const until = subscription.benefits && subscription.accessUntil ? ` It lasts until ${subscription.accessUntil}.` : '';
    return `Your ${subscription.title} membership is cancelled. Your card will not be charged again for it.${until}`;
  }
  return `Your subscription to the ${subscription.title} is cancelled. Your card will not be charged again for it.`;
}

/**
 * The account overview's forms, told apart by `_form`: a test subscription cancelled once the
 * member said yes (in the dialog, or on the page that asks without script). The API checks that
 * the subscription is the member's; the page's data then reloads with it cancelled.
 */
export async function overviewAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const name = formText(form, '_form');
  const { api, cookies } = actionApi(request, context);
  const refuse = (refusal: FormRefusal) => data<FormRefusal>({ ...refusal, form: name }, { status: 400, headers: cookies });
  if (name === WITHDRAW_CONSENT_FORM || name === GIVE_CONSENT_FORM) {
    const kind = formText(form, 'kind');
    try {
      if (name === WITHDRAW_CONSENT_FORM) {
        await api.withdrawHealthConsent(kind);
        return data<FormSuccess>({ ok: true, message: withdrawnMessage(kind), form: name }, { headers: cookies });
      }
      await api.giveHealthConsent({ kind, version: formText(form, 'version') });
      return data<FormSuccess>({ ok: true, message: 'Thank you: your consent is recorded.', form: name }, { headers: cookies });
    } catch (error) {
      return refuse(refusedBy(error, CONSENT_FAILED_MESSAGE, form));
    }
  }
  const id = formText(form, 'subscription');
  if (name !== CANCEL_SUBSCRIPTION_FORM || !id) return refuse({ ok: false, errors: {}, message: CANCEL_FAILED_MESSAGE });
  try {
    const subscription = await api.cancelSubscription(id);
    return data<FormSuccess>({ ok: true, message: cancelledMessage(subscription), form: name }, { headers: cookies });
  } catch (error) {
    return refuse(refusedBy(error, CANCEL_FAILED_MESSAGE, form));
  }
}
