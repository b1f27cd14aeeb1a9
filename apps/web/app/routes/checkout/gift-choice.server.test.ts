import { giftMessages } from '@shop/core';
import { describe, expect, it } from 'vitest';
import { callAction, json, pathOf } from '../../lib/action-test-kit';
import { GIFT_FAILED_MESSAGE, GIFT_NO_TYPE_MESSAGE } from '../../components/gifts/gift-choice-form';
import { giftChoiceAction } from './gift-choice.server';

const CART = 'cart=c; Path=/; HttpOnly';
const cart = { items: [], giftType: 'one_off' };
const send = (
  fields: Array<[string, string]>,
  reply: (request: Request) => Response = () => json(200, { gift: {}, cart }, { 'set-cookie': CART }),
) => callAction(giftChoiceAction, { url: 'http://shop.test/checkout-gift-choice', fields, reply });

describe('the gift choice’s action', () => {
  it('puts the gift in the cart and answers with the cart, passing on its cookie', async () => {
    const { answer, headers, calls } = await send([
      ['type', 'one_off'],
      ['areas', 'sleep'],
      ['areas', 'stress'],
    ]);
    expect(answer).toEqual({ ok: true, message: '', cart });
    expect(pathOf(calls[0])).toBe('/api/cart/gift');
    expect(calls[0]!.method).toBe('PUT');
    expect(await calls[0]!.json()).toEqual({ type: 'one_off', areas: ['sleep', 'stress'], complete: false });
    expect(headers.getSetCookie()).toEqual([CART]);
  });

  it('goes on where the form says, on this site only', async () => {
    const bundle = await send([
      ['type', 'improvement_program'],
      ['complete', 'yes'],
      ['next', '/checkout-gift-purchaser'],
    ]);
    expect(bundle.location).toBe('/checkout-gift-purchaser');
    expect(bundle.headers.getSetCookie()).toEqual([CART]);
    expect(await bundle.calls[0]!.json()).toEqual({ type: 'improvement_program', areas: [], complete: true });
    const elsewhere = await send([
      ['type', 'one_off'],
      ['areas', 'sleep'],
      ['next', '//evil.example/'],
    ]);
    expect(elsewhere.location).toBeNull();
    expect(elsewhere.answer).toMatchObject({ ok: true });
  });

  it('checks core’s rules before the API hears of the gift', async () => {
    const noType = await send([['areas', 'sleep']]);
    expect(noType.status).toBe(400);
    expect(noType.answer).toEqual({ ok: false, errors: {}, message: GIFT_NO_TYPE_MESSAGE });
    const empty = await send([['type', 'one_off']]);
    expect(empty.answer).toEqual({ ok: false, errors: {}, message: giftMessages.emptyGift });
    const both = await send([
      ['type', 'one_off'],
      ['areas', 'sleep'],
      ['complete', 'yes'],
    ]);
    expect(both.answer).toEqual({ ok: false, errors: {}, message: giftMessages.areasWithComplete });
    expect([...noType.calls, ...empty.calls, ...both.calls]).toEqual([]);
  });

  it('shows the API’s refusal, its own words when the server fails, and sends a page without script back', async () => {
    const oneGift = await send(
      [
        ['type', 'one_off'],
        ['areas', 'sleep'],
      ],
      () => json(409, { code: 'GIFT_IN_CART', message: giftMessages.oneGiftPerTransaction }),
    );
    expect(oneGift.answer).toEqual({ ok: false, errors: {}, message: giftMessages.oneGiftPerTransaction });
    const failed = await send(
      [
        ['type', 'one_off'],
        ['areas', 'sleep'],
      ],
      () => json(500, { code: 'INTERNAL_ERROR', message: 'x' }),
    );
    expect(failed.answer).toEqual({ ok: false, errors: {}, message: GIFT_FAILED_MESSAGE });
    const back = await send([
      ['type', 'one_off'],
      ['next', '/checkout-gift-purchaser'],
      ['back', '/gifts#choose-gift'],
    ]);
    expect(back.location).toBe('/gifts#choose-gift');
  });
});
