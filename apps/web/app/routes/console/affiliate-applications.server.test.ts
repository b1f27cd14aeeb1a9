import { describe, expect, it } from 'vitest';
import { affiliateApplicationMessages } from '@shop/core';
import { callAction, json, pathOf } from '../../lib/action-test-kit';
import { affiliatesAction, DECIDE_APPLICATION_FAILED } from './affiliates.server';

const applicationId = '0b7c1f4e-2d8a-4e6b-9c3f-5a1e7d2b8c40';
const landing = { banner: '20% off your first test', heading: 'Recommended by Pat', intro: 'An at-home test and a plan that follows it.' };
const send = (fields: Record<string, string>, reply: (request: Request) => Response) =>
  callAction(affiliatesAction, {
    url: 'http://shop.test/admin/affiliates',
    fields: { applicationId, ...fields },
    cookie: 'shop.session_token=op',
    reply,
  });

describe('the console’s decisions on affiliate applications', () => {
  it('approves with the codes as typed, the landing and the commission as a number, and says which codes', async () => {
    const { answer, calls } = await send({ intent: 'approve', codes: 'pat20, Pat-Sleep', commissionPercent: '20', ...landing }, () =>
      json(200, { id: applicationId, status: 'active', codes: ['PAT20', 'PAT-SLEEP'] }),
    );
    expect(answer).toEqual({
      ok: true,
      form: 'application',
      applicationId,
      intent: 'approve',
      message: 'The application is approved with PAT20, PAT-SLEEP. The affiliate is told by e-mail.',
    });
    expect(pathOf(calls[0])).toBe(`/api/admin/affiliates/${applicationId}/approve`);
    expect(await calls[0]!.json()).toEqual({ codes: 'pat20, Pat-Sleep', commissionPercent: 20, ...landing });
  });

  it('refuses a malformed code before the API hears of it, and shows the API’s word on a taken code', async () => {
    const refused = await send({ intent: 'approve', codes: 'no way!', commissionPercent: '20', ...landing }, () => json(500, {}));
    expect(refused.status).toBe(400);
    expect(refused.answer).toMatchObject({ ok: false, intent: 'approve', errors: { codes: affiliateApplicationMessages.codes } });
    expect(refused.calls).toEqual([]);
    const message = 'The code NESS is taken: choose another.';
    const taken = await send({ intent: 'approve', codes: 'ness', commissionPercent: '20', ...landing }, () =>
      json(409, { code: 'AFFILIATE_CODE_TAKEN', message }),
    );
    expect(taken.answer).toMatchObject({ ok: false, applicationId, message });
  });

  it('declines with the reason, which is required', async () => {
    const empty = await send({ intent: 'decline', reason: ' ' }, () => json(500, {}));
    expect(empty.answer).toMatchObject({ ok: false, intent: 'decline', errors: { reason: affiliateApplicationMessages.declineReason } });
    const { answer, calls } = await send({ intent: 'decline', reason: 'Audience outside the US' }, () =>
      json(200, { id: applicationId, status: 'declined', codes: [] }),
    );
    expect(answer).toMatchObject({
      ok: true,
      message: 'The application is declined, and the applicant is told why: Audience outside the US',
    });
    expect(pathOf(calls[0])).toBe(`/api/admin/affiliates/${applicationId}/decline`);
    const failed = await send({ intent: 'decline', reason: 'Audience outside the US' }, () =>
      json(500, { code: 'INTERNAL_ERROR', message: 'x' }),
    );
    expect(failed.answer).toMatchObject({ ok: false, message: DECIDE_APPLICATION_FAILED });
  });
});
