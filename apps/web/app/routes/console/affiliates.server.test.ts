import { describe, expect, it } from 'vitest';
import { callAction, json, pathOf } from '../../lib/action-test-kit';
import { VOID_ENTRY_FAILED, voidLedgerEntryAction } from './affiliates.server';

const entryId = '6f1d2c1e-4b7a-4c3e-9a51-2f0b8d7e6a10';
const send = (fields: Record<string, string>, reply: (request: Request) => Response) =>
  callAction(voidLedgerEntryAction, {
    url: 'http://shop.test/admin/affiliates',
    fields: { entryId, ...fields },
    cookie: 'shop.session_token=op',
    reply,
  });
const voided = () => json(200, { id: entryId, status: 'voided', reason: 'Voided by an operator: a test order' });

describe('the console’s void action on a ledger entry', () => {
  it('voids the entry as the operator, with the reason typed, and says so', async () => {
    const { answer, calls } = await send({ reason: '  a test order ' }, voided);
    expect(answer).toEqual({ ok: true, entryId, message: 'The entry is voided: a test order' });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.method).toBe('POST');
    expect(pathOf(calls[0])).toBe(`/api/admin/affiliates/ledger/${entryId}/void`);
    expect(calls[0]!.headers.get('cookie')).toBe('shop.session_token=op');
    expect(await calls[0]!.json()).toEqual({ reason: 'a test order' });
  });

  it('asks for a reason before the API hears of it', async () => {
    const { answer, status, calls } = await send({ reason: ' ' }, voided);
    expect(status).toBe(400);
    expect(answer).toEqual({ ok: false, entryId, errors: { reason: 'Say why the entry is voided.' }, values: { entryId, reason: ' ' } });
    expect(calls).toEqual([]);
  });

  it('shows the API’s refusal of an entry that is no longer pending', async () => {
    const message = 'Only a pending entry can be voided; this one is approved.';
    const { answer, status } = await send({ reason: 'a test order' }, () => json(409, { code: 'LEDGER_ENTRY_NOT_PENDING', message }));
    expect(status).toBe(400);
    expect(answer).toMatchObject({ ok: false, entryId, message });
  });

  it('says its own failure when the server fails', async () => {
    const { answer } = await send({ reason: 'a test order' }, () => json(500, { code: 'INTERNAL_ERROR', message: 'x' }));
    expect(answer).toMatchObject({ ok: false, entryId, message: VOID_ENTRY_FAILED });
  });
});
