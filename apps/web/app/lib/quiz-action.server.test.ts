import { describe, expect, it } from 'vitest';
import { HEALTH_DATA_CONSENT_FIELD, healthDataConsentTexts, QUIZ_UNANSWERED } from '@shop/core';
import { callAction } from './action-test-kit';
import { QUIZ_FAILED_MESSAGE, quizAction } from './quiz-action.server';

type Fields = Array<[string, string]>;
const RESULT_ID = '0b9f6a52-0000-4000-8000-000000000001';

/** The action as React Router calls it: one quiz screen posted to `path`, and an in-process API that answers `reply`. */
async function send(
  path: string,
  fields: Fields,
  reply: (request: Request) => Response = () => Response.json({ id: RESULT_ID }, { status: 201 }),
) {
  const result = await callAction(quizAction, { url: `http://shop.test${path}`, fields, cookie: 'exp=quiz.1', reply });
  return { ...result, response: result.location === null ? undefined : result };
}

// quiz-c asks goal, sex, dateOfBirth; quiz-base-b asks area, sex, dateOfBirth, then the optional symptoms
const consented: [string, string] = [HEALTH_DATA_CONSENT_FIELD, 'on'];
const quizC = (at: number, ...answers: Fields): Fields => [['_variant', 'quiz-c'], ['_at', String(at)], consented, ...answers];
const collect = healthDataConsentTexts.collect_health_data;

describe('the quiz’s action', () => {
  it('goes on from no screen, and sends nothing, before the consent to collect health data is ticked', async () => {
    const first = await send('/quiz-c', [
      ['_variant', 'quiz-c'],
      ['_at', '0'],
      ['goal', 'fatigue'],
      ['_step', 'next'],
    ]);
    expect(first.status).toBe(400);
    expect(first.answer).toEqual({ slug: 'quiz-c', step: 0, answers: { goal: 'fatigue' }, consent: false, error: collect.missing });
    expect(collect.missing).toBe('Please agree to Base collecting your health data before you start');
    // a hand-made post of the last screen without it goes back to the first, and the API hears nothing
    const last = await send('/quiz-c', [
      ['_variant', 'quiz-c'],
      ['_at', '2'],
      ['goal', 'fatigue'],
      ['sex', 'female'],
      ['dateOfBirth', '1990-04-12'],
    ]);
    expect(last.answer).toMatchObject({ step: 0, error: collect.missing });
    expect(last.calls).toEqual([]);
  });

  it('keeps a screen whose required question is unanswered, with the answers so far, and tells why', async () => {
    const { answer, status, calls } = await send('/quiz-c', quizC(1, ['goal', 'fatigue']));
    expect(status).toBe(400);
    expect(answer).toEqual({ slug: 'quiz-c', step: 1, answers: { goal: 'fatigue' }, consent: true, error: QUIZ_UNANSWERED });
    expect(QUIZ_UNANSWERED).toBe('Please answer this question to continue');
    expect(calls).toEqual([]);
  });

  it('moves on from an answered screen, carrying every answer', async () => {
    const { answer, status } = await send('/quiz-c', quizC(1, ['goal', 'fatigue'], ['sex', 'female'], ['_step', 'next']));
    expect(status).toBe(200);
    expect(answer).toEqual({ slug: 'quiz-c', step: 2, answers: { goal: 'fatigue', sex: 'female' }, consent: true });
  });

  it('goes back without checking the screen it leaves', async () => {
    const { answer, status } = await send('/quiz-c', quizC(1, ['goal', 'fatigue'], ['_step', 'back']));
    expect(status).toBe(200);
    expect(answer).toEqual({ slug: 'quiz-c', step: 0, answers: { goal: 'fatigue' }, consent: true });
    const first = await send('/quiz-c', quizC(0, ['_step', 'back']));
    expect(first.answer).toMatchObject({ step: 0 });
  });

  it('starts over at the first screen with no answers', async () => {
    const { answer, status, calls } = await send('/quiz-c', quizC(2, ['goal', 'fatigue'], ['sex', 'female'], ['_step', 'restart']));
    expect(status).toBe(200);
    expect(answer).toEqual({ slug: 'quiz-c', step: 0, answers: {}, consent: false });
    expect(calls).toEqual([]);
  });

  it('checks an answer with core’s rules, in their words, and skips an optional question left empty', async () => {
    const mixed = await send('/quiz', [
      ['_variant', 'quiz'],
      ['_at', '1'],
      consented,
      ['goal', 'fatigue'],
      ['symptoms', 'none'],
      ['symptoms', 'bloating'],
    ]);
    expect(mixed.status).toBe(400);
    expect(mixed.answer).toMatchObject({
      step: 1,
      answers: { symptoms: ['none', 'bloating'] },
      error: '"None of these" cannot be chosen together with a symptom',
    });
    const unknown = await send('/quiz-c', quizC(0, ['goal', 'immortality']));
    expect(unknown.answer).toMatchObject({ step: 0, error: 'Please choose a health goal' });
    const skipped = await send('/quiz', [['_variant', 'quiz'], ['_at', '1'], consented, ['goal', 'fatigue']]);
    expect(skipped.answer).toEqual({ slug: 'quiz', step: 2, answers: { goal: 'fatigue' }, consent: true });
  });

  it('sends the last screen to the API as the visitor and redirects to the results with the API’s cookie', async () => {
    const { response, calls } = await send('/quiz-c', quizC(2, ['goal', 'fatigue'], ['sex', 'female'], ['dateOfBirth', '1990-04-12']), () =>
      Response.json({ id: RESULT_ID }, { status: 201, headers: { 'set-cookie': 'shop_quiz=v1.signed; Path=/; HttpOnly' } }),
    );
    expect(response?.status).toBe(302);
    expect(response?.headers.get('location')).toBe(`/quiz-results-c?id=${RESULT_ID}`);
    expect(response?.headers.getSetCookie()).toEqual(['shop_quiz=v1.signed; Path=/; HttpOnly']);
    expect(calls).toHaveLength(1);
    expect(new URL(calls[0]!.url).pathname).toBe('/api/quiz-results');
    expect(calls[0]!.headers.get('cookie')).toBe('exp=quiz.1');
    expect(await calls[0]!.json()).toEqual({
      variant: 'quiz-c',
      answers: { goal: 'fatigue', sex: 'female', dateOfBirth: '1990-04-12' },
      consent: { kind: 'collect_health_data', version: collect.version },
    });
  });

  it('sends a partner quiz’s partner, and a gift quiz’s answers without a date of birth', async () => {
    const partner = await send('/quiz-base-partners-b', [
      ['_variant', 'quiz-base-partners-b'],
      ['_at', '4'],
      consented,
      ['_partner', 'bolton'],
      ['area', 'sleep'],
      ['sleepHours', '5-6'],
      ['activity', 'active'],
      ['sex', 'male'],
      ['dateOfBirth', '1985-01-31'],
    ]);
    expect(partner.response?.headers.get('location')).toBe(`/quiz-results-b?id=${RESULT_ID}`);
    expect(await partner.calls[0]!.json()).toMatchObject({
      variant: 'quiz-base-partners-b',
      answers: { partner: 'bolton', area: 'sleep' },
    });

    const gift = await send('/quiz-gift', [
      ['_variant', 'quiz-gift'],
      ['_at', '1'],
      consented,
      ['goal', 'fatigue'],
      ['recipientSex', 'female'],
    ]);
    expect(gift.response?.headers.get('location')).toBe(`/quiz-results?id=${RESULT_ID}`);
    expect(await gift.calls[0]!.json()).toEqual({
      variant: 'quiz-gift',
      answers: { goal: 'fatigue', recipientSex: 'female' },
      consent: { kind: 'collect_health_data', version: collect.version },
    });
  });

  it('takes the person back to a screen a hand-made post skipped, before the API hears of it', async () => {
    const { answer, status, calls } = await send('/quiz-c', quizC(2, ['sex', 'female'], ['dateOfBirth', '1990-04-12']));
    expect(status).toBe(400);
    expect(answer).toMatchObject({ step: 0, error: 'Please choose a health goal' });
    expect(calls).toEqual([]);
  });

  it('ends the quiz of a minor without storing or sending back anything', async () => {
    const year = new Date().getUTCFullYear() - 15;
    const { answer, calls } = await send('/quiz-c', quizC(2, ['goal', 'fatigue'], ['sex', 'female'], ['dateOfBirth', `${year}-06-01`]));
    expect(answer).toEqual({ slug: 'quiz-c', step: 2, answers: {}, consent: true, underage: true });
    expect(calls).toEqual([]);
  });

  it('says the quiz’s own failure when the API fails, keeping the answers', async () => {
    const { answer, status } = await send('/quiz-c', quizC(2, ['goal', 'fatigue'], ['sex', 'female'], ['dateOfBirth', '1990-04-12']), () =>
      Response.json({ code: 'INTERNAL_ERROR', message: 'x' }, { status: 500 }),
    );
    expect(status).toBe(400);
    expect(answer).toMatchObject({ step: 2, answers: { goal: 'fatigue' }, error: QUIZ_FAILED_MESSAGE });
  });

  it('answers /quiz for the experiment’s variants only, and every other page for its own', async () => {
    const shown = await send('/quiz', [['_variant', 'quiz-b'], ['_at', '0'], consented, ['symptoms', 'tiredness']]);
    expect(shown.answer).toMatchObject({ slug: 'quiz-b', step: 1 });
    const gift = send('/quiz', [['_variant', 'quiz-gift'], ['_at', '0'], consented, ['goal', 'fatigue']]);
    await expect(gift).rejects.toMatchObject({ init: { status: 404 } });
    const other = send('/quiz-c', [['_variant', 'quiz'], ['_at', '0'], consented, ['goal', 'fatigue']]);
    await expect(other).rejects.toMatchObject({ init: { status: 404 } });
  });
});
