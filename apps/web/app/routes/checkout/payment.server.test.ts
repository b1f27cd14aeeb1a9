import { messages } from '@shop/core';
import { describe, expect, it } from 'vitest';
import { callAction, json, pathOf } from '../../lib/action-test-kit';
import { PAYING_NEEDS_SCRIPT, paymentAction } from './payment.server';

const SESSION = 'shop.session_token=new; Path=/; HttpOnly; SameSite=Lax';
const calls = (sent: { calls: Request[] }) => sent.calls.map((call) => [call.method, pathOf(call), call.headers.get('cookie')]);
const send = (fields: Record<string, string>, reply: (request: Request) => Response) =>
  callAction(paymentAction, { url: 'http://shop.test/checkout-payment', fields, cookie: 'cart=c', reply });

describe('the checkout’s action', () => {
  it('creates the account of the account step, passing on the session’s cookie', async () => {
    const { answer, status, headers, calls, cookieAfterAction } = await send(
      { _form: 'account', email: ' ann@example.com ', password: 'Sup3r-secret!' },
      () => json(201, { user: { id: 'u1', email: 'ann@example.com', name: null } }, { 'set-cookie': SESSION }),
    );
    expect(status).toBe(200);
    expect(answer).toEqual({ ok: true, form: 'account', message: '', signedIn: { email: 'ann@example.com' } });
    expect(pathOf(calls[0])).toBe('/api/checkout/account');
    expect(await calls[0]!.json()).toEqual({ email: 'ann@example.com', password: 'Sup3r-secret!' });
    expect(calls[0]!.headers.get('cookie')).toBe('cart=c');
    expect(headers.getSetCookie()).toEqual([SESSION]);
    // the page's loaders, in the same request, read the new session
    expect(cookieAfterAction).toBe('cart=c; shop.session_token=new');
  });

  it('says what to fix in the specification’s words, with the e-mail typed and never the password', async () => {
    const { answer, status, calls } = await send({ _form: 'account', email: 'ann at example', password: '' }, () => json(201, {}));
    expect(status).toBe(400);
    expect(answer).toEqual({
      ok: false,
      form: 'account',
      errors: { email: 'Please enter a valid email', password: 'Please enter password' },
      values: { email: 'ann at example' },
    });
    expect(calls).toEqual([]);
  });

  it('says the API’s refusal of the e-mail under its field, and its own words when the server fails', async () => {
    const rejected = await send({ _form: 'account', email: 'ann@example.com', password: 'wrong-password' }, () =>
      json(400, { code: 'EMAIL_REJECTED', message: messages.emailRejected }),
    );
    expect(rejected.status).toBe(400);
    expect(rejected.answer).toEqual({
      ok: false,
      form: 'account',
      errors: { email: messages.emailRejected },
      values: { email: 'ann@example.com' },
    });
    const failed = await send({ _form: 'account', email: 'ann@example.com', password: 'Sup3r-secret!' }, () =>
      json(500, { code: 'INTERNAL_ERROR', message: 'x' }),
    );
    expect(failed.answer).toMatchObject({ ok: false, form: 'account', errors: {}, message: messages.checkoutFailed });
  });

  it('answers the checkout’s own form, sent without the script, with why it needs it', async () => {
    const { answer, status, calls } = await send({ _form: 'checkout', consent: 'on' }, () => json(200, {}));
    expect(status).toBe(400);
    expect(answer).toEqual({ ok: false, errors: {}, form: 'checkout', message: PAYING_NEEDS_SCRIPT });
    expect(calls).toEqual([]);
  });

  it('takes a refused employer cover off the cart and opens the ordinary checkout, or says why it could not', async () => {
    const dropped = await send({ _form: 'normal-price' }, () => new Response(null, { status: 204 }));
    expect(dropped.status).toBe(302);
    expect(dropped.location).toBe('/checkout-payment');
    expect(calls(dropped)).toEqual([['DELETE', '/api/employers/cart-cover', 'cart=c']]);

    const none = await send({ _form: 'normal-price' }, () =>
      json(404, { code: 'CART_COVER_NOT_FOUND', message: 'Your cart has no employer cover to remove.' }),
    );
    expect(none.status).toBe(400);
    expect(none.answer).toMatchObject({ ok: false, form: 'checkout', message: 'Your cart has no employer cover to remove.' });
  });

  it('passes the discount code’s forms on to their action', async () => {
    const { answer, calls } = await send({ _form: 'coupon-remove' }, () => json(200, { couponCode: null, applied: [] }));
    expect(answer).toMatchObject({ ok: true, form: 'coupon-remove', message: 'The discount code is removed.' });
    expect(pathOf(calls[0])).toBe('/api/cart/coupon');
  });
});
