import { eq, inArray } from 'drizzle-orm';
import {
  cartItems,
  carts,
  clientErrors,
  dataArchives,
  domainEvents,
  emailOutbox,
  jobs,
  labReviewFiles,
  labReviews,
  quizResults,
  rateLimitCounters,
} from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileMissingError } from '../src/files/storage.ts';
import { createPeriodicScheduler } from '../src/jobs/scheduler.ts';
import { createTestShop, customerWithCart, type TestShop, placeOrder } from './helpers.ts';

const day = 24 * 3600 * 1000;

// The retention schedule (docs/decisions/0074-retention-schedule.md): what it keeps no longer goes
// with the hourly `retention.apply`; what is recent, or still needed, stays.
let shop: TestShop;
const db = () => shop.database.db;
const now = new Date(Date.now() + 3 * day);
const ago = (days: number) => new Date(now.getTime() - days * day);
const ids = <T extends { id: string }>(rows: T[]) => rows.map((row) => row.id);

async function placedOrder() {
  const customer = await customerWithCart(shop.app);
  const placed = await placeOrder(customer);
  expect(placed.statusCode, placed.body).toBe(201);
  const userId: string = (await customer.get('/api/auth/get-session')).json().user.id;
  return { orderId: placed.json().order.id as string, userId };
}

const seeded = {
  quiz: {} as Record<'oldVisitor' | 'recentVisitor' | 'inCart' | 'member', string>,
  jobs: {} as Record<'oldDone' | 'recentDone' | 'oldDiscarded' | 'oldQueued' | 'oldFailed' | 'recentFailed', string>,
  outbox: {} as Record<'old' | 'recent', string>,
  events: {} as Record<'old' | 'recent' | 'awaited' | 'record', string>,
  errors: {} as Record<'old' | 'recent', string>,
  counters: { old: `sign-in:ip:${crypto.randomUUID()}`, recent: `sign-in:ip:${crypto.randomUUID()}` },
  files: {} as Record<'delivered' | 'justDelivered' | 'inReview', { id: string; key: string }>,
  archives: {} as Record<
    'expired' | 'current' | 'longExpired' | 'recentlyExpired' | 'longFailed' | 'neverPrepared',
    { id: string; key: string }
  >,
};

beforeAll(async () => {
  shop = await createTestShop();
  const member = await placedOrder();

  const quiz = async (createdAt: Date, userId: string | null = null) => {
    const [row] = await db()
      .insert(quizResults)
      .values({
        variant: 'quiz',
        title: 'Energy',
        areas: [],
        answers: { goal: 'energy' },
        goalSlug: 'energy',
        starterTestId: 1,
        userId,
        visitorId: crypto.randomUUID(),
        createdAt,
      })
      .returning();
    return row!.id;
  };
  seeded.quiz = {
    oldVisitor: await quiz(ago(31)),
    recentVisitor: await quiz(ago(29)),
    inCart: await quiz(ago(31)),
    member: await quiz(ago(400), member.userId),
  };
  const [cart] = await db().insert(carts).values({}).returning();
  await db().insert(cartItems).values({ cartId: cart!.id, productCode: 'base-quiz', testId: 1, quizResultId: seeded.quiz.inCart });

  const job = async (status: string, finishedAt: Date | null, createdAt = finishedAt ?? ago(200)) => {
    // a queued job waits for its day, after this pass
    const runAt = status === 'queued' ? new Date(now.getTime() + 10 * day) : createdAt;
    const [row] = await db()
      .insert(jobs)
      .values({
        name: 'email.send',
        payload: { to: 'someone@example.com' },
        status,
        finishedAt,
        createdAt,
        updatedAt: finishedAt ?? createdAt,
        runAt,
      })
      .returning();
    return row!.id;
  };
  seeded.jobs = {
    oldDone: await job('done', ago(31)),
    recentDone: await job('done', ago(29)),
    oldDiscarded: await job('discarded', ago(31)),
    // queued long ago, for a day still to come: not finished, so kept
    oldQueued: await job('queued', null, ago(200)),
    oldFailed: await job('failed', ago(91)),
    recentFailed: await job('failed', ago(31)),
  };

  const mail = async (createdAt: Date) => {
    const [row] = await db()
      .insert(emailOutbox)
      .values({ toAddress: 'someone@example.com', subject: 'Hello', status: 'stored', createdAt })
      .returning();
    return row!.id;
  };
  seeded.outbox = { old: await mail(ago(91)), recent: await mail(ago(89)) };

  const event = async (type: string, occurredAt: Date) => {
    const id = crypto.randomUUID();
    await db().insert(domainEvents).values({ id, type, subjectId: member.orderId, payload: {}, occurredAt });
    return id;
  };
  seeded.events = {
    old: await event('order.paid', ago(91)),
    recent: await event('order.paid', ago(89)),
    awaited: await event('order.paid', ago(91)),
    record: await event('program.guarantee_applied', ago(400)),
  };
  await db()
    .insert(jobs)
    .values({
      name: 'event.handle',
      payload: { eventId: seeded.events.awaited, handler: 'some.handler' },
      status: 'failed',
      finishedAt: ago(1),
    });

  const error = async (occurredAt: Date) => {
    const [row] = await db().insert(clientErrors).values({ message: 'TypeError', page: '/quiz', occurredAt }).returning();
    return row!.id;
  };
  seeded.errors = { old: await error(ago(31)), recent: await error(ago(29)) };

  await db()
    .insert(rateLimitCounters)
    .values([
      { key: seeded.counters.old, windowStartedAt: ago(2), hits: 3 },
      { key: seeded.counters.recent, windowStartedAt: ago(0.5), hits: 3 },
    ]);

  const review = async (deliveredAt: Date | null) => {
    const { orderId, userId } = await placedOrder();
    const [row] = await db()
      .insert(labReviews)
      .values({ orderId, userId, dueAt: ago(40), submittedAt: ago(45), deliveredAt })
      .returning();
    const key = `lab-reports/${crypto.randomUUID()}`;
    await shop.app.files.storage.put(key, new Uint8Array([1, 2, 3]));
    const [file] = await db()
      .insert(labReviewFiles)
      .values({ reviewId: row!.id, kind: 'pdf', sizeBytes: 3, storageKey: key, keyId: 'k1' })
      .returning();
    return { id: file!.id, key };
  };
  seeded.files = { delivered: await review(ago(31)), justDelivered: await review(ago(29)), inReview: await review(null) };

  const archive = async (status: string, times: { expiresAt?: Date; finishedAt?: Date; requestedAt?: Date }) => {
    const key = `data-archives/${crypto.randomUUID()}`;
    const stored = status === 'ready';
    if (stored) await shop.app.files.storage.put(key, new Uint8Array([4, 5, 6]));
    const [row] = await db()
      .insert(dataArchives)
      .values({ userId: member.userId, status, storageKey: stored ? key : null, keyId: stored ? 'k1' : null, ...times })
      .returning();
    return { id: row!.id, key };
  };
  seeded.archives = {
    expired: await archive('ready', { finishedAt: ago(8), expiresAt: ago(1) }),
    current: await archive('ready', { finishedAt: ago(6), expiresAt: ago(-1) }),
    longExpired: await archive('expired', { finishedAt: ago(38), expiresAt: ago(31) }),
    recentlyExpired: await archive('expired', { finishedAt: ago(36), expiresAt: ago(29) }),
    longFailed: await archive('failed', { requestedAt: ago(31), finishedAt: ago(31) }),
    neverPrepared: await archive('preparing', { requestedAt: ago(31) }),
  };

  await createPeriodicScheduler(db())(now);
  await shop.app.jobs.runDueJobs({ now });
  const [ran] = await db()
    .select()
    .from(jobs)
    .where(eq(jobs.singletonKey, `retention.apply:${now.toISOString().slice(0, 13)}`));
  expect(ran?.status).toBe('done');
  // four orders placed and every kind seeded: longer than a hook's usual minute on a busy machine
}, 240_000);
afterAll(() => shop.close());

describe('the retention schedule', () => {
  it('forgets visitors’ quiz answers a month old that no cart names, and keeps members’ and recent ones', async () => {
    const kept = ids(
      await db()
        .select({ id: quizResults.id })
        .from(quizResults)
        .where(inArray(quizResults.id, Object.values(seeded.quiz))),
    );
    expect(kept.sort()).toEqual([seeded.quiz.recentVisitor, seeded.quiz.inCart, seeded.quiz.member].sort());
  });

  it('deletes finished jobs and their payloads after a month, failed ones after three, and keeps those still to run', async () => {
    const kept = ids(
      await db()
        .select({ id: jobs.id })
        .from(jobs)
        .where(inArray(jobs.id, Object.values(seeded.jobs))),
    );
    expect(kept.sort()).toEqual([seeded.jobs.recentDone, seeded.jobs.oldQueued, seeded.jobs.recentFailed].sort());
  });

  it('deletes outbox e-mails after three months', async () => {
    const kept = ids(
      await db()
        .select({ id: emailOutbox.id })
        .from(emailOutbox)
        .where(inArray(emailOutbox.id, Object.values(seeded.outbox))),
    );
    expect(kept).toEqual([seeded.outbox.recent]);
  });

  it('deletes domain events handled three months ago, and keeps one still awaited and the records', async () => {
    const kept = ids(
      await db()
        .select({ id: domainEvents.id })
        .from(domainEvents)
        .where(inArray(domainEvents.id, Object.values(seeded.events))),
    );
    expect(kept.sort()).toEqual([seeded.events.recent, seeded.events.awaited, seeded.events.record].sort());
  });

  it('deletes client error reports after a month', async () => {
    const kept = ids(
      await db()
        .select({ id: clientErrors.id })
        .from(clientErrors)
        .where(inArray(clientErrors.id, Object.values(seeded.errors))),
    );
    expect(kept).toEqual([seeded.errors.recent]);
  });

  it('deletes rate-limit counters a day after their window began', async () => {
    const kept = await db()
      .select({ key: rateLimitCounters.key })
      .from(rateLimitCounters)
      .where(inArray(rateLimitCounters.key, Object.values(seeded.counters)));
    expect(kept.map((row) => row.key)).toEqual([seeded.counters.recent]);
  });

  it('removes a lab report’s files a month after its plan was delivered, from the storage too, and keeps the rest', async () => {
    const files = Object.values(seeded.files);
    const kept = ids(
      await db()
        .select({ id: labReviewFiles.id })
        .from(labReviewFiles)
        .where(inArray(labReviewFiles.id, ids(files))),
    );
    expect(kept.sort()).toEqual([seeded.files.justDelivered.id, seeded.files.inReview.id].sort());
    await expect(shop.app.files.storage.get(seeded.files.delivered.key)).rejects.toBeInstanceOf(FileMissingError);
    expect([...(await shop.app.files.storage.get(seeded.files.justDelivered.key))]).toEqual([1, 2, 3]);
    // the review and its plan stay: the member's record
    expect(await db().select({ id: labReviews.id }).from(labReviews)).toHaveLength(3);
  });

  it('removes a prepared data archive’s file once its link expired, and its row a month later', async () => {
    const { expired, current, recentlyExpired } = seeded.archives;
    const rows = await db()
      .select()
      .from(dataArchives)
      .where(inArray(dataArchives.id, ids(Object.values(seeded.archives))));
    expect(ids(rows).sort()).toEqual([expired.id, current.id, recentlyExpired.id].sort());
    expect(rows.find((row) => row.id === expired.id)).toMatchObject({ status: 'expired', storageKey: null, keyId: null });
    expect(rows.find((row) => row.id === current.id)).toMatchObject({ status: 'ready', storageKey: current.key });
    await expect(shop.app.files.storage.get(expired.key)).rejects.toBeInstanceOf(FileMissingError);
    expect([...(await shop.app.files.storage.get(current.key))]).toEqual([4, 5, 6]);
  });
});
