import { describe, expect, it } from 'vitest';
import { callAction, json, pathOf } from '../../lib/action-test-kit';
import { CANCEL_FAILED_MESSAGE, overviewAction } from './overview.server';

const SUBSCRIPTION_ID = '0b6e5c1d-3f2a-4e8b-9c7d-1a2b3c4d5e6f';
const send = (fields: Record<string, string>, reply: (request: Request) => Response) =>
  callAction(overviewAction, { url: 'http://shop.test/account?cancel=x', fields, cookie: 'shop.session_token=s', reply });
const cancel = (reply: (request: Request) => Response) => send({ _form: 'cancel-subscription', subscription: SUBSCRIPTION_ID }, reply);

describe('cancelling a test subscription from the account', () => {
  it('cancels it as the member and says nothing more is charged', async () => {
    const { answer, status, calls } = await cancel(() => json(200, { id: SUBSCRIPTION_ID, title: 'Cortisol Test', status: 'cancelled' }));
    expect(status).toBe(200);
    expect(answer).toEqual({
      ok: true,
      form: 'cancel-subscription',
      message: 'Your subscription to the Cortisol Test is cancelled. Your card will not be charged again for it.',
    });
    expect(pathOf(calls[0])).toBe(`/api/account/subscriptions/${SUBSCRIPTION_ID}/cancel`);
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.headers.get('cookie')).toBe('shop.session_token=s');
  });

  it('says until when a cancelled membership lasts', async () => {
    const { answer } = await cancel(() =>
      json(200, {
        id: SUBSCRIPTION_ID,
        kind: 'membership',
        title: 'Base Daily',
        status: 'cancelled',
        benefits: true,
        accessUntil: 'December 26, 2026',
      }),
    );
    expect(answer).toMatchObject({
      ok: true,
      message: 'Your Base Daily membership is cancelled. Your card will not be charged again for it. It lasts until December 26, 2026.',
    });
  });

  it('shows the API’s refusal, and its own words when the server fails', async () => {
    const refused = await cancel(() => json(404, { code: 'NOT_FOUND', message: 'Subscription not found' }));
    expect(refused.status).toBe(400);
    expect(refused.answer).toMatchObject({ ok: false, message: 'Subscription not found', form: 'cancel-subscription' });
    const failed = await cancel(() => json(500, { code: 'INTERNAL_ERROR', message: 'x' }));
    expect(failed.answer).toMatchObject({ ok: false, message: CANCEL_FAILED_MESSAGE });
  });

  it('cancels nothing without a subscription, or for a form the page does not have', async () => {
    for (const fields of [
      { _form: 'cancel-subscription', subscription: '' },
      { _form: 'other', subscription: SUBSCRIPTION_ID },
    ]) {
      const { answer, status, calls } = await send(fields, () => json(200, {}));
      expect(status).toBe(400);
      expect(answer).toMatchObject({ ok: false, message: CANCEL_FAILED_MESSAGE });
      expect(calls).toEqual([]);
    }
  });
});
