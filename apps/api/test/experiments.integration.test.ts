import { assignVariant, findExperiment } from '@shop/core';
import { auditLog, clientErrors, experimentConversions, experimentExposures } from '@shop/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientErrorLimit } from '../src/experiments/routes.ts';
import {
  adultAnswers,
  createTestShop,
  paymentMethod,
  staffVisitor,
  uniqueEmail,
  Visitor,
  type TestShop,
  everyConsent,
  quizConsent,
} from './helpers.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

const person = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36' };
const googlebot = { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' };

const expose = (visitor: Visitor, experimentId: string, headers: Record<string, string> = person) =>
  visitor.post(`/api/experiments/${experimentId}/exposures`, {}, headers);

describe('exposure', () => {
  it('gives a browser its deterministic variant and the exp cookie, and records it once', async () => {
    const visitor = new Visitor(shop.app);
    const first = await expose(visitor, 'checkout');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ experimentId: 'checkout', counted: true });
    const exp = first.cookies.find((cookie) => cookie.name === 'exp')!;
    expect(exp.value).toMatch(/^shop\.[0-2]-[0-3]-[0-2]$/);
    expect(exp).toMatchObject({ path: '/', maxAge: 604_800 });

    const rows = await shop.database.db.select().from(experimentExposures).where(eq(experimentExposures.experimentId, 'checkout'));
    expect(rows).toHaveLength(1);
    // the variant is the one the visitor id hashes to
    expect(assignVariant(findExperiment('checkout')!, rows[0]!.visitorId)).toBe(first.json().variant);
    expect(rows[0]!.variant).toBe(first.json().variant);

    const again = await expose(visitor, 'checkout');
    expect(again.json().variant).toBe(first.json().variant);
    expect(await shop.database.db.select().from(experimentExposures).where(eq(experimentExposures.experimentId, 'checkout'))).toHaveLength(
      1,
    );
  });

  it('gives a bot the control, no cookie and no count', async () => {
    const before = await shop.database.db.select().from(experimentExposures);
    const bot = new Visitor(shop.app);
    const response = await expose(bot, 'quiz', googlebot);
    expect(response.json()).toEqual({ experimentId: 'quiz', variant: 'quiz', counted: false });
    expect(response.cookies).toHaveLength(0);
    expect(await shop.database.db.select().from(experimentExposures)).toHaveLength(before.length);
  });

  it('answers 404 for an experiment that does not exist', async () => {
    expect((await expose(new Visitor(shop.app), 'nope')).statusCode).toBe(404);
  });
});

describe('conversions', () => {
  it('count a quiz, an add to cart and a paid order after the exposure, with the order’s value', async () => {
    const visitor = new Visitor(shop.app);
    const exposure = await expose(visitor, 'checkout');
    const variant = exposure.json().variant as string;
    const quiz = await visitor.post('/api/quiz-results', { variant: 'quiz', answers: adultAnswers, consent: quizConsent }, person);
    expect(quiz.statusCode, quiz.body).toBe(201);
    const added = await visitor.post('/api/cart/items', { productCode: 'base-quiz', quizResultId: quiz.json().id }, person);
    expect(added.statusCode, added.body).toBe(200);
    const email = uniqueEmail('experiment');
    expect((await visitor.post('/api/checkout/account', { email, password: 'Sup3r-secret!' }, person)).statusCode).toBe(200);
    const paid = await visitor.post(
      '/api/checkout/orders',
      { testedState: 'TX', consents: everyConsent, paymentMethod: await paymentMethod(visitor) },
      { ...person, 'idempotency-key': crypto.randomUUID() },
    );
    expect(paid.statusCode, paid.body).toBe(201);

    const conversions = await shop.database.db
      .select()
      .from(experimentConversions)
      .where(and(eq(experimentConversions.experimentId, 'checkout'), eq(experimentConversions.source, paid.json().order.id)));
    expect(conversions).toEqual([expect.objectContaining({ metric: 'order_paid', variant, valueCents: 7995 })]);
    const visitorId = conversions[0]!.visitorId;
    const mine = await shop.database.db.select().from(experimentConversions).where(eq(experimentConversions.visitorId, visitorId));
    expect(mine.map((row) => row.metric).sort()).toEqual(['added_to_cart', 'order_paid', 'quiz_completed']);

    // the same person on a second browser, once signed in, is the same visitor: same variant, no new exposure
    const second = new Visitor(shop.app);
    expect((await second.post('/api/auth/sign-in/email', { email, password: 'Sup3r-secret!' }, person)).statusCode).toBe(200);
    const before = await shop.database.db.select().from(experimentExposures);
    expect((await expose(second, 'checkout')).json().variant).toBe(variant);
    expect(await shop.database.db.select().from(experimentExposures)).toHaveLength(before.length);
  });

  it('do not count what happened before the first exposure', async () => {
    const visitor = new Visitor(shop.app);
    // the quiz first: the browser gets its visitor id, nothing is counted
    const quiz = await visitor.post('/api/quiz-results', { variant: 'quiz', answers: adultAnswers, consent: quizConsent }, person);
    expect(quiz.statusCode).toBe(201);
    await expose(visitor, 'quiz-results');
    const rows = await shop.database.db.select().from(experimentConversions).where(eq(experimentConversions.source, quiz.json().id));
    expect(rows).toEqual([]);
    // a second quiz after the exposure counts
    const retake = await visitor.post('/api/quiz-results', { variant: 'quiz', answers: adultAnswers, consent: quizConsent }, person);
    const counted = await shop.database.db.select().from(experimentConversions).where(eq(experimentConversions.source, retake.json().id));
    expect(counted).toEqual([expect.objectContaining({ experimentId: 'quiz-results', metric: 'quiz_completed' })]);
  });
});

describe('the console', () => {
  it('reports each variant, and an operator turns one off and ends the experiment with a default (audited)', async () => {
    const operator = await staffVisitor(shop, 'operator');
    const report = await operator.get('/api/admin/experiments');
    expect(report.statusCode, report.body).toBe(200);
    const quiz = report.json().experiments.find((experiment: { id: string }) => experiment.id === 'quiz');
    expect(quiz.variants.map((variant: { key: string }) => variant.key)).toEqual(['quiz', 'quiz-b', 'quiz-c']);
    expect(quiz.variants[0].metrics[0]).toMatchObject({ metric: 'quiz_completed', label: 'Quiz completed' });

    const off = await operator.post('/api/admin/experiments/quiz/variants/off', { variant: 'quiz-b' });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().variants[1]).toMatchObject({ key: 'quiz-b', disabled: true });
    expect((await operator.post('/api/admin/experiments/quiz/variants/off', { variant: 'quiz' })).statusCode).toBe(400);

    const ended = await operator.post('/api/admin/experiments/quiz/end', { defaultVariant: 'quiz-c' });
    expect(ended.json()).toMatchObject({ running: false, defaultVariant: 'quiz-c' });
    // from now on everyone sees the winner, and nobody is counted
    expect((await expose(new Visitor(shop.app), 'quiz')).json()).toEqual({ experimentId: 'quiz', variant: 'quiz-c', counted: false });
    const audit = await shop.database.db.select().from(auditLog).where(eq(auditLog.subjectType, 'experiment'));
    expect(audit.map((row) => row.action)).toEqual(['experiment.variant_off', 'experiment.end']);

    const support = await staffVisitor(shop, 'support');
    expect((await support.post('/api/admin/experiments/checkout/end', { defaultVariant: null })).statusCode).toBe(403);
  });
});

describe('client errors', () => {
  it('are kept scrubbed, shown in the console, and limited per address', async () => {
    const visitor = new Visitor(shop.app);
    const sent = await visitor.post('/api/client-errors', {
      message: 'Cannot read properties of undefined for ann@example.com',
      page: 'https://shop.example/quiz-results?id=secret-result',
      stack: null,
    });
    expect(sent.statusCode, sent.body).toBe(204);
    const [row] = await shop.database.db.select().from(clientErrors);
    expect(row).toMatchObject({ message: 'Cannot read properties of undefined for [e-mail]', page: '/quiz-results' });

    const operator = await staffVisitor(shop, 'operator');
    expect((await operator.get('/api/admin/client-errors')).json().errors[0]).toMatchObject({ page: '/quiz-results' });

    // an address sent percent-encoded and a reset token outside any URL are found all the same
    const token = 'q3VtX9aLk2PzR8wYbN4cD7eF1gH5jK0mS6tU_vW-xYz';
    const encoded = await visitor.post('/api/client-errors', {
      message: `Reset failed for jane%40example.com with ${token}`,
      page: `/new-password%3Ftoken%3D${token}`,
      stack: `Error\n    at https://shop.example/api/admin/outbox?to=jane%2540example.com:1:2`,
    });
    expect(encoded.statusCode, encoded.body).toBe(204);
    const [latest] = (await operator.get('/api/admin/client-errors')).json().errors;
    expect(latest).toMatchObject({ message: 'Reset failed for [e-mail] with [token]', page: '/new-password' });
    expect(JSON.stringify(latest)).not.toMatch(/jane|q3VtX9aLk2/);

    // however scrubbed, they are operators' reading: not support's, nor a clinician's or a coach's
    for (const role of ['support', 'clinician', 'coach'] as const) {
      expect((await (await staffVisitor(shop, role)).get('/api/admin/client-errors')).statusCode, role).toBe(403);
    }

    for (let i = 2; i < clientErrorLimit.max; i += 1) await visitor.post('/api/client-errors', { message: 'x', page: '/' });
    expect((await visitor.post('/api/client-errors', { message: 'x', page: '/' })).statusCode).toBe(429);
  });
});
