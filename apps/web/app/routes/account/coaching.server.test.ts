import { coachingMessages } from '@shop/core';
import { describe, expect, it } from 'vitest';
import { callAction, json, pathOf } from '../../lib/action-test-kit';
import { coachingAction, COACHING_FAILED_MESSAGE } from './coaching.server';
import { BOOK_FORM, CANCEL_FORM, RESCHEDULE_FORM } from './coaching-forms';

const session = { id: 'b1', slotId: 's2', when: 'Tuesday, December 1, 2099, 10:00 AM ET' };
const send = (fields: Record<string, string>, reply: (request: Request) => Response = () => json(201, session)) =>
  callAction(coachingAction, { url: 'http://shop.test/account/coaching', fields, cookie: 'shop.session_token=member', reply });

describe('the coaching page’s action', () => {
  it('books, moves and cancels as the member, and says what happened', async () => {
    const booked = await send({ _form: BOOK_FORM, slotId: 's1' });
    expect(booked.answer).toEqual({
      ok: true,
      form: BOOK_FORM,
      message: `Your session is booked for ${session.when}. We e-mailed you the calendar invitation.`,
    });
    expect(pathOf(booked.calls[0])).toBe('/api/account/coaching/bookings');
    expect(await booked.calls[0]!.json()).toEqual({ slotId: 's1' });

    const moved = await send({ _form: RESCHEDULE_FORM, bookingId: 'b1', slotId: 's2' }, () => json(200, session));
    expect(moved.answer).toMatchObject({ ok: true, message: expect.stringContaining(`moved to ${session.when}`) });
    expect(await moved.calls[0]!.json()).toEqual({ bookingId: 'b1', slotId: 's2' });

    const cancelled = await send({ _form: CANCEL_FORM, bookingId: 'b1' }, () => json(200, {}));
    expect(cancelled.answer).toMatchObject({ ok: true, form: CANCEL_FORM });
    expect(pathOf(cancelled.calls[0])).toBe('/api/account/coaching/cancel');
  });

  it('shows the API’s refusal as it says it: the 24-hour rule, a slot just taken', async () => {
    const late = await send({ _form: CANCEL_FORM, bookingId: 'b1' }, () =>
      json(400, { code: 'TOO_LATE', message: coachingMessages.tooLate }),
    );
    expect(late.status).toBe(400);
    expect(late.answer).toMatchObject({ ok: false, form: CANCEL_FORM, message: coachingMessages.tooLate });
    const taken = await send({ _form: BOOK_FORM, slotId: 's1' }, () =>
      json(409, { code: 'SLOT_TAKEN', message: coachingMessages.slotTaken }),
    );
    expect(taken.answer).toMatchObject({ ok: false, message: 'This slot was just taken. Please choose another.' });
  });

  it('refuses a form it does not know, or one without its slot, without calling the API', async () => {
    const unknown = await send({ _form: 'other' });
    expect(unknown.answer).toMatchObject({ ok: false, message: COACHING_FAILED_MESSAGE });
    const empty = await send({ _form: BOOK_FORM, slotId: '' });
    expect(empty.answer).toMatchObject({ ok: false, errors: { slotId: 'Please choose a time.' } });
    expect([...unknown.calls, ...empty.calls]).toEqual([]);
  });
});
