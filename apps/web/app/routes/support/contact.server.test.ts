import { supportCopy } from '@shop/core';
import { describe, expect, it } from 'vitest';
import { callAction, json, pathOf } from '../../lib/action-test-kit';
import { CONTACT_FAILED_MESSAGE, contactAction } from './contact.server';
import { CONTACT_FORM } from './support-forms';

const shown = String(Date.now() - 60_000);
const visitorFields = {
  _form: CONTACT_FORM,
  name: 'Dana Reyes',
  email: 'dana@example.com',
  subject: 'A kit for my mother',
  body: 'Can I send a kit to my mother in Ohio?',
  topic: 'general',
  website: '',
  startedAt: shown,
};
const send = (fields: Record<string, string>, reply: (request: Request) => Response, cookie?: string) =>
  callAction(contactAction, { url: 'http://shop.test/contact', fields, reply, ...(cookie ? { cookie } : {}) });

describe('the contact page’s action', () => {
  it('sends a visitor’s message with the hidden field and the time the form was shown, and says it is with support', async () => {
    const { answer, calls } = await send(visitorFields, () => json(201, { message: supportCopy.sent, threadId: null }));
    expect(answer).toEqual({ ok: true, message: supportCopy.sent, form: CONTACT_FORM });
    expect(pathOf(calls[0])).toBe('/api/support/messages');
    expect(await calls[0]!.json()).toMatchObject({ email: 'dana@example.com', website: '', startedAt: Number(shown), topic: 'general' });
  });

  it('takes a member to the conversation in their account', async () => {
    const { location } = await send(
      { ...visitorFields, name: '', email: '', orderId: 'o1', topic: 'collection_change' },
      () => json(201, { message: supportCopy.sentToMember, threadId: 't1' }),
      'shop.session_token=member',
    );
    expect(location).toBe('/account/messages/t1?sent=1');
  });

  it('says what to fix without calling the API, and shows the API’s refusal or its own words when the server fails', async () => {
    const short = await send({ ...visitorFields, body: 'Hi' }, () => json(201, {}));
    expect(short.answer).toMatchObject({ ok: false, errors: { body: supportCopy.bodyShort }, form: CONTACT_FORM });
    expect(short.calls).toEqual([]);
    const hasty = await send(visitorFields, () => json(400, { code: 'SENT_TOO_FAST', message: supportCopy.tooFast }));
    expect(hasty.answer).toMatchObject({ ok: false, message: supportCopy.tooFast, values: { subject: 'A kit for my mother' } });
    const failed = await send(visitorFields, () => json(500, { code: 'INTERNAL_ERROR', message: 'x' }));
    expect(failed.answer).toMatchObject({ ok: false, message: CONTACT_FAILED_MESSAGE });
  });
});
