import { messages } from '@shop/core';
import { describe, expect, it } from 'vitest';
import { callAction, json, pathOf } from '../../lib/action-test-kit';
import { programChargeAction } from './improvement-program.server';

const ORDER = '9b1f6f0e-3c1a-4c55-9f43-8f1d3a1e2b7c';
const send = (fields: Record<string, string>, reply: (request: Request) => Response) =>
  callAction(programChargeAction, {
    url: `http://shop.test/checkout-improvement-program?order=${ORDER}`,
    fields,
    cookie: 'shop.session_token=s',
    reply,
  });

describe('the Improvement Program approval’s action', () => {
  it('approves the charge and sends the customer back to the page, which shows it paid', async () => {
    const { location, calls } = await send({ _form: 'approve' }, () => json(200, { state: 'paid' }));
    expect(location).toBe(`/checkout-improvement-program?order=${ORDER}`);
    expect(pathOf(calls[0])).toBe(`/api/checkout/program-charges/${ORDER}/approval`);
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.headers.get('cookie')).toBe('shop.session_token=s');
  });

  it('answers with the bank’s check when the bank asks for one', async () => {
    const { answer, status } = await send({ _form: 'approve' }, () => json(202, { requiresAction: { clientSecret: 'pi_1_secret_2' } }));
    expect(status).toBe(200);
    expect(answer).toEqual({ ok: true, form: 'approve', message: '', clientSecret: 'pi_1_secret_2' });
  });

  it('passes on the test bank’s answer, then confirms the charge', async () => {
    const { location, calls } = await send({ _form: 'bank', secret: 'pi_1_secret_2', approve: 'yes' }, () => json(200, {}));
    expect(location).toBe(`/checkout-improvement-program?order=${ORDER}`);
    expect(calls.map(pathOf)).toEqual(['/api/payments/test-gateway/authentications', `/api/checkout/program-charges/${ORDER}/confirm`]);
    expect(await calls[0]!.json()).toEqual({ clientSecret: 'pi_1_secret_2', approve: true });
  });

  it('confirms the charge once the bank’s own screen has answered', async () => {
    const { location, calls } = await send({ _form: 'confirm' }, () => json(200, {}));
    expect(location).toBe(`/checkout-improvement-program?order=${ORDER}`);
    expect(calls.map(pathOf)).toEqual([`/api/checkout/program-charges/${ORDER}/confirm`]);
  });

  it('shows the refusal of the card or the bank, never the check’s secret, and its own words when the server fails', async () => {
    const refused = await send({ _form: 'bank', secret: 'pi_1_secret_2', approve: 'no' }, (request) =>
      pathOf(request)!.endsWith('/confirm') ? json(402, { code: 'CARD_DECLINED', message: 'Your card was declined.' }) : json(200, {}),
    );
    expect(refused.status).toBe(400);
    expect(refused.answer).toEqual({ ok: false, form: 'bank', errors: {}, message: 'Your card was declined.', values: { approve: 'no' } });
    const failed = await send({ _form: 'approve' }, () => json(500, { code: 'INTERNAL_ERROR', message: 'x' }));
    expect(failed.answer).toMatchObject({ ok: false, form: 'approve', message: messages.checkoutFailed });
  });
});
