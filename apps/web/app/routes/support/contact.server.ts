import { contactFormSchema } from '@shop/core';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { serverApi } from '../../lib/api';
import type { FormRefusal, FormSuccess } from '../../lib/form-answer';
import { actionApi, checkForm, formText, refusedBy } from '../../lib/form.server';
import { CONTACT_FORM, HONEYPOT_FIELD } from './support-forms';

export const CONTACT_FAILED_MESSAGE = 'Your message could not be sent. Please try again in a moment.';

/**
 * The contact page's data: who writes (a member's name and e-mail come from the account), the
 * order a message is about when a member follows a "Message support" link of theirs, and when the
 * form was shown (a script that posts it at once is not a person).
 */
export async function contactLoader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const api = serverApi(request, context);
  const session = await api.session().catch(() => null);
  const orderId = url.searchParams.get('order') ?? '';
  const topic = url.searchParams.get('topic') === 'collection_change' ? 'collection_change' : 'general';
  let order: { id: string; number: number; collection: string | null } | null = null;
  if (session && orderId) {
    const found = await api.getOrder(orderId).catch(() => null);
    if (found) order = { id: found.id, number: found.number, collection: found.collection?.label ?? null };
  }
  return {
    member: session ? { name: session.user.name, email: session.user.email } : null,
    order,
    topic: order ? topic : 'general',
    startedAt: Date.now(),
  };
}

/** Sends the message through the API, which limits and screens it; a member then reads the thread in their account. */
export async function contactAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const { api, cookies } = actionApi(request, context);
  const input = {
    name: formText(form, 'name') || undefined,
    email: formText(form, 'email') || undefined,
    subject: formText(form, 'subject'),
    body: formText(form, 'body'),
    topic: formText(form, 'topic') || undefined,
    orderId: formText(form, 'orderId') || undefined,
    website: formText(form, HONEYPOT_FIELD),
    startedAt: formText(form, 'startedAt'),
  };
  const checked = checkForm(contactFormSchema, input, form);
  if ('refusal' in checked) return data<FormRefusal>({ ...checked.refusal, form: CONTACT_FORM }, { status: 400, headers: cookies });
  let sent: { message: string; threadId: string | null };
  try {
    sent = await api.sendSupportMessage(checked.data);
  } catch (error) {
    return data<FormRefusal>({ ...refusedBy(error, CONTACT_FAILED_MESSAGE, form), form: CONTACT_FORM }, { status: 400, headers: cookies });
  }
  // a member goes on in their account, where the answer will be
  if (sent.threadId) return redirect(`/account/messages/${sent.threadId}?sent=1`, { headers: cookies });
  return data<FormSuccess>({ ok: true, message: sent.message, form: CONTACT_FORM }, { headers: cookies });
}
