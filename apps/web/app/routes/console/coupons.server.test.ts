import { couponDefinitionMessages, promotionMessages } from '@shop/core';
import { describe, expect, it } from 'vitest';
import { callAction, json, pathOf } from '../../lib/action-test-kit';
import { COUPON_CREATE_FAILED, createCouponAction } from './coupons.server';

const form = { code: 'spring10', kind: 'percent', value: '10', usageLimit: '', expiresAt: '' };
const created = (code: string, label: string) => ({ id: 'c1', code, kind: 'percent', value: 10, label });
const send = (fields: Record<string, string>, reply: (request: Request) => Response = () => json(201, created('SPRING10', '10% off'))) =>
  callAction(createCouponAction, {
    url: 'http://shop.test/admin/coupons',
    fields: { ...form, ...fields },
    cookie: 'shop.session_token=op',
    reply,
  });

describe('the console’s new coupon action', () => {
  it('creates a percent coupon as the operator, and says what it takes off', async () => {
    const { answer, calls } = await send({});
    expect(answer).toEqual({ ok: true, message: 'Coupon SPRING10 created: 10% off.' });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.method).toBe('POST');
    expect(pathOf(calls[0])).toBe('/api/admin/coupons');
    expect(calls[0]!.headers.get('cookie')).toBe('shop.session_token=op');
    expect(await calls[0]!.json()).toEqual({ code: 'SPRING10', kind: 'percent', value: 10 });
  });

  it('reads a fixed amount in dollars as cents, a usage limit, and the whole of the last day', async () => {
    const { calls } = await send({ kind: 'fixed', value: '$12.5', usageLimit: '100', expiresAt: '2099-12-31' });
    expect(await calls[0]!.json()).toEqual({
      code: 'SPRING10',
      kind: 'fixed',
      value: 1250,
      usageLimit: 100,
      expiresAt: '2099-12-31T23:59:59.000Z',
    });
  });

  it('says what to fix with core’s messages, with what was typed, without calling the API', async () => {
    const { answer, status, calls } = await send({ code: 'no spaces', value: '150', usageLimit: '0', expiresAt: '2000-01-01' });
    expect(status).toBe(400);
    expect(answer).toEqual({
      ok: false,
      errors: {
        code: promotionMessages.codeFormat,
        value: couponDefinitionMessages.percentValue,
        usageLimit: couponDefinitionMessages.usageLimit,
        expiresAt: couponDefinitionMessages.endsAfterStart,
      },
      values: { ...form, code: 'no spaces', value: '150', usageLimit: '0', expiresAt: '2000-01-01' },
    });
    const fixed = await send({ kind: 'fixed', value: 'ten' });
    expect(fixed.answer).toMatchObject({ errors: { value: couponDefinitionMessages.wholeValue } });
    expect([...calls, ...fixed.calls]).toEqual([]);
  });

  it('shows the API’s refusal, and its own words when the server fails', async () => {
    const taken = await send({}, () => json(409, { code: 'COUPON_EXISTS', message: 'A coupon with this code already exists.' }));
    expect(taken.answer).toMatchObject({ ok: false, message: 'A coupon with this code already exists.', values: form });
    const failed = await send({}, () => json(500, { code: 'INTERNAL_ERROR', message: 'x' }));
    expect(failed.answer).toMatchObject({ ok: false, message: COUPON_CREATE_FAILED });
  });
});
