import { passwordMessages } from '@shop/core';
import { describe, expect, it } from 'vitest';
import { callAction, json, pathOf } from '../../lib/action-test-kit';
import { newPasswordAction } from './new-password.server';

const strong = { password: 'New-passw0rd!', confirmPassword: 'New-passw0rd!' };
const send = (url: string, reply: (request: Request) => Response, fields: Record<string, string> = strong) =>
  callAction(newPasswordAction, { url, fields, reply });

describe('the new-password action', () => {
  it('sets the password with the token of the link the page was opened with', async () => {
    const { answer, calls } = await send('http://shop.test/new-password?token=from-the-mail', () =>
      json(200, { message: 'Your password has been changed. Please sign in with your new password.' }),
    );
    expect(answer).toEqual({ ok: true, message: 'Your password has been changed. Please sign in with your new password.' });
    expect(pathOf(calls[0])).toBe('/api/new-password');
    expect(await calls[0]!.json()).toEqual({ token: 'from-the-mail', ...strong });
  });

  it('says the link has expired when the API no longer knows its token, or when there is none', async () => {
    const used = await send('http://shop.test/new-password?token=used', () =>
      json(400, { code: 'EXPIRED_PASSWORD_TOKEN', message: passwordMessages.expired }),
    );
    expect(used.answer).toEqual({ ok: false, errors: { token: passwordMessages.expired } });
    const none = await send('http://shop.test/new-password', () => json(200, {}));
    expect(none.answer).toMatchObject({ ok: false, errors: { token: passwordMessages.expired } });
    expect(none.calls).toEqual([]);
  });

  it('refuses passwords that differ, and gives neither back', async () => {
    const { answer, status, calls } = await send('http://shop.test/new-password?token=t', () => json(200, {}), {
      ...strong,
      confirmPassword: 'Other-passw0rd!',
    });
    expect(status).toBe(400);
    expect(answer).toEqual({ ok: false, errors: { confirmPassword: passwordMessages.mismatch }, values: {} });
    expect(calls).toEqual([]);
  });

  it('puts the API’s password refusal under the password, and its own words on a failure', async () => {
    const weak = await send('http://shop.test/new-password?token=t', () =>
      json(400, { code: 'PASSWORD_NOT_VALID', message: passwordMessages.rule }),
    );
    expect(weak.answer).toEqual({ ok: false, errors: { password: passwordMessages.rule } });
    const failed = await send('http://shop.test/new-password?token=t', () => json(500, { code: 'DEFAULT', message: 'x' }));
    expect(failed.answer).toEqual({ ok: false, errors: {}, message: passwordMessages.fallback });
  });
});
