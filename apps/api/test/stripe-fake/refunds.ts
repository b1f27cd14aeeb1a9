import { amountParam, metadataParam, stringParam, type FormObject } from './form.ts';
import type { Ledger } from './ledger.ts';
import { invalidRequest, newId, now, type Charge, type Refund } from './objects.ts';

/** A refund of a PaymentIntent's (or a charge's) successful charge, whole or in part. */
export function createRefund(ledger: Ledger, form: FormObject): Refund {
  const charge = refundedCharge(ledger, form);
  const remaining = charge.amount - charge.amount_refunded;
  if (remaining === 0) throw invalidRequest(`Charge ${charge.id} has already been refunded.`, { code: 'charge_already_refunded' });
  const amount = form.amount === undefined ? remaining : amountParam(form, 'amount');
  if (amount < 1) throw invalidRequest('Refund amount must be positive.', { param: 'amount' });
  if (amount > remaining) {
    throw invalidRequest(`Refund amount ($${dollars(amount)}) is greater than unrefunded amount on charge ($${dollars(remaining)})`, {
      code: 'amount_too_large',
      param: 'amount',
    });
  }
  const refund: Refund = {
    id: newId('re'),
    object: 'refund',
    amount,
    charge: charge.id,
    currency: charge.currency,
    payment_intent: charge.payment_intent,
    status: 'succeeded',
    metadata: metadataParam(form),
    created: now(),
  };
  charge.amount_refunded += amount;
  charge.refunded = charge.amount_refunded === charge.amount;
  ledger.emit('refund.created', refund);
  ledger.emit('charge.refunded', charge);
  return refund;
}

function refundedCharge(ledger: Ledger, form: FormObject): Charge {
  const chargeId = stringParam(form, 'charge');
  const intentId = stringParam(form, 'payment_intent');
  if (chargeId) {
    const charge = ledger.charges.get(chargeId);
    if (!charge) throw invalidRequest(`No such charge: '${chargeId}'`, { code: 'resource_missing', param: 'charge' });
    if (charge.status !== 'succeeded')
      throw invalidRequest(`Charge ${chargeId} has not succeeded and cannot be refunded.`, { param: 'charge' });
    return charge;
  }
  if (!intentId) throw invalidRequest('One of charge or payment_intent is required.', { code: 'parameter_missing' });
  const intent = ledger.paymentIntents.get(intentId);
  if (!intent) throw invalidRequest(`No such payment_intent: '${intentId}'`, { code: 'resource_missing', param: 'payment_intent' });
  const charge = intent.latest_charge ? ledger.charges.get(intent.latest_charge) : undefined;
  if (intent.status !== 'succeeded' || !charge) {
    throw invalidRequest(`This PaymentIntent (${intentId}) does not have a successful charge to refund.`, { param: 'payment_intent' });
  }
  return charge;
}

const dollars = (cents: number) => (cents / 100).toFixed(2);
