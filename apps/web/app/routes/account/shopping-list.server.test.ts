import { shoppingListMessages } from '@shop/core';
import { describe, expect, it } from 'vitest';
import { callAction, json, pathOf } from '../../lib/action-test-kit';
import { EMAIL_LIST_FAILED, shoppingListAction } from './shopping-list.server';

const send = (week: string, fields: Record<string, string>, reply: (request: Request) => Response) =>
  callAction(shoppingListAction, {
    url: `http://shop.test/account/program/shopping-list/${week}`,
    params: { week },
    fields,
    cookie: 'shop.session_token=s',
    reply,
  });

describe('the shopping list’s “E-mail me this list”', () => {
  it('asks the API, as the member, to e-mail the page’s week, and says where it went', async () => {
    const { answer, calls } = await send('3', { _form: 'email-shopping-list' }, () => json(202, { week: 3, to: 'ann@example.com' }));
    expect(answer).toEqual({
      ok: true,
      form: 'email-shopping-list',
      message: 'We e-mailed your week 3 shopping list to ann@example.com. It should arrive in a few minutes.',
    });
    expect(calls[0]!.method).toBe('POST');
    expect(pathOf(calls[0])).toBe('/api/account/program/shopping-list/email');
    expect(await calls[0]!.json()).toEqual({ week: 3 });
    expect(calls[0]!.headers.get('cookie')).toBe('shop.session_token=s');
  });

  it('refuses a week the program does not have, without asking the API', async () => {
    for (const week of ['0', '9', 'two', '1.5']) {
      const { answer, status, calls } = await send(week, { _form: 'email-shopping-list' }, () => json(202, {}));
      expect(status).toBe(400);
      expect(answer).toMatchObject({ ok: false, message: shoppingListMessages.week });
      expect(calls).toEqual([]);
    }
  });

  it('shows the API’s refusal: too many lists sent, or no program', async () => {
    const limited = await send('2', { _form: 'email-shopping-list' }, () =>
      json(429, { code: 'TOO_MANY_REQUESTS', message: 'Too many attempts. Please wait 60 minutes and try again.' }),
    );
    expect(limited.status).toBe(400);
    expect(limited.answer).toMatchObject({ ok: false, message: 'Too many attempts. Please wait 60 minutes and try again.' });
    const none = await send('2', { _form: 'email-shopping-list' }, () =>
      json(404, { code: 'NO_ACTIVE_PROGRAM', message: 'You have no active Improvement Program.' }),
    );
    expect(none.answer).toMatchObject({ ok: false, message: 'You have no active Improvement Program.' });
  });

  it('says it failed, in its own words, when the API does', async () => {
    const { answer } = await send('2', { _form: 'email-shopping-list' }, () => json(500, { code: 'INTERNAL', message: 'boom' }));
    expect(answer).toMatchObject({ ok: false, message: EMAIL_LIST_FAILED });
  });

  it('does nothing for a form the page does not have', async () => {
    const { answer, calls } = await send('2', { _form: 'other' }, () => json(202, {}));
    expect(answer).toMatchObject({ ok: false, message: EMAIL_LIST_FAILED });
    expect(calls).toEqual([]);
  });
});
