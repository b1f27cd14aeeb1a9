import { data, type ActionFunctionArgs } from 'react-router';
import type { AdminOrder } from '@shop/client';
import {
  consoleActionNames,
  consoleReasonSchema,
  guaranteeApplicationSchema,
  kitShipmentSchema,
  sampleRejectionSchema,
  type ConsoleActionName,
} from '@shop/core';
import { GUARANTEE_FORM, ORDER_ACTION_FAILED, orderActionLabels, type OrderActionAnswer } from '../../components/console/order-forms';
import type { FormRefusal } from '../../lib/form-answer';
import { actionApi, checkForm, formText, refusedBy } from '../../lib/form.server';

/** The API's path for each action on the whole order. */
const paths = { approve: 'approve', decline: 'decline', refund: 'refund', cancel: 'cancel', resend_email: 'resend-email' } as const;

const isActionName = (name: string): name is ConsoleActionName => (consoleActionNames as readonly string[]).includes(name);

/** A kit of the order, as the console names it. */
const kitTitle = (order: AdminOrder, kitSlug: string) => order.kits.find((kit) => kit.kitSlug === kitSlug)?.title ?? 'kit';

/**
 * The order page's action, for each of its forms: the action named in `_form` (a kit's action
 * with its `kitSlug`), checked with core's schema and taken by the API as the staff member, whose
 * role the API checks. The page's data then reloads with what may be done next.
 */
export async function orderAction({ request, context, params }: ActionFunctionArgs) {
  const form = await request.formData();
  const name = formText(form, '_form');
  const kitSlug = formText(form, 'kitSlug');
  const orderId = params.id ?? '';
  const { api, cookies } = actionApi(request, context);
  const about = { form: name, ...(kitSlug ? { kitSlug } : {}) };
  const refuse = (refusal: FormRefusal) => data<OrderActionAnswer>({ ...refusal, ...about }, { status: 400, headers: cookies });
  const done = (message: string) => data<OrderActionAnswer>({ ok: true, message, ...about }, { headers: cookies });
  if (!isActionName(name)) return refuse({ ok: false, errors: {}, message: ORDER_ACTION_FAILED });

  try {
    if (name === 'ship') {
      const checked = checkForm(kitShipmentSchema, { trackingNumber: formText(form, 'trackingNumber') }, form);
      if ('refusal' in checked) return refuse(checked.refusal);
      const order = await api.adminShipKit(orderId, kitSlug, checked.data.trackingNumber);
      return done(`${kitTitle(order, kitSlug)} shipped.`);
    }
    if (name === GUARANTEE_FORM) {
      const checked = checkForm(guaranteeApplicationSchema, { reason: formText(form, 'reason'), method: formText(form, 'method') }, form);
      if ('refusal' in checked) return refuse(checked.refusal);
      const order = await api.adminApplyGuarantee(orderId, checked.data);
      const guarantee = order.guarantee;
      const applied = guarantee?.applied;
      if (applied && guarantee.amountCents === 0 && guarantee.employerAmount)
        return done(`Guarantee applied: ${guarantee.employerAmount} back to the employer that paid for the tests.`);
      return done(
        applied
          ? `Guarantee applied: ${applied.amount} ${applied.method === 'refund' ? 'refunded to the card' : 'given as store credit'}.`
          : 'Guarantee applied.',
      );
    }
    if (name === 'reject_sample') {
      const checked = checkForm(sampleRejectionSchema, { reason: formText(form, 'reason') || undefined }, form);
      if ('refusal' in checked) return refuse(checked.refusal);
      const rejected = await api.adminRejectSample(orderId, kitSlug, checked.data);
      return done(
        rejected.outcome === 'replacement'
          ? 'Sample rejected: a replacement kit is made at no charge and waits to be shipped.'
          : 'Sample rejected: the kit’s free replacement was used, so a clinician’s task is open.',
      );
    }
    if (name === 'sample_received') {
      const order = await api.adminSampleReceived(orderId, kitSlug);
      return done(`Sample of the ${kitTitle(order, kitSlug)} recorded.`);
    }
    const checked = checkForm(consoleReasonSchema, { reason: formText(form, 'reason') }, form);
    if ('refusal' in checked) return refuse(checked.refusal);
    await api.adminOrderAction(orderId, paths[name], checked.data.reason || undefined);
    return done(`${orderActionLabels[name]}: done.`);
  } catch (error) {
    return refuse(refusedBy(error, ORDER_ACTION_FAILED, form));
  }
}
