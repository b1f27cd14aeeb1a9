import { KIT_CODE_MESSAGE, messages } from '@shop/core';
import { describe, expect, it } from 'vitest';
import { callAction, json, pathOf } from '../../lib/action-test-kit';
import { KIT_REGISTERED_MESSAGE, orderAction, PROGRAM_CHECKOUT_PATH, REGISTER_FAILED_MESSAGE } from './order.server';

const ORDER_ID = '6f1c2a0e-7d3b-4c55-9a8e-2b1d4e5f6a70';
const send = (fields: Record<string, string>, reply: (request: Request) => Response) =>
  callAction(orderAction, {
    url: `http://shop.test/account/orders/${ORDER_ID}`,
    fields,
    cookie: 'shop.session_token=s',
    reply,
    params: { id: ORDER_ID },
  });

describe('the order page’s kit registration', () => {
  const register = (code: string, reply: (request: Request) => Response = () => json(200, {})) =>
    send({ _form: 'register-kit', code }, reply);

  it('registers the code, written as printed, for this order', async () => {
    const { answer, calls, status } = await register(' abcd2345 ');
    expect(status).toBe(200);
    expect(answer).toEqual({ ok: true, message: KIT_REGISTERED_MESSAGE, form: 'register-kit' });
    expect(pathOf(calls[0])).toBe(`/api/orders/${ORDER_ID}/kits/register`);
    expect(calls[0]!.method).toBe('POST');
    expect(await calls[0]!.json()).toEqual({ code: 'ABCD-2345' });
    expect(calls[0]!.headers.get('cookie')).toBe('shop.session_token=s');
  });

  it('says what a code looks like, with what was typed, and asks nothing of the API', async () => {
    const { answer, calls, status } = await register('abc');
    expect(status).toBe(400);
    expect(answer).toEqual({ ok: false, errors: { code: KIT_CODE_MESSAGE }, values: { code: 'abc' }, form: 'register-kit' });
    expect(calls).toEqual([]);
  });

  it('shows the API’s refusal, and its own words when the server fails', async () => {
    const refused = await register('ZZZZ-9999', () =>
      json(400, { code: 'KIT_NOT_FOUND', message: 'This code does not match a kit of this order.' }),
    );
    expect(refused.status).toBe(400);
    expect(refused.answer).toMatchObject({ ok: false, message: 'This code does not match a kit of this order.', form: 'register-kit' });
    const failed = await register('ZZZZ-9999', () => json(500, { code: 'INTERNAL_ERROR', message: 'x' }));
    expect(failed.answer).toMatchObject({ ok: false, message: REGISTER_FAILED_MESSAGE, values: { code: 'ZZZZ-9999' } });
  });
});

describe('the order page’s Improvement Program offer', () => {
  const CART_COOKIE = 'shop.cart=c1; Path=/; HttpOnly; SameSite=Lax';

  it('adds the program to the cart and goes to checkout, with the cart’s cookie', async () => {
    const { status, location, headers, calls } = await send({ _form: 'add-program', productCode: 'improvement-program-later' }, () =>
      json(200, {}, { 'set-cookie': CART_COOKIE }),
    );
    expect(status).toBe(302);
    expect(location).toBe(PROGRAM_CHECKOUT_PATH);
    expect(headers.getSetCookie()).toEqual([CART_COOKIE]);
    expect(pathOf(calls[0])).toBe('/api/cart/items');
    expect(await calls[0]!.json()).toEqual({ productCode: 'improvement-program-later' });
  });

  it('stays on the page with the API’s refusal, or its own words', async () => {
    const refused = await send({ _form: 'add-program', productCode: 'improvement-program-later' }, () =>
      json(409, { code: 'CONFLICT', message: 'The program is already in your cart.' }),
    );
    expect(refused.status).toBe(400);
    expect(refused.answer).toMatchObject({ ok: false, message: 'The program is already in your cart.', form: 'add-program' });
    const failed = await send({ _form: 'add-program', productCode: 'improvement-program-later' }, () => json(500, {}));
    expect(failed.answer).toMatchObject({ ok: false, message: messages.checkoutFailed });
  });

  it('adds nothing that is not a product', async () => {
    const { answer, calls } = await send({ _form: 'add-program', productCode: 'free-lunch' }, () => json(200, {}));
    expect(answer).toMatchObject({ ok: false, message: messages.checkoutFailed, form: 'add-program' });
    expect(calls).toEqual([]);
  });
});

it('refuses a form the page does not have', async () => {
  const { answer, status, calls } = await send({ _form: 'other' }, () => json(200, {}));
  expect(status).toBe(400);
  expect(answer).toMatchObject({ ok: false, message: REGISTER_FAILED_MESSAGE });
  expect(calls).toEqual([]);
});
