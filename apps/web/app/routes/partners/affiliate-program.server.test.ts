import { describe, expect, it } from 'vitest';
import { affiliateApplicationMessages, passwordMessages } from '@shop/core';
import { callAction, json, pathOf } from '../../lib/action-test-kit';
import { APPLICATION_FAILED_MESSAGE, applyAction } from './affiliate-program.server';
import { APPLY_AS_MEMBER } from './affiliate-program-forms';

const application = {
  name: 'Pat Podcast',
  email: 'pat@example.com',
  password: 'Affiliate-passw0rd!',
  website: 'https://podcast.example.com',
  promotion: 'A weekly episode on sleep, with the code read out.',
};
const send = (fields: Record<string, string>, reply: (request: Request) => Response) =>
  callAction(applyAction, { url: 'http://shop.test/affiliate-program', fields, reply });

describe('the affiliate application', () => {
  it('sends the application and answers that it was received, with the session’s cookie', async () => {
    const { answer, calls, headers } = await send(application, () =>
      json(
        201,
        { status: 'applied', name: 'Pat Podcast', appliedAt: '2026-11-27T18:00:00.000Z', declineReason: null },
        {
          'set-cookie': 'shop.session_token=new; Path=/; HttpOnly',
        },
      ),
    );
    expect(answer).toEqual({ ok: true, message: 'Application received', name: 'Pat Podcast', email: 'pat@example.com' });
    expect(pathOf(calls[0])).toBe('/api/affiliate-applications');
    expect(await calls[0]!.json()).toEqual(application);
    expect(headers.get('set-cookie')).toContain('shop.session_token=new');
  });

  it('refuses an incomplete application with each field’s message, never sending the password back', async () => {
    const { answer, status, calls } = await send({ ...application, password: 'weak', promotion: '' }, () => json(500, {}));
    expect(status).toBe(400);
    expect(answer).toMatchObject({
      ok: false,
      errors: { password: passwordMessages.rule, promotion: affiliateApplicationMessages.promotion },
    });
    expect(JSON.stringify(answer)).not.toContain('weak');
    expect(calls).toEqual([]);
  });

  it('shows the API’s refusal of a known address, and its own words when the server fails', async () => {
    const exists = await send(application, () =>
      json(409, { code: 'ACCOUNT_EXISTS', message: affiliateApplicationMessages.accountExists }),
    );
    expect(exists.answer).toMatchObject({ ok: false, message: affiliateApplicationMessages.accountExists });
    const failed = await send(application, () => json(500, { code: 'INTERNAL_ERROR', message: 'x' }));
    expect(failed.answer).toMatchObject({ ok: false, message: APPLICATION_FAILED_MESSAGE });
  });

  it('sends a signed-in customer’s application without an account to make, and relays a second one’s refusal', async () => {
    const { name, website, promotion } = application;
    const { answer, calls } = await send({ applyAs: APPLY_AS_MEMBER, name, website, promotion }, () =>
      json(201, { status: 'applied', name, appliedAt: '2026-11-27T18:00:00.000Z', declineReason: null }),
    );
    expect(answer).toEqual({ ok: true, message: 'Application received', name });
    expect(pathOf(calls[0])).toBe('/api/affiliate-applications/mine');
    expect(await calls[0]!.json()).toEqual({ name, website, promotion });

    const again = await send({ applyAs: APPLY_AS_MEMBER, name, website, promotion }, () =>
      json(409, { code: 'AFFILIATE_ALREADY_APPLIED', message: affiliateApplicationMessages.alreadyApplied }),
    );
    expect(again.answer).toMatchObject({ ok: false, message: affiliateApplicationMessages.alreadyApplied });
    const incomplete = await send({ applyAs: APPLY_AS_MEMBER, name, website: '', promotion }, () => json(500, {}));
    expect(incomplete.answer).toMatchObject({ ok: false, errors: { website: affiliateApplicationMessages.website } });
    expect(incomplete.calls).toEqual([]);
  });
});
