import { coachingMessages } from '@shop/core';
import { describe, expect, it } from 'vitest';
import { callAction, json, pathOf } from '../../lib/action-test-kit';
import { coachingConsoleAction, SLOT_FAILED_MESSAGE } from './coaching.server';
import { CANCEL_SLOT_FORM, PUBLISH_SLOT_FORM } from './coaching-forms';

const slot = { id: 's1', when: 'Tuesday, December 1, 2099, 10:00 AM ET', minutes: 30 };
const send = (fields: Record<string, string>, reply: (request: Request) => Response = () => json(201, slot)) =>
  callAction(coachingConsoleAction, { url: 'http://shop.test/admin/coaching', fields, cookie: 'shop.session_token=coach', reply });

describe('the coaching console’s action', () => {
  it('publishes a slot typed in Eastern time as the instant it names', async () => {
    const { answer, calls } = await send({ _form: PUBLISH_SLOT_FORM, date: '2099-12-01', time: '10:00', minutes: '30' });
    expect(answer).toEqual({ ok: true, form: PUBLISH_SLOT_FORM, message: `Slot published: ${slot.when}, 30 minutes.` });
    expect(pathOf(calls[0])).toBe('/api/admin/coaching/slots');
    expect(await calls[0]!.json()).toEqual({ startsAt: '2099-12-01T15:00:00.000Z', minutes: 30 });
  });

  it('says what to fix under the field, without calling the API', async () => {
    const short = await send({ _form: PUBLISH_SLOT_FORM, date: '2099-12-01', time: '10:00', minutes: '5' });
    expect(short.status).toBe(400);
    expect(short.answer).toMatchObject({ ok: false, errors: { minutes: coachingMessages.slotLength } });
    const noDay = await send({ _form: PUBLISH_SLOT_FORM, date: '2099-02-30', time: '10:00', minutes: '30' });
    expect(noDay.answer).toMatchObject({ ok: false, errors: { date: 'Please give a day and time that exist.' } });
    expect([...short.calls, ...noDay.calls]).toEqual([]);
  });

  it('shows the API’s refusal as it says it, and its own words when the server fails', async () => {
    const overlap = await send({ _form: PUBLISH_SLOT_FORM, date: '2099-12-01', time: '10:00', minutes: '30' }, () =>
      json(409, { code: 'SLOT_OVERLAPS', message: coachingMessages.slotOverlap }),
    );
    expect(overlap.answer).toMatchObject({
      ok: false,
      message: coachingMessages.slotOverlap,
      values: { date: '2099-12-01', time: '10:00' },
    });
    const failed = await send({ _form: CANCEL_SLOT_FORM, slotId: 's1' }, () => json(500, { code: 'INTERNAL_ERROR', message: 'x' }));
    expect(failed.answer).toMatchObject({ ok: false, message: SLOT_FAILED_MESSAGE });
  });
});
