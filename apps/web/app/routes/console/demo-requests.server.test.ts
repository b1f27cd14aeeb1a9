import { describe, expect, it } from 'vitest';
import { callAction, json, pathOf } from '../../lib/action-test-kit';
import { demoRequestAction } from './demo-requests.server';

const moved = { id: 'r1', company: 'Hopper Freight', status: 'contacted' };
const send = (fields: Record<string, string>, reply: (request: Request) => Response = () => json(200, moved)) =>
  callAction(demoRequestAction, {
    url: 'http://shop.test/admin/demo-requests/r1',
    params: { id: 'r1' },
    fields,
    cookie: 'shop.session_token=op',
    reply,
  });

describe('the demo requests’ action', () => {
  it('moves a request with the note that says why, and says where it stands', async () => {
    const { answer, calls } = await send({ _form: 'move', status: 'contacted', note: ' Called Maya ' });
    expect(answer).toEqual({ ok: true, form: 'move', message: 'Hopper Freight is now contacted.' });
    expect(pathOf(calls[0])).toBe('/api/admin/demo-requests/r1/status');
    expect(await calls[0]!.json()).toEqual({ status: 'contacted', note: 'Called Maya' });
  });

  it('adds a note, and refuses an empty one without calling the API', async () => {
    const added = await send({ _form: 'note', note: 'Wants codes' });
    expect(added.answer).toEqual({ ok: true, form: 'note', message: 'Note added.' });
    expect(pathOf(added.calls[0])).toBe('/api/admin/demo-requests/r1/notes');
    const empty = await send({ _form: 'note', note: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.answer).toMatchObject({ ok: false, errors: { note: 'Please write the note' } });
    expect(empty.calls).toEqual([]);
  });

  it('shows the API’s refusal of a move', async () => {
    const refused = await send({ _form: 'move', status: 'lost' }, () =>
      json(409, { code: 'DEMO_REQUEST_MOVE', message: 'A demo request that is won cannot be marked lost.' }),
    );
    expect(refused.answer).toMatchObject({ ok: false, form: 'move', message: 'A demo request that is won cannot be marked lost.' });
  });
});
