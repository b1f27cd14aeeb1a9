import { passwordMessages } from '@shop/core';
import { describe, expect, it } from 'vitest';
import { callAction, json, pathOf } from '../../lib/action-test-kit';
import { changePasswordAction } from './password.server';

const form = { currentPassword: 'Old-passw0rd!', password: 'New-passw0rd!', confirmPassword: 'New-passw0rd!' };
const NEW_SESSION = 'shop.session_token=after-change; Path=/; HttpOnly; SameSite=Lax';
const send = (reply: (request: Request) => Response, fields: Record<string, string> = form) =>
  callAction(changePasswordAction, { url: 'http://shop.test/account/password', fields, cookie: 'shop.session_token=before', reply });

describe('the change-password action', () => {
  it('changes the password as the member and passes the new session’s cookie on', async () => {
    const { answer, headers, calls, cookieAfterAction } = await send(() =>
      json(200, { message: 'Your password has been changed. You are signed out everywhere else.' }, { 'set-cookie': NEW_SESSION }),
    );
    expect(answer).toEqual({ ok: true, message: 'Your password has been changed. You are signed out everywhere else.' });
    // without it the member would be signed out here too: the API ended the session they came with
    expect(headers.getSetCookie()).toEqual([NEW_SESSION]);
    expect(pathOf(calls[0])).toBe('/api/account/password');
    expect(calls[0]!.headers.get('cookie')).toBe('shop.session_token=before');
    expect(await calls[0]!.json()).toEqual(form);
    // sent without script, the page's loader runs next in the same request: it speaks as the new session
    expect(cookieAfterAction).toBe('shop.session_token=after-change');
  });

  it('checks the form first and never gives a password back', async () => {
    const { answer, calls } = await send(() => json(200, {}), { currentPassword: '', password: 'weak', confirmPassword: 'weak' });
    expect(answer).toEqual({
      ok: false,
      errors: { currentPassword: 'Please enter your current password', password: passwordMessages.rule },
      values: {},
    });
    expect(calls).toEqual([]);
  });

  it('puts the API’s refusals under their fields', async () => {
    const wrong = await send(() => json(400, { code: 'CURRENT_PASSWORD_WRONG', message: 'Your current password is not correct.' }));
    expect(wrong.status).toBe(400);
    expect(wrong.answer).toEqual({ ok: false, errors: { currentPassword: 'Your current password is not correct.' } });
    const weak = await send(() => json(400, { code: 'PASSWORD_NOT_VALID', message: passwordMessages.rule }));
    expect(weak.answer).toEqual({ ok: false, errors: { password: passwordMessages.rule } });
    const google = await send(() =>
      json(400, { code: 'NO_PASSWORD', message: 'Your account signs in with Google and has no password to change.' }),
    );
    expect(google.answer).toEqual({ ok: false, errors: {}, message: 'Your account signs in with Google and has no password to change.' });
    const failed = await send(() => json(500, { code: 'DEFAULT', message: 'x' }));
    expect(failed.answer).toEqual({ ok: false, errors: {}, message: passwordMessages.fallback });
  });
});
