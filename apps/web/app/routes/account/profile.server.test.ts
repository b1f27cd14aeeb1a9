import { messages } from '@shop/core';
import { describe, expect, it } from 'vitest';
import { callAction, json, pathOf } from '../../lib/action-test-kit';
import { profileAction } from './profile.server';

const profile = { fullName: 'Ann Lee', dateOfBirth: '1990-04-12', sex: 'female', state: 'TX', conditions: 'Asthma', medications: '' };
const send = (reply: (request: Request) => Response, fields: Record<string, string> = profile) =>
  callAction(profileAction, { url: 'http://shop.test/account/profile', fields, cookie: 'shop.session_token=s', reply });

describe('the medical profile action', () => {
  it('saves the profile and says whether an order now goes to a clinician', async () => {
    const waiting = await send(() => json(200, { profile, released: 1 }));
    expect(waiting.answer).toEqual({ ok: true, message: 'Saved. Your order now goes to a clinician for approval.' });
    expect(pathOf(waiting.calls[0])).toBe('/api/account/profile');
    expect(waiting.calls[0]!.method).toBe('PUT');
    expect(await waiting.calls[0]!.json()).toEqual(profile);
    const none = await send(() => json(200, { profile, released: 0 }));
    expect(none.answer).toEqual({ ok: true, message: 'Your medical profile is saved.' });
  });

  it('says what to fix, with what was typed', async () => {
    const { answer, calls } = await send(() => json(200, {}), { ...profile, fullName: 'A', state: '' });
    expect(answer).toEqual({
      ok: false,
      errors: { fullName: 'Please enter the full name of the person tested', state: 'Please choose the state you live in' },
      values: { ...profile, fullName: 'A', state: '' },
    });
    expect(calls).toEqual([]);
  });

  it('shows the API’s refusal, and its own words when the server fails', async () => {
    const expired = await send(() => json(401, { code: 'UNAUTHENTICATED', message: 'Please sign in again.' }));
    expect(expired.answer).toMatchObject({ ok: false, message: 'Please sign in again.' });
    const failed = await send(() => json(500, { code: 'INTERNAL_ERROR', message: 'x' }));
    expect(failed.answer).toMatchObject({ ok: false, message: messages.checkoutFailed });
  });
});
