import { describe, expect, it } from 'vitest';
import { giftMessages } from '@shop/core';
import { callAction } from '../../lib/action-test-kit';
import { giftReceiverAction } from './gift-receiver.server';

/** The action as React Router calls it: a posted form, and an in-process API whose answers `routes` gives by method and path. */
async function send(fields: Record<string, string>, routes: Record<string, (request: Request) => Response>) {
  const result = await callAction(giftReceiverAction, {
    url: 'http://shop.test/checkout-gift-receiver',
    fields,
    cookie: 'visitor=1',
    reply: (request) =>
      routes[`${request.method} ${new URL(request.url).pathname}`]?.(request) ?? json(404, { code: 'NOT_FOUND', message: 'not here' }),
  });
  const paths = result.calls.map((call) => `${call.method} ${new URL(call.url).pathname}`);
  return { ...result, paths, redirect: result.location, cookies: result.headers.getSetCookie() };
}

const json = (status: number, body: unknown, headers?: HeadersInit) => Response.json(body, { status, headers });
const code = 'ABCD-EFGH-JKMN-PQRS';
const gift = {
  type: 'one_off',
  title: 'Starter test',
  from: 'Dana',
  message: null,
  includesProgram: false,
  options: [{ choice: { kind: 'area', area: 'sleep' }, label: 'Sleep', testTitle: 'Melatonin Test', description: 'Sleep hormones' }],
  programLater: null,
};
const signedOut = () => json(200, null);
const found = () => json(200, gift);
const redemption = {
  _form: 'gift-redeem',
  code,
  email: 'sam@example.com',
  password: 'Sup3r-secret!',
  dateOfBirth: '1990-04-12',
  collection: 'home',
  choice: 'sleep',
  fullName: 'Sam Lee',
  shippingEmail: 'sam.lee@example.com',
  shippingAddress: '12 Elm Street',
  apartmentNumber: '',
  city: 'Austin',
  zipCode: '78701',
  hipaaAuthorization: 'on',
};

describe('the gift recipient’s actions', () => {
  it('answers what cannot be a code without spending a try, and what the API says of the others', async () => {
    const empty = await send({ _form: 'gift-code', code: ' ' }, {});
    expect(empty).toMatchObject({ status: 400, answer: { ok: false, form: 'gift-code', errors: { code: giftMessages.code } } });
    const short = await send({ _form: 'gift-code', code: 'ABCD-1234' }, {});
    expect(short.answer).toMatchObject({ errors: { code: giftMessages.codeInvalid }, values: { code: 'ABCD-1234' } });
    expect([...empty.calls, ...short.calls]).toEqual([]);
    const unknown = await send(
      { _form: 'gift-code', code },
      { 'POST /api/gifts/check': () => json(404, { code: 'GIFT_CODE_NOT_FOUND', message: giftMessages.codeNotFound }) },
    );
    expect(unknown.answer).toMatchObject({ ok: false, errors: { code: giftMessages.codeNotFound } });
  });

  it('opens the gift a code is for', async () => {
    const { answer, calls } = await send({ _form: 'gift-code', code }, { 'POST /api/gifts/check': found });
    expect(answer).toEqual({ ok: true, form: 'gift-code', message: '', gift, code });
    expect(await calls[0]!.json()).toEqual({ code });
  });

  it('checks the redemption with core’s schema and the shop’s eligibility, and comes back with its gift and what was typed, never the password', async () => {
    const { answer, status, paths } = await send(
      { ...redemption, email: 'sam at example', dateOfBirth: '2015-01-01', zipCode: '787' },
      { 'GET /api/auth/get-session': signedOut, 'POST /api/gifts/check': found },
    );
    expect(status).toBe(400);
    expect(answer).toMatchObject({
      ok: false,
      form: 'gift-redeem',
      errors: { email: 'Please enter a valid email', zipCode: giftMessages.shippingZip },
      gift,
      code,
      values: { email: 'sam at example', zipCode: '787', choice: 'sleep' },
    });
    expect((answer as { values: Record<string, string> }).values).not.toHaveProperty('password');
    expect(paths).toEqual(['GET /api/auth/get-session', 'POST /api/gifts/check']);

    const young = await send(
      { ...redemption, dateOfBirth: '2015-01-01' },
      { 'GET /api/auth/get-session': signedOut, 'POST /api/gifts/check': found },
    );
    expect(young.answer).toMatchObject({ errors: { dateOfBirth: expect.stringContaining('18') } });

    // the lab's release of the results is asked before anything is sent to the API
    const { hipaaAuthorization: _unchecked, ...unauthorized } = redemption;
    const refused = await send(unauthorized, { 'GET /api/auth/get-session': signedOut, 'POST /api/gifts/check': found });
    expect(refused.answer).toMatchObject({ errors: { hipaaAuthorization: 'Please authorize the lab to release your results to Base' } });
    expect(refused.paths).toEqual(['GET /api/auth/get-session', 'POST /api/gifts/check']);
  });

  it('makes the account, redeems the gift as it, and leads to the order with the new session', async () => {
    const { redirect, cookies, paths, calls } = await send(redemption, {
      'GET /api/auth/get-session': signedOut,
      'POST /api/checkout/account': () =>
        json(200, { user: { id: 'u-1', email: 'sam@example.com' } }, { 'set-cookie': 'session=new; Path=/; HttpOnly' }),
      'POST /api/gifts/redeem': () => json(201, { order: { id: 'o-9', number: 9, status: 'paid' } }),
    });
    expect(redirect).toBe('/account/orders/o-9');
    expect(cookies).toEqual(['session=new; Path=/; HttpOnly']);
    expect(paths).toEqual(['GET /api/auth/get-session', 'POST /api/checkout/account', 'POST /api/gifts/redeem']);
    const redeem = calls[2]!;
    expect(redeem.headers.get('cookie')).toBe('visitor=1; session=new');
    expect(redeem.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await redeem.json()).toEqual({
      code,
      choice: { kind: 'area', area: 'sleep' },
      dateOfBirth: '1990-04-12',
      collection: 'home',
      shipping: {
        fullName: 'Sam Lee',
        email: 'sam.lee@example.com',
        shippingAddress: '12 Elm Street',
        apartmentNumber: '',
        city: 'Austin',
        zipCode: '78701',
      },
      consents: ['hipaa_authorization'],
    });
  });

  it('asks no account of a recipient signed in, and says who they are when refused after the account was made', async () => {
    const signedIn = await send(
      { ...redemption, email: '', password: '' },
      {
        'GET /api/auth/get-session': () => json(200, { user: { id: 'u-1', email: 'sam@example.com', name: 'Sam', role: 'customer' } }),
        'POST /api/gifts/redeem': () => json(201, { order: { id: 'o-9', number: 9, status: 'paid' } }),
      },
    );
    expect(signedIn.redirect).toBe('/account/orders/o-9');

    const refused = await send(redemption, {
      'GET /api/auth/get-session': signedOut,
      'POST /api/checkout/account': () =>
        json(200, { user: { id: 'u-1', email: 'sam@example.com' } }, { 'set-cookie': 'session=new; Path=/' }),
      'POST /api/gifts/redeem': () => json(400, { code: 'GIFT_CHOICE_NOT_IN_GIFT', message: giftMessages.choiceNotInGift }),
      'POST /api/gifts/check': found,
    });
    expect(refused.answer).toMatchObject({
      ok: false,
      errors: { choice: giftMessages.choiceNotInGift },
      gift,
      signedIn: { email: 'sam@example.com' },
    });
    // the account exists now: its session goes to the browser with the refusal
    expect(refused.cookies).toEqual(['session=new; Path=/']);
  });

  it('goes back to the code when the API refuses it, without the gift', async () => {
    const { answer, paths } = await send(redemption, {
      'GET /api/auth/get-session': signedOut,
      'POST /api/checkout/account': () => json(200, { user: { id: 'u-1', email: 'sam@example.com' } }),
      'POST /api/gifts/redeem': () => json(409, { code: 'GIFT_ALREADY_REDEEMED', message: giftMessages.codeRedeemed }),
    });
    expect(answer).toMatchObject({ ok: false, errors: { code: giftMessages.codeRedeemed } });
    expect(answer).not.toHaveProperty('gift', gift);
    expect(paths).not.toContain('POST /api/gifts/check');
  });
});
