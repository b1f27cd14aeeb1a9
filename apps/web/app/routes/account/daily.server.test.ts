import { describe, expect, it } from 'vitest';
import { foodLogMessages } from '@shop/core';
import { callAction, json, pathOf } from '../../lib/action-test-kit';
import { dailyAction, FOOD_LOG_FAILED } from './daily.server';

const ENTRY_ID = '0b6e5c1d-3f2a-4e8b-9c7d-1a2b3c4d5e6f';
const send = (fields: Record<string, string>, reply: (request: Request) => Response) =>
  callAction(dailyAction, { url: 'http://shop.test/account/daily', fields, cookie: 'shop.session_token=s', reply });

describe('the Base Daily page’s forms', () => {
  it('logs a meal as the member, checked with core’s schema first', async () => {
    const { answer, calls } = await send({ _form: 'log-food', day: '2026-11-27', meal: 'lunch', food: ' Lentil soup ' }, () =>
      json(201, { id: ENTRY_ID, day: '2026-11-27', meal: 'lunch', mealLabel: 'Lunch', food: 'Lentil soup' }),
    );
    expect(answer).toEqual({ ok: true, form: 'log-food', message: 'Lunch logged: Lentil soup' });
    expect(pathOf(calls[0])).toBe('/api/account/daily/food-log');
    expect(await calls[0]!.json()).toEqual({ day: '2026-11-27', meal: 'lunch', food: 'Lentil soup' });
    expect(calls[0]!.headers.get('cookie')).toBe('shop.session_token=s');
  });

  it('refuses an empty meal on the page, without asking the API, and keeps what was typed', async () => {
    const { answer, status, calls } = await send({ _form: 'log-food', day: '2026-11-27', meal: 'lunch', food: '' }, () => json(201, {}));
    expect(status).toBe(400);
    expect(answer).toMatchObject({ ok: false, errors: { food: foodLogMessages.food }, values: { day: '2026-11-27', meal: 'lunch' } });
    expect(calls).toEqual([]);
  });

  it('shows the API’s refusal: a day too far back, or someone who is not a member', async () => {
    const { answer } = await send({ _form: 'log-food', day: '2026-01-01', meal: 'lunch', food: 'Soup' }, () =>
      json(400, { code: 'INVALID_DAY', message: foodLogMessages.day }),
    );
    expect(answer).toMatchObject({ ok: false, message: foodLogMessages.day });
  });

  it('removes an entry, and says so', async () => {
    const { answer, calls } = await send({ _form: 'remove-food', entry: ENTRY_ID }, () => json(200, { removed: ENTRY_ID }));
    expect(answer).toEqual({ ok: true, form: 'remove-food', message: 'Removed from your food log.' });
    expect(calls[0]!.method).toBe('DELETE');
    expect(pathOf(calls[0])).toBe(`/api/account/daily/food-log/${ENTRY_ID}`);
  });

  it('does nothing for a form the page does not have', async () => {
    const { answer, calls } = await send({ _form: 'other' }, () => json(200, {}));
    expect(answer).toMatchObject({ ok: false, message: FOOD_LOG_FAILED });
    expect(calls).toEqual([]);
  });
});
