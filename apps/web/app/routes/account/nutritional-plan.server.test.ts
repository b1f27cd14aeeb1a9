import { LAB_UPLOAD_MAX_BYTES, labUploadMessages } from '@shop/core';
import { describe, expect, it } from 'vitest';
import { callAction, json, pathOf } from '../../lib/action-test-kit';
import { UPLOAD_LAB_FORM } from './nutritional-plan-forms';
import { nutritionalPlanAction, UPLOAD_FAILED } from './nutritional-plan.server';

const ORDER = '0b8c8f55-0c1e-4d59-9a44-0a7c1b6b2a11';
const receipt = { reviewId: 'r1', dueAt: '2026-11-29T09:00:00.000Z', dueText: 'Sunday, November 29, 2026, 4:00 AM ET', files: 1 };

function form(file?: File) {
  const fields = new FormData();
  fields.set('_form', UPLOAD_LAB_FORM);
  fields.set('orderId', ORDER);
  if (file) fields.set('file', file);
  return fields;
}

const send = (fields: FormData, reply: (request: Request) => Response = () => json(201, receipt)) =>
  callAction(nutritionalPlanAction, {
    url: 'http://shop.test/account/nutritional-plan',
    fields,
    cookie: 'shop.session_token=member',
    reply,
  });

describe('the nutritional plan page’s upload', () => {
  it('sends the file’s bytes as they are and goes on to the confirmation', async () => {
    const bytes = new TextEncoder().encode('%PDF-1.7 a report');
    const { location, calls } = await send(form(new File([bytes], 'labs.pdf', { type: 'application/pdf' })));
    expect(location).toBe('/nutritional-plan-confirm');
    expect(pathOf(calls[0])).toBe(`/api/account/nutritional-plans/${ORDER}/files`);
    expect(calls[0]!.headers.get('content-type')).toBe('application/octet-stream');
    expect(new Uint8Array(await calls[0]!.arrayBuffer())).toEqual(bytes);
  });

  it('asks for a file, and refuses one over 10 MB, under the field and without calling the API', async () => {
    const none = await send(form());
    expect(none.status).toBe(400);
    expect(none.answer).toMatchObject({ ok: false, form: UPLOAD_LAB_FORM, errors: { file: labUploadMessages.noFile } });
    const large = await send(form(new File([new Uint8Array(LAB_UPLOAD_MAX_BYTES + 1)], 'scan.pdf')));
    expect(large.answer).toMatchObject({ ok: false, errors: { file: labUploadMessages.tooLarge } });
    expect([...none.calls, ...large.calls]).toEqual([]);
  });

  it('shows the API’s refusal as it says it, and its own words when the server fails', async () => {
    const file = new File(['MZ'], 'report.pdf', { type: 'application/pdf' });
    const refused = await send(form(file), () => json(415, { code: 'FILE_TYPE_NOT_ACCEPTED', message: labUploadMessages.wrongType }));
    expect(refused.answer).toMatchObject({ ok: false, errors: { file: labUploadMessages.wrongType } });
    const failed = await send(form(file), () => json(500, { code: 'INTERNAL_ERROR', message: 'x' }));
    expect(failed.answer).toMatchObject({ ok: false, errors: { file: UPLOAD_FAILED } });
  });
});
