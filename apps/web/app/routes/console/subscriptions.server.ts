import { data, type ActionFunctionArgs } from 'react-router';
import { kitShipmentSchema } from '@shop/core';
import type { FormAnswer, FormRefusal } from '../../lib/form-answer';
import { actionApi, checkForm, formText, refusedBy } from '../../lib/form.server';

export const SHIP_DELIVERY_FAILED = 'The delivery could not be marked shipped. Please try again.';

/** An answer of the subscriptions page: which delivery's form it answers. */
export type ShipDeliveryAnswer = FormAnswer & { deliveryId: string };

/**
 * The subscriptions page's action: a paid delivery ships with its tracking number, checked with
 * core's schema and recorded by the API, which checks the operator's role and that the delivery
 * is paid and not shipped yet. The delivery is named as the console lists it.
 */
export async function shipDeliveryAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const deliveryId = formText(form, 'deliveryId');
  const { api, cookies } = actionApi(request, context);
  const refuse = (refusal: FormRefusal) => data<ShipDeliveryAnswer>({ ...refusal, deliveryId }, { status: 400, headers: cookies });
  const checked = checkForm(kitShipmentSchema, { trackingNumber: formText(form, 'trackingNumber') }, form);
  if ('refusal' in checked) return refuse(checked.refusal);
  try {
    const delivery = (await api.adminSubscriptions()).toShip.find((candidate) => candidate.id === deliveryId);
    await api.adminShipSubscriptionDelivery(deliveryId, checked.data.trackingNumber);
    const message = delivery
      ? `Delivery ${delivery.sequence} of the ${delivery.title} shipped to ${delivery.customer.email}.`
      : 'The delivery is marked shipped.';
    return data<ShipDeliveryAnswer>({ ok: true, deliveryId, message }, { headers: cookies });
  } catch (error) {
    return refuse(refusedBy(error, SHIP_DELIVERY_FAILED, form));
  }
}
