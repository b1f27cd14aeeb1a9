import { describe, expect, it } from 'vitest';
import { CENSUS_HEADER, employerPortalMessages } from '@shop/core';
import { callAction, json, pathOf } from '../../lib/action-test-kit';
import { businessPortalAction } from './business-portal.server';
import { CENSUS_FORM, CODES_FORM } from './business-portal-forms';

const url = 'http://shop.test/business/portal';
const census = `${CENSUS_HEADER}\nAda,Lovelace,ada@acme.test,,1985-12-10\nKid,Young,kid@acme.test,,2020-03-01`;
const dryRunAnswer = {
  applied: false,
  version: 1,
  added: 1,
  removed: 0,
  changed: 0,
  unchanged: 1,
  preview: [{ change: 'added', name: 'A B' }],
};

describe('the employer portal’s census and codes forms', () => {
  it('checks a pasted census as a dry run, and keeps it for the upload', async () => {
    const { answer, calls } = await callAction(businessPortalAction, {
      url,
      fields: { _form: CENSUS_FORM, intent: 'check', csv: census },
      reply: () => json(200, dryRunAnswer),
    });
    expect(pathOf(calls[0])).toBe('/api/business/census');
    expect(await calls[0]!.json()).toEqual({ csv: census, dryRun: true });
    expect(answer).toMatchObject({ ok: true, form: CENSUS_FORM, census: dryRunAnswer, csv: census });
    expect((answer as { message: string }).message).toMatch(/^Checked, nothing changed yet: 1 would be added/);
  });

  it('uploads a chosen file rather than the pasted text', async () => {
    const form = new FormData();
    form.set('_form', CENSUS_FORM);
    form.set('intent', 'upload');
    form.set('csv', 'stale text');
    form.set('file', new File([census], 'census.csv', { type: 'text/csv' }));
    const { answer, calls } = await callAction(businessPortalAction, {
      url,
      fields: form,
      reply: () => json(200, { ...dryRunAnswer, applied: true, version: 2 }),
    });
    expect(await calls[0]!.json()).toEqual({ csv: census, dryRun: false });
    expect(answer).toMatchObject({ ok: true, csv: '', message: expect.stringMatching(/^Census version 2 uploaded/) });
  });

  it('shows core’s reason at each refused line, with the line as the file had it', async () => {
    const problems = [
      { line: 3, message: 'Line 3: Kid Young is under 18; tests are for adults only' },
      { line: null, message: 'A census holds at most 20000 employees' },
    ];
    const { answer, status } = await callAction(businessPortalAction, {
      url,
      fields: { _form: CENSUS_FORM, intent: 'check', csv: census },
      reply: () => json(422, { code: 'CENSUS_INVALID', message: 'The census was not changed.', problems }),
    });
    expect(status).toBe(422);
    expect(answer).toMatchObject({
      ok: false,
      csv: census,
      problems: [
        { line: 3, text: 'Kid,Young,kid@acme.test,,2020-03-01', message: problems[0]!.message },
        { line: null, text: null, message: problems[1]!.message },
      ],
    });
  });

  it('asks for a census before sending anything, and for 1 to 500 codes', async () => {
    const empty = await callAction(businessPortalAction, { url, fields: { _form: CENSUS_FORM, csv: ' ' }, reply: () => json(500, {}) });
    expect(empty.answer).toMatchObject({ ok: false, errors: { csv: employerPortalMessages.censusMissing } });
    const tooMany = await callAction(businessPortalAction, {
      url,
      fields: { _form: CODES_FORM, count: '501' },
      reply: () => json(500, {}),
    });
    expect(tooMany.answer).toMatchObject({ ok: false, errors: { count: employerPortalMessages.codesCount } });
    expect([...empty.calls, ...tooMany.calls]).toEqual([]);
  });

  it('mints a batch and shows its codes once', async () => {
    const { answer, calls } = await callAction(businessPortalAction, {
      url,
      fields: { _form: CODES_FORM, count: '2' },
      reply: () => json(201, { batch: 3, codes: ['AAAA-BBBB-CCCC-DDDD', 'EEEE-FFFF-GGGG-HHHH'] }),
    });
    expect(pathOf(calls[0])).toBe('/api/business/codes');
    expect(await calls[0]!.json()).toEqual({ count: 2 });
    expect(answer).toMatchObject({ ok: true, form: CODES_FORM, batch: 3, codes: ['AAAA-BBBB-CCCC-DDDD', 'EEEE-FFFF-GGGG-HHHH'] });
  });
});
