import { describe, expect, it } from 'vitest';
import { promotionMessages } from '@shop/core';
import { callAction, json } from './action-test-kit';
import { COUPON_FAILED_MESSAGE, couponAction, isCouponForm } from './coupon-action.server';

/** The action as React Router calls it: a form posted to a checkout page, and an in-process API that answers `reply`. */
const send = (fields: Record<string, string>, reply: (request: Request) => Response) =>
  callAction(couponAction, { url: 'http://shop.test/checkout-payment', fields, cookie: 'cart=c', reply });

const discounts = (couponCode: string | null) => ({
  couponCode,
  applied: couponCode ? [{ source: 'coupon', code: couponCode, label: couponCode, discount: '$8.00' }] : [],
  discount: couponCode ? '$8.00' : '$0.00',
  total: '$71.95',
});

describe('the discount code’s action', () => {
  it('tells its forms from the page’s others', () => {
    const form = (name: string) => {
      const sent = new FormData();
      sent.set('_form', name);
      return sent;
    };
    expect([isCouponForm(form('coupon')), isCouponForm(form('coupon-remove')), isCouponForm(form('checkout'))]).toEqual([
      true,
      true,
      false,
    ]);
  });

  it('checks the code with core’s schema before the API hears of it', async () => {
    const { answer, status, calls } = await send({ _form: 'coupon', code: 'no spaces!' }, () => json(200, discounts('X')));
    expect(status).toBe(400);
    expect(answer).toEqual({ ok: false, form: 'coupon', errors: { code: promotionMessages.codeFormat }, values: { code: 'no spaces!' } });
    expect(calls).toEqual([]);
  });

  it('applies the code as the visitor, as the cart holds it, with what it takes off', async () => {
    const { answer, calls } = await send({ _form: 'coupon', code: ' welcome-e2e ' }, () => json(200, discounts('WELCOME-E2E')));
    expect(answer).toEqual({
      ok: true,
      form: 'coupon',
      message: 'Discount code WELCOME-E2E applied.',
      code: 'WELCOME-E2E',
      discount: '$8.00',
    });
    expect(new URL(calls[0]!.url).pathname).toBe('/api/cart/coupon');
    expect(calls[0]!.headers.get('cookie')).toBe('cart=c');
    expect(await calls[0]!.json()).toEqual({ code: 'WELCOME-E2E' });
  });

  it('says the API’s refusal under the code, and its own words when the server fails', async () => {
    const expired = await send({ _form: 'coupon', code: 'OLD' }, () =>
      json(400, { code: 'COUPON_EXPIRED', message: 'The discount code you applied is expired.' }),
    );
    expect(expired).toMatchObject({
      status: 400,
      answer: { ok: false, errors: { code: 'The discount code you applied is expired.' }, values: { code: 'OLD' } },
    });
    const failed = await send({ _form: 'coupon', code: 'OLD' }, () => json(500, { code: 'INTERNAL_ERROR', message: 'x' }));
    expect(failed.answer).toMatchObject({ errors: { code: COUPON_FAILED_MESSAGE } });
    expect(failed.calls).toHaveLength(1);
  });

  it('removes the code', async () => {
    const { answer, calls } = await send({ _form: 'coupon-remove' }, () => json(200, discounts(null)));
    expect(answer).toMatchObject({ ok: true, form: 'coupon-remove' });
    expect(calls[0]!.method).toBe('DELETE');
    const refused = await send({ _form: 'coupon-remove' }, () => json(409, { code: 'CART_EMPTY', message: 'Your cart is empty.' }));
    expect(refused.answer).toMatchObject({ ok: false, form: 'coupon-remove', message: 'Your cart is empty.' });
  });
});
