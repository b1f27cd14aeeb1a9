import { describe, expect, it } from 'vitest';
import { leadMessages } from '@shop/core';
import { callAction, json } from './action-test-kit';
import { LEAD_FAILED_MESSAGE, leadAction } from './lead-action.server';

/** The action as React Router calls it: a posted form, and an in-process API that answers `reply`. */
const send = (fields: Record<string, string>, reply: (request: Request) => Response) =>
  callAction(leadAction, { url: 'http://shop.test/whitepaper', fields, cookie: 'visitor=1', reply });

const whitepaper = { _form: 'whitepaper', firstName: 'Ada', lastName: 'Byron', email: 'ada@example.com', company: 'Analytical' };

describe('the lead forms’ action', () => {
  it('checks the form with core’s schema before the API hears of it, and gives back what was typed', async () => {
    const { answer, status, calls } = await send({ ...whitepaper, email: 'ada at byron' }, () => json(200, { message: 'x' }));
    expect(status).toBe(400);
    expect(answer).toEqual({
      ok: false,
      form: 'whitepaper',
      errors: { email: 'Please enter a valid work email' },
      values: { firstName: 'Ada', lastName: 'Byron', email: 'ada at byron', company: 'Analytical' },
    });
    expect(calls).toEqual([]);
  });

  it('sends a valid form to the API as the visitor, and says what the API said', async () => {
    const { answer, calls } = await send(whitepaper, () => json(200, { message: 'Thank you!' }));
    expect(answer).toEqual({ ok: true, form: 'whitepaper', message: 'Thank you!' });
    expect(calls).toHaveLength(1);
    expect(new URL(calls[0]!.url).pathname).toBe('/api/leads/whitepaper');
    expect(calls[0]!.headers.get('cookie')).toBe('visitor=1');
    expect(calls[0]!.headers.get('origin')).toBe('http://shop.test');
    expect(await calls[0]!.json()).toEqual({ firstName: 'Ada', lastName: 'Byron', email: 'ada@example.com', company: 'Analytical' });
  });

  it('shows the API’s refusal (too many tries) in its own words', async () => {
    const { answer } = await send(whitepaper, () =>
      json(429, { code: 'TOO_MANY_REQUESTS', message: 'Too many attempts. Please wait 60 minutes and try again.' }),
    );
    expect(answer).toMatchObject({
      ok: false,
      message: 'Too many attempts. Please wait 60 minutes and try again.',
      values: { email: 'ada@example.com' },
    });
  });

  it('says the form’s own failure when the server fails, and is never retried', async () => {
    const failed = await send(whitepaper, () => json(500, { code: 'INTERNAL_ERROR', message: 'x' }));
    expect(failed.answer).toMatchObject({ ok: false, message: LEAD_FAILED_MESSAGE });
    expect(failed.calls).toHaveLength(1);
    const sample = await send({ _form: 'sample_plan', email: 'sam@example.com' }, () =>
      json(500, { code: 'INTERNAL_ERROR', message: 'x' }),
    );
    expect(sample.answer).toMatchObject({ ok: false, message: leadMessages.sampleFailed });
  });

  it("sends a signed-in clinic member's provider referral to their clinic's referrals, and anybody else's as a lead", async () => {
    const referral = {
      _form: 'provider_referral',
      yourFirstName: 'Lee',
      yourLastName: 'Park',
      yourEmail: 'lee@clinic.example',
      providerFirstName: 'Rosa',
      providerLastName: 'Diaz',
      providerType: 'Registered dietitian',
      providerEmail: 'rosa@other.example',
    };
    const asRole = (role: string | null) => (request: Request) =>
      new URL(request.url).pathname === '/api/auth/get-session'
        ? json(200, role ? { user: { email: 'lee@clinic.example', role }, session: {} } : null)
        : json(200, { message: 'Thank you for the referral!' });
    const member = await send(referral, asRole('provider_staff'));
    expect(member.answer).toMatchObject({ ok: true, message: 'Thank you for the referral!' });
    expect(member.calls.map((call) => new URL(call.url).pathname)).toEqual(['/api/auth/get-session', '/api/providers/referrals']);
    for (const role of ['customer', null]) {
      const visitor = await send(referral, asRole(role));
      expect(visitor.calls.map((call) => new URL(call.url).pathname)).toEqual(['/api/auth/get-session', '/api/leads/provider-referral']);
    }
  });

  it('refuses a form it does not know', async () => {
    const { answer, status, calls } = await send({ _form: 'toString', email: 'a@example.com' }, () => json(200, {}));
    expect(status).toBe(400);
    expect(answer).toMatchObject({ ok: false, message: LEAD_FAILED_MESSAGE });
    expect(calls).toEqual([]);
  });
});
