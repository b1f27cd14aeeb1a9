import { describe, expect, it } from 'vitest';
import { dayIn, giftMessages } from '@shop/core';
import { callAction } from '../../lib/action-test-kit';
import { giftDeliveryAction } from './gift-purchaser.server';

/** The action as React Router calls it: a posted form, and an in-process API that answers `reply`. */
async function send(fields: Record<string, string>, reply: (request: Request) => Response) {
  const result = await callAction(giftDeliveryAction, { url: 'http://shop.test/checkout-gift-purchaser', fields, cookie: 'cart=c', reply });
  return { ...result, redirect: result.location, cookies: result.headers.getSetCookie() };
}

/** A day this many days from New York's today. */
function dayFromToday(days: number): string {
  const [year, month, day] = dayIn(new Date()).split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, day! + days)).toISOString().slice(0, 10);
}

const json = (status: number, body: unknown, headers?: HeadersInit) => Response.json(body, { status, headers });
const typed = {
  purchaserName: 'Dana Wu',
  purchaserEmail: 'dana@example.com',
  recipientName: 'Sam Wu',
  recipientEmail: 'sam@example.com',
  deliveryDate: dayFromToday(3),
  message: 'Happy birthday!',
};
const delivery = { _form: 'gift-delivery', ...typed };

describe('the gift delivery form’s action', () => {
  it('checks the form with core’s schema and the date against New York’s today, and gives back what was typed', async () => {
    const { answer, status, calls } = await send({ ...delivery, purchaserEmail: 'dana at example', deliveryDate: dayFromToday(-1) }, () =>
      json(200, {}),
    );
    expect(status).toBe(400);
    expect(answer).toEqual({
      ok: false,
      form: 'gift-delivery',
      errors: { purchaserEmail: giftMessages.email, deliveryDate: giftMessages.pastDate },
      values: { ...typed, purchaserEmail: 'dana at example', deliveryDate: dayFromToday(-1) },
    });
    expect(calls).toEqual([]);
    const empty = await send({ ...delivery, deliveryDate: '', message: 'Hi <b>Sam</b>' }, () => json(200, {}));
    expect(empty.answer).toMatchObject({ errors: { deliveryDate: giftMessages.date, message: giftMessages.messageMarkup } });
  });

  it('saves the delivery on the cart’s gift as the visitor, then goes on to pay', async () => {
    const { redirect, calls, cookies } = await send(delivery, () => json(200, { gift: {} }, { 'set-cookie': 'cart=c2; Path=/' }));
    expect(redirect).toBe('/checkout-payment-gift');
    expect(cookies).toEqual(['cart=c2; Path=/']);
    expect(calls[0]!.method).toBe('PUT');
    expect(new URL(calls[0]!.url).pathname).toBe('/api/cart/gift/delivery');
    expect(calls[0]!.headers.get('cookie')).toBe('cart=c');
    expect(await calls[0]!.json()).toEqual(typed);
  });

  it('puts the API’s refusal of the date under the date, and any other in the form', async () => {
    const date = await send(delivery, () => json(400, { code: 'GIFT_DATE_NOT_ALLOWED', message: giftMessages.farDate }));
    expect(date.answer).toMatchObject({ ok: false, errors: { deliveryDate: giftMessages.farDate }, values: { recipientName: 'Sam Wu' } });
    const empty = await send(delivery, () => json(409, { code: 'GIFT_NOT_IN_CART', message: 'Your cart holds no gift.' }));
    expect(empty.answer).toMatchObject({ ok: false, errors: {}, message: 'Your cart holds no gift.' });
  });
});
