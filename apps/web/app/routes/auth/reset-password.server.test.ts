import { passwordMessages } from '@shop/core';
import { describe, expect, it } from 'vitest';
import { callAction, json, pathOf } from '../../lib/action-test-kit';
import { resetPasswordAction } from './reset-password.server';

const send = (email: string, reply: (request: Request) => Response) =>
  callAction(resetPasswordAction, { url: 'http://shop.test/reset-password', fields: { email }, reply });

describe('the reset-password action', () => {
  it('asks the API for the link and says what it said', async () => {
    const { answer, calls } = await send('ada@example.com', () => json(200, { message: passwordMessages.resetSent }));
    expect(answer).toEqual({ ok: true, message: passwordMessages.resetSent });
    expect(pathOf(calls[0])).toBe('/api/password-reset');
    expect(await calls[0]!.json()).toEqual({ email: 'ada@example.com' });
  });

  it('refuses an address that is not one, with what was typed', async () => {
    const { answer, calls } = await send('ada at example', () => json(200, {}));
    expect(answer).toEqual({ ok: false, errors: { email: 'Please enter a valid email' }, values: { email: 'ada at example' } });
    expect(calls).toEqual([]);
  });

  it('says too many tries in the API’s words, and any other failure in the specification’s', async () => {
    const limited = await send('ada@example.com', () =>
      json(429, { code: 'TOO_MANY_REQUESTS', message: 'Too many attempts. Please wait 60 minutes and try again.' }),
    );
    expect(limited.answer).toMatchObject({
      ok: false,
      message: 'Too many attempts. Please wait 60 minutes and try again.',
      values: { email: 'ada@example.com' },
    });
    const failed = await send('ada@example.com', () => json(500, { code: 'PASSWORD_RESET_FAILED', message: 'x' }));
    expect(failed.answer).toMatchObject({ ok: false, message: passwordMessages.resetFailed });
  });
});
