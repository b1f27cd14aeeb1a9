import { messages } from '@shop/core';
import { describe, expect, it } from 'vitest';
import { THIRD_TEST_CHECKOUT_PATH, THIRD_TEST_NOT_OFFERED } from '../../components/program/third-test-forms';
import { callAction, json, pathOf } from '../../lib/action-test-kit';
import { thirdTestAction } from './third-test.server';

const offer = {
  order: { id: '6f1c2a0e-7d3b-4c55-9a8e-2b1d4e5f6a70', number: 100042 },
  productCode: 'base-quiz',
  testId: 53,
  title: 'Cortisol Test',
  price: '$79.95',
  priceCents: 7995,
  guarantee: 'tests free if no health optimization is found within 3 tests',
};

/** The API of a member whose program has `thirdTest` on offer, and a cart that answers `added`. */
const api =
  (thirdTest: unknown, added: () => Response = () => json(201, { items: [] })) =>
  (request: Request) =>
    request.method === 'GET' ? json(200, { offer: thirdTest }) : added();

const send = (fields: Record<string, string>, reply: (request: Request) => Response) =>
  callAction(thirdTestAction, { url: 'http://shop.test/account/program', fields, cookie: 'shop.session_token=s', reply });

describe('the program page’s 3rd test', () => {
  it('adds the test the API offers, as a test beside the rest, then goes to checkout', async () => {
    const { location, calls } = await send({ _form: 'add-third-test', productCode: 'base-complete', testId: '1' }, api(offer));
    expect(location).toBe(THIRD_TEST_CHECKOUT_PATH);
    expect(calls.map((call) => `${call.method} ${pathOf(call)}`)).toEqual(['GET /api/account/program/third-test', 'POST /api/cart/items']);
    // the form's fields choose nothing: the member's own offer does
    expect(await calls[1]!.json()).toEqual({ productCode: 'base-quiz', testId: 53, origin: 'addon' });
    expect(calls[1]!.headers.get('cookie')).toBe('shop.session_token=s');
  });

  it('says when there is no 3rd test on offer yet, and adds nothing', async () => {
    const { answer, status, calls } = await send({ _form: 'add-third-test' }, api(null));
    expect(status).toBe(400);
    expect(answer).toEqual({ ok: false, errors: {}, message: THIRD_TEST_NOT_OFFERED, form: 'add-third-test' });
    expect(calls).toHaveLength(1);
  });

  it('shows the cart’s refusal, its own words when the server fails, and refuses a form it does not know', async () => {
    const refused = await send(
      { _form: 'add-third-test' },
      api(offer, () => json(400, { code: 'ALREADY_IN_CART', message: 'This test is already in your cart.' })),
    );
    expect(refused.answer).toMatchObject({ ok: false, message: 'This test is already in your cart.' });
    const failed = await send(
      { _form: 'add-third-test' },
      api(offer, () => json(500, { code: 'INTERNAL_ERROR', message: 'x' })),
    );
    expect(failed.answer).toMatchObject({ ok: false, message: messages.checkoutFailed });
    const unknown = await send({ _form: 'other' }, api(offer));
    expect(unknown.answer).toMatchObject({ ok: false, form: 'other', message: messages.checkoutFailed });
    expect(unknown.calls).toEqual([]);
  });
});
