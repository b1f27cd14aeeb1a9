import { describe, expect, it } from 'vitest';
import { callAction, json, pathOf } from '../../lib/action-test-kit';
import { safeNext, SIGN_IN_FAILED_MESSAGE, signInAction } from './sign-in.server';

const SESSION_COOKIE = 'shop.session_token=new-session; Path=/; HttpOnly; SameSite=Lax';

/** An API where `role` signs in: the sign-in sets the session cookie, the session read answers who it is. */
function api(role: string) {
  return (request: Request) => {
    if (pathOf(request) === '/api/auth/sign-in/email') return json(200, { token: 'x' }, { 'set-cookie': SESSION_COOKIE });
    if (pathOf(request) === '/api/auth/get-session') {
      const signedIn = request.headers.get('cookie')?.includes('shop.session_token=new-session');
      return json(200, signedIn ? { session: { id: 's' }, user: { id: 'u', email: 'ada@example.com', role } } : null);
    }
    return json(404, { code: 'NOT_FOUND', message: 'Not found' });
  };
}

const signIn = (url: string, reply: (request: Request) => Response, fields = { email: 'ada@example.com', password: 'Secret-1!' }) =>
  callAction(signInAction, { url, fields, cookie: 'visitor=1', reply });

describe('the sign-in action', () => {
  it('signs in as the visitor, passes the session cookie on and sends a customer to the account', async () => {
    const { status, location, headers, calls } = await signIn('http://shop.test/sign-in', api('customer'));
    expect(status).toBe(302);
    expect(location).toBe('/account');
    // a whole page load, so the header and every loader see the new session
    expect(headers.get('x-remix-reload-document')).toBe('true');
    expect(headers.getSetCookie()).toEqual([SESSION_COOKIE]);
    expect(calls.map(pathOf)).toEqual(['/api/auth/sign-in/email', '/api/auth/get-session']);
    expect(await calls[0]!.json()).toEqual({ email: 'ada@example.com', password: 'Secret-1!' });
    expect(calls[0]!.headers.get('origin')).toBe('http://shop.test');
  });

  it('reads the new session to send staff to the console', async () => {
    const { location } = await signIn('http://shop.test/sign-in', api('operator'));
    expect(location).toBe('/admin');
  });

  it('sends an affiliate to their dashboard, not the console', async () => {
    const { location } = await signIn('http://shop.test/sign-in', api('affiliate'));
    expect(location).toBe('/affiliate/dashboard');
  });

  it.each(['provider_admin', 'provider_staff'])('sends a clinic’s %s to the provider dashboard', async (role) => {
    const { location } = await signIn('http://shop.test/sign-in', api(role));
    expect(location).toBe('/providers/dashboard');
  });

  it('sends an employer admin to the employer portal, not the console', async () => {
    const { location } = await signIn('http://shop.test/sign-in', api('employer_admin'));
    expect(location).toBe('/business/portal');
  });

  it('sends a health coach to their coaching page', async () => {
    const { location } = await signIn('http://shop.test/sign-in', api('coach'));
    expect(location).toBe('/admin/coaching');
  });

  it('goes back to `next` when it is a path on this site', async () => {
    const { location } = await signIn(`http://shop.test/sign-in?next=${encodeURIComponent('/admin/outbox?to=a')}`, api('operator'));
    expect(location).toBe('/admin/outbox?to=a');
  });

  it.each(['https://evil.example/', '//evil.example/', '/\\evil.example/', 'javascript:alert(1)'])(
    'never sends anyone to %s',
    async (next) => {
      const { location } = await signIn(`http://shop.test/sign-in?next=${encodeURIComponent(next)}`, api('customer'));
      expect(location).toBe('/account');
      expect(safeNext(next)).toBeNull();
    },
  );

  it('shows the API’s refusal with the e-mail typed, never the password', async () => {
    const { answer, status } = await signIn('http://shop.test/sign-in', () =>
      json(401, { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' }),
    );
    expect(status).toBe(400);
    expect(answer).toEqual({ ok: false, errors: {}, message: 'Invalid email or password', values: { email: 'ada@example.com' } });
  });

  it('checks the form before the API hears of it', async () => {
    const { answer, calls } = await signIn('http://shop.test/sign-in', api('customer'), { email: 'ada at example', password: '' });
    expect(answer).toEqual({
      ok: false,
      errors: { email: 'Please enter a valid email', password: 'Please enter password' },
      values: { email: 'ada at example' },
    });
    expect(calls).toEqual([]);
  });

  it('says its own failure when the server fails', async () => {
    const { answer } = await signIn('http://shop.test/sign-in', () => json(500, { code: 'INTERNAL_ERROR', message: 'x' }));
    expect(answer).toMatchObject({ ok: false, message: SIGN_IN_FAILED_MESSAGE });
  });
});
