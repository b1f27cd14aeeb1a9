import { describe, expect, it } from 'vitest';
import { callAction, json, pathOf } from '../../lib/action-test-kit';
import { deliveryChargeAction } from './subscription-delivery.server';

const DELIVERY = '4d0c1c52-7e0b-4a8f-8d54-0b6e0c9f1a22';
const send = (fields: Record<string, string>, reply: (request: Request) => Response) =>
  callAction(deliveryChargeAction, {
    url: `http://shop.test/checkout-subscription-delivery?delivery=${DELIVERY}`,
    fields,
    cookie: 'shop.session_token=s',
    reply,
  });

describe('the subscription delivery approval’s action', () => {
  it('approves the delivery’s charge and sends the member back to the page', async () => {
    const { location, calls } = await send({ _form: 'approve' }, () => json(200, { state: 'paid' }));
    expect(location).toBe(`/checkout-subscription-delivery?delivery=${DELIVERY}`);
    expect(pathOf(calls[0])).toBe(`/api/account/subscriptions/deliveries/${DELIVERY}/approval`);
  });

  it('answers with the bank’s check, then confirms the delivery after the test bank’s answer', async () => {
    const asked = await send({ _form: 'approve' }, () => json(202, { requiresAction: { clientSecret: 'pi_3_secret_4' } }));
    expect(asked.answer).toEqual({ ok: true, form: 'approve', message: '', clientSecret: 'pi_3_secret_4' });
    const answered = await send({ _form: 'bank', secret: 'pi_3_secret_4', approve: 'yes' }, () => json(200, {}));
    expect(answered.location).toBe(`/checkout-subscription-delivery?delivery=${DELIVERY}`);
    expect(answered.calls.map(pathOf)).toEqual([
      '/api/payments/test-gateway/authentications',
      `/api/account/subscriptions/deliveries/${DELIVERY}/confirm`,
    ]);
  });

  it('shows the API’s refusal', async () => {
    const { answer, status } = await send({ _form: 'approve' }, () => json(409, { code: 'NOTHING_DUE', message: 'Nothing is due.' }));
    expect(status).toBe(400);
    expect(answer).toMatchObject({ ok: false, form: 'approve', message: 'Nothing is due.' });
  });
});
