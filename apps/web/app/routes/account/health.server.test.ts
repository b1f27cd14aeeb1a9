import { collectConsentRefusal, healthDataConsentTexts, labUploadMessages, outsideResultWords } from '@shop/core';
import { describe, expect, it } from 'vitest';
import { callAction, json, pathOf } from '../../lib/action-test-kit';
import { ADD_OUTSIDE_FORM, DELETE_OUTSIDE_FORM } from './health-forms';
import { healthRecordAction } from './health.server';

const REPORT = '0b8c8f55-0c1e-4d59-9a44-0a7c1b6b2a11';
const waiting = {
  id: REPORT,
  labName: 'Quest Diagnostics',
  collectedOn: '2026-03-02',
  status: 'waiting',
  statusText: outsideResultWords.waiting,
  file: {
    id: REPORT,
    label: 'Report 1 (PDF, 1 KB)',
    kind: 'pdf',
    contentType: 'application/pdf',
    sizeBytes: 900,
    uploadedAt: '2026-12-07T20:00:00.000Z',
  },
  uploadedAt: '2026-12-07T20:00:00.000Z',
  enteredAt: null,
};

function upload(fields: Record<string, string>, file?: File) {
  const form = new FormData();
  form.set('_form', ADD_OUTSIDE_FORM);
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  if (file) form.set('file', file);
  return form;
}

const send = (fields: FormData, reply: (request: Request) => Response = () => json(201, waiting)) =>
  callAction(healthRecordAction, { url: 'http://shop.test/account/health', fields, cookie: 'shop.session_token=member', reply });

const pdf = () => new File([new TextEncoder().encode('%PDF-1.7 a report')], 'quest.pdf', { type: 'application/pdf' });

describe('the health record page’s outside reports', () => {
  it('sends the file’s bytes with the lab, the day and the consent ticked, and says the report waits', async () => {
    const sent = await send(upload({ labName: 'Quest Diagnostics', collectedOn: '2026-03-02', consent: 'yes' }, pdf()));
    expect(sent.answer).toEqual({ ok: true, message: outsideResultWords.uploaded, form: ADD_OUTSIDE_FORM });
    const url = new URL(sent.calls[0]!.url);
    expect(pathOf(sent.calls[0])).toBe('/api/account/outside-reports');
    expect(url.searchParams.get('labName')).toBe('Quest Diagnostics');
    expect(url.searchParams.get('collectedOn')).toBe('2026-03-02');
    expect(url.searchParams.get('consentVersion')).toBe(healthDataConsentTexts.collect_health_data.version);
    expect(sent.calls[0]!.headers.get('content-type')).toBe('application/octet-stream');
  });

  it('asks for the lab, the day and the file under their fields, without calling the API', async () => {
    const noLab = await send(upload({ labName: ' ', collectedOn: '2026-03-02' }, pdf()));
    expect(noLab.answer).toMatchObject({ ok: false, errors: { labName: outsideResultWords.labNameMissing } });
    const noDay = await send(upload({ labName: 'Labcorp', collectedOn: '' }, pdf()));
    expect(noDay.answer).toMatchObject({ ok: false, errors: { collectedOn: outsideResultWords.collectedOnMissing } });
    const noFile = await send(upload({ labName: 'Labcorp', collectedOn: '2026-03-02' }));
    expect(noFile.answer).toMatchObject({ ok: false, errors: { file: labUploadMessages.noFile } });
    expect([...noLab.calls, ...noDay.calls, ...noFile.calls]).toEqual([]);
  });

  it('puts the API’s refusal beside the field it is about', async () => {
    const fields = { labName: 'Labcorp', collectedOn: '2099-01-01' };
    const future = await send(upload(fields, pdf()), () =>
      json(400, { code: 'OUTSIDE_REPORT_INVALID', message: outsideResultWords.collectedOnFuture }),
    );
    expect(future.answer).toMatchObject({ ok: false, errors: { collectedOn: outsideResultWords.collectedOnFuture } });
    const consent = await send(upload(fields, pdf()), () => json(422, { code: 'CONSENT_REQUIRED', message: collectConsentRefusal }));
    expect(consent.answer).toMatchObject({ ok: false, errors: { consent: collectConsentRefusal } });
  });

  it('deletes a waiting report, and says why one cannot be', async () => {
    const form = new FormData();
    form.set('_form', DELETE_OUTSIDE_FORM);
    form.set('reportId', REPORT);
    const deleted = await send(form, () => json(200, { deleted: true }));
    expect(pathOf(deleted.calls[0])).toBe(`/api/account/outside-reports/${REPORT}/delete`);
    expect(deleted.answer).toEqual({ ok: true, message: outsideResultWords.deleted, form: DELETE_OUTSIDE_FORM, subject: REPORT });
    const entered = await send(form, () => json(409, { code: 'OUTSIDE_REPORT_ENTERED', message: outsideResultWords.alreadyEntered }));
    expect(entered.answer).toMatchObject({ ok: false, message: outsideResultWords.alreadyEntered, subject: REPORT });
  });
});
