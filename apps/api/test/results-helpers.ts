import { and, eq } from 'drizzle-orm';
import { auditLog, jobs, labResults, orderKits, orders } from '@shop/db';
import { biomarkerReferences, type BiomarkerSlug } from '@shop/core';
import { expect } from 'vitest';
import { signLabRequest } from '../src/results/lab-signature.ts';
import { adultAnswers, uniqueEmail, Visitor, type TestShop, quizConsent, placeOrder } from './helpers.ts';

type KitSlug = 'blood' | 'daily-rhythm-saliva' | 'hormone-saliva';

/** The add-on test bought beside the starter test for a kit other than the Cortisol Test's. */
const addOnTestOfKit: Record<Exclude<KitSlug, 'daily-rhythm-saliva'>, number> = {
  // CRP & HbA1c Test: hs-CRP and HbA1c (bloodResults)
  blood: 65,
  // Testosterone & DHEA Test
  'hormone-saliva': 207,
};

/**
 * A paid order whose samples reached the lab: bought through the API (the quiz recommends the
 * Cortisol Test, in the daily-rhythm saliva kit; another kit comes with an add-on test of its
 * own, so that each kit's results are those of a test the order bought), then moved on and given
 * its kit rows directly, as the kit tracks of the console would.
 */
export async function orderWithSamples(
  shop: TestShop,
  options: {
    program?: boolean;
    kits?: KitSlug[];
    kitStatus?: string;
    /** bought instead of each kit's add-on test */ addOnTests?: number[];
    /** a member who has ordered before, buying again (signed in again at the account step) */
    member?: { visitor: Visitor; email: string };
  } = {},
) {
  const visitor = options.member?.visitor ?? new Visitor(shop.app);
  const email = options.member?.email ?? uniqueEmail('results');
  const quiz = await visitor.post('/api/quiz-results', { variant: 'quiz', answers: adultAnswers, consent: quizConsent });
  await visitor.post('/api/cart/items', { productCode: 'base-quiz', quizResultId: quiz.json().id });
  if (options.program) await visitor.post('/api/cart/items', { productCode: 'base-improvement-plan', quizResultId: quiz.json().id });
  const addOns =
    options.addOnTests ?? (options.kits ?? []).flatMap((kitSlug) => (kitSlug === 'daily-rhythm-saliva' ? [] : [addOnTestOfKit[kitSlug]]));
  for (const testId of addOns) {
    const added = await visitor.post('/api/cart/items', { productCode: 'base-quiz', testId, origin: 'addon' });
    expect(added.statusCode, added.body).toBe(200);
  }
  const account = await visitor.post('/api/checkout/account', { email, password: 'Sup3r-secret!' });
  expect(account.statusCode, account.body).toBe(200);
  const placed = await placeOrder(visitor);
  expect(placed.statusCode, placed.body).toBe(201);
  const orderId: string = placed.json().order.id;
  const db = shop.database.db;
  await db.update(orders).set({ status: 'sample_received' }).where(eq(orders.id, orderId));
  for (const kitSlug of options.kits ?? ['daily-rhythm-saliva']) {
    await db
      .insert(orderKits)
      .values({ orderId, kitSlug, title: `${kitSlug} kit`, status: options.kitStatus ?? 'sample_received', sampleReceivedAt: new Date() });
  }
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  return { visitor, email, order: order! };
}

/** The Cortisol Test's results: what `orderWithSamples` bought in the daily-rhythm saliva kit. */
export const salivaResults = {
  results: [{ biomarker: 'cortisol', value: 1.4, unit: 'ng/mL' }],
};

/** The CRP & HbA1c Test's results: what `orderWithSamples` bought in the blood kit. */
export const bloodResults = {
  results: [
    { biomarker: 'hs-crp', value: 1.2, unit: 'mg/L' },
    { biomarker: 'hba1c', value: 5.8, unit: '%' },
  ],
};

/** Results inside the default reference range for these biomarkers, in their own units: a healthy sample's. */
export function inRangeResults(slugs: readonly BiomarkerSlug[]) {
  return {
    results: slugs.map((biomarker) => {
      const { unit, range } = biomarkerReferences[biomarker];
      const value =
        range.low !== undefined && range.high !== undefined
          ? (range.low + range.high) / 2
          : range.low !== undefined
            ? range.low * 1.5
            : range.high! / 2;
      return { biomarker, value: Math.round(value * 100) / 100, unit };
    }),
  };
}

/** What the results of an order left behind: stored rows, kit states, jobs and e-mails queued. */
export async function traces(shop: TestShop, orderId: string) {
  const db = shop.database.db;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  const kits = await db.select().from(orderKits).where(eq(orderKits.orderId, orderId));
  const stored = await db.select().from(labResults).where(eq(labResults.orderId, orderId));
  const billing = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.name, 'program.bill'), eq(jobs.singletonKey, `program-billing:${orderId}`)));
  const mails = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.name, 'email.send'), eq(jobs.singletonKey, `results-ready:${orderId}`)));
  const audits = await db.select().from(auditLog).where(eq(auditLog.subjectId, orderId));
  return {
    status: order?.status,
    kits: Object.fromEntries(kits.map((kit) => [kit.kitSlug, kit.status])),
    stored,
    billing,
    mails,
    audits,
  };
}

/** A partner lab's signed posting, as its HTTP client would send it. */
export function labPosting(shop: TestShop, body: unknown, options: { secret?: string; timestamp?: number } = {}) {
  const raw = JSON.stringify(body);
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  const signature = signLabRequest(options.secret ?? shop.app.results.labSecret!, timestamp, raw);
  const headers = { 'content-type': 'application/json', 'x-lab-timestamp': String(timestamp), 'x-lab-signature': signature };
  return {
    raw,
    headers,
    send: (payload: string = raw) => shop.app.inject({ method: 'POST', url: '/api/labs/results', payload, headers }),
  };
}
