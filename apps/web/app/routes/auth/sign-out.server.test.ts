import { describe, expect, it } from 'vitest';
import { callAction, json, pathOf } from '../../lib/action-test-kit';
import { signOutAction } from './sign-out.server';

const CLEARED = 'shop.session_token=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax';
const signOut = (reply: (request: Request) => Response) =>
  callAction(signOutAction, { url: 'http://shop.test/sign-out', fields: {}, cookie: 'shop.session_token=s', reply });

describe('the sign-out action', () => {
  it('signs the visitor out through the API, passes the cleared cookie on and loads the home page', async () => {
    const { status, location, headers, calls } = await signOut(() => json(200, { success: true }, { 'set-cookie': CLEARED }));
    expect(status).toBe(302);
    expect(location).toBe('/');
    // a whole page load: every part of the page forgets the member at once
    expect(headers.get('x-remix-reload-document')).toBe('true');
    expect(headers.getSetCookie()).toEqual([CLEARED]);
    expect(calls.map(pathOf)).toEqual(['/api/auth/sign-out']);
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.headers.get('cookie')).toBe('shop.session_token=s');
    expect(calls[0]!.headers.get('origin')).toBe('http://shop.test');
  });

  it('goes home even when the API fails', async () => {
    const { status, location } = await signOut(() => json(500, { code: 'INTERNAL_ERROR', message: 'x' }));
    expect(status).toBe(302);
    expect(location).toBe('/');
  });
});
