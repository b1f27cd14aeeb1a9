import { describe, expect, it } from 'vitest';
import { callAction, json, pathOf } from '../../lib/action-test-kit';
import { RESULTS_FAILED, resultsAction } from './order-results.server';

const orderId = '6f1c1f5e-2b1a-4c55-9a57-1d1b6f2b9c10';
const saved = { order: { id: orderId, number: 1042, status: 'results_ready' }, kit: { kitSlug: 'daily-rhythm-saliva' } };
const blank = {
  'cortisol.value': '',
  'cortisol.unit': 'ng/mL',
  'cortisol.low': '',
  'cortisol.high': '',
  'melatonin.value': '',
  'melatonin.unit': 'pg/mL',
  'melatonin.low': '',
  'melatonin.high': '',
};

const send = (
  fields: Record<string, string>,
  reply: (request: Request) => Response = () => json(201, saved),
  kitSlug = 'daily-rhythm-saliva',
) =>
  callAction(resultsAction, {
    url: `http://shop.test/admin/orders/${orderId}/results/${kitSlug}`,
    params: { id: orderId, kitSlug },
    fields: { ...blank, ...fields },
    cookie: 'shop.session_token=staff',
    reply,
  });

describe('the results entry action', () => {
  it('enters the kit’s results, leaving out what was left blank, with the lab’s own range', async () => {
    const { answer, calls } = await send({ 'cortisol.value': '1.4', 'cortisol.high': ' 1.0 ', 'melatonin.value': '12.5' });
    expect(answer).toEqual({ ok: true, message: 'Results saved. Order #1042 is now results ready.' });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.method).toBe('POST');
    expect(pathOf(calls[0])).toBe(`/api/admin/orders/${orderId}/results/daily-rhythm-saliva`);
    expect(calls[0]!.headers.get('cookie')).toBe('shop.session_token=staff');
    expect(await calls[0]!.json()).toEqual({
      results: [
        { biomarker: 'cortisol', value: 1.4, unit: 'ng/mL', referenceRange: { high: 1 } },
        { biomarker: 'melatonin', value: 12.5, unit: 'pg/mL' },
      ],
    });
  });

  it('says what the schema refuses, marks its field and keeps what was typed, without calling the API', async () => {
    const implausible = await send({ 'cortisol.value': '140', 'melatonin.value': '12.5' });
    expect(implausible.status).toBe(400);
    expect(implausible.answer).toEqual({
      ok: false,
      errors: { 'cortisol.value': expect.stringContaining('Cortisol: 140 ng/mL is not a plausible result') as string },
      message: expect.stringContaining('Cortisol: 140 ng/mL is not a plausible result') as string,
      values: { ...blank, 'cortisol.value': '140', 'melatonin.value': '12.5' },
    });

    const range = await send({ 'cortisol.value': '1.4', 'cortisol.low': '2', 'cortisol.high': '1' });
    expect(range.answer).toMatchObject({
      errors: { 'cortisol.low': "Cortisol: the reference range's low bound is above its high bound." },
    });

    const none = await send({});
    expect(none.answer).toMatchObject({ ok: false, errors: {}, message: 'Send at least one result' });
    expect([...implausible.calls, ...range.calls, ...none.calls]).toEqual([]);
  });

  it('shows the API’s refusal, and its own words when the server fails', async () => {
    const twice = await send({ 'cortisol.value': '1.4' }, () =>
      json(409, { code: 'RESULTS_ALREADY_ENTERED', message: 'This kit already has its results.' }),
    );
    expect(twice.answer).toMatchObject({ ok: false, message: 'This kit already has its results.', values: { 'cortisol.value': '1.4' } });
    // a biomarker of the order left blank is left out, and the API names it missing
    const incomplete = await send({ 'cortisol.value': '1.4' }, () =>
      json(422, {
        code: 'RESULTS_INCOMPLETE',
        message: 'Melatonin is missing: the Daily rhythm saliva kit of order #1042 takes results for Cortisol and Melatonin, all at once.',
      }),
    );
    expect(incomplete.answer).toMatchObject({ ok: false, message: expect.stringContaining('Melatonin is missing') as string });
    const failed = await send({ 'cortisol.value': '1.4' }, () => json(500, { code: 'INTERNAL_ERROR', message: 'x' }));
    expect(failed.answer).toMatchObject({ ok: false, message: RESULTS_FAILED });
  });

  it('answers 404 for a kit the shop does not have', async () => {
    await expect(send({}, () => json(201, saved), 'no-such-kit')).rejects.toMatchObject({ init: { status: 404 } });
  });
});
