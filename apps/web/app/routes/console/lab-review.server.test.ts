import { describe, expect, it } from 'vitest';
import { callAction, json, pathOf } from '../../lib/action-test-kit';
import { WRITE_PLAN_FORM } from './lab-review-forms';
import { labReviewAction, PLAN_FAILED_MESSAGE } from './lab-review.server';

const REVIEW = '4f1c2a7e-2b7a-4a52-8e1b-5f6f3a9d7c10';
const fields = {
  _form: WRITE_PLAN_FORM,
  summary: 'Your ferritin is below its range, so your iron stores are low.',
  eatMore: '- Lentils\n\nSpinach with lemon',
  eatLess: '',
  meals: 'Lentil soup',
  shopping: 'Red lentils\nLemons',
};
const send = (form: Record<string, string>, reply: (request: Request) => Response = () => json(200, {})) =>
  callAction(labReviewAction, {
    url: `http://shop.test/admin/lab-reviews/${REVIEW}`,
    fields: form,
    cookie: 'shop.session_token=coach',
    reply,
    params: { id: REVIEW },
  });

describe('the lab review’s plan form', () => {
  it('sends the plan with each list read one item per line', async () => {
    const { answer, calls } = await send(fields);
    expect(answer).toEqual({ ok: true, form: WRITE_PLAN_FORM, message: 'The plan is sent: the member is e-mailed that it is ready.' });
    expect(pathOf(calls[0])).toBe(`/api/admin/lab-reviews/${REVIEW}/plan`);
    expect(await calls[0]!.json()).toEqual({
      summary: fields.summary,
      eatMore: ['Lentils', 'Spinach with lemon'],
      eatLess: [],
      meals: ['Lentil soup'],
      shopping: ['Red lentils', 'Lemons'],
    });
  });

  it('says what is missing under each field, keeping what was typed, without calling the API', async () => {
    const { answer, calls, status } = await send({ ...fields, summary: 'Fine.', eatMore: '' });
    expect(status).toBe(400);
    expect(answer).toMatchObject({
      ok: false,
      errors: { summary: 'Please say what the results mean in a few sentences.', eatMore: 'Please name at least one food to eat more of.' },
      values: { meals: 'Lentil soup' },
    });
    expect(calls).toEqual([]);
  });

  it('shows a plan already sent as the API says it', async () => {
    const taken = await send(fields, () => json(409, { code: 'PLAN_WRITTEN', message: 'This plan was already sent by Dana.' }));
    expect(taken.answer).toMatchObject({ ok: false, message: 'This plan was already sent by Dana.' });
    const failed = await send(fields, () => json(500, { code: 'INTERNAL_ERROR', message: 'x' }));
    expect(failed.answer).toMatchObject({ ok: false, message: PLAN_FAILED_MESSAGE });
  });
});
