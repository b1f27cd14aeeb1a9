import { eq } from 'drizzle-orm';
import { jobs } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueue } from '../src/jobs/queue.ts';
import { claimDueJobs } from '../src/jobs/repository.ts';
import { createWorker, type JobHandlers, type JobLog } from '../src/jobs/worker.ts';
import { createTestShop, type TestShop } from './helpers.ts';

const quiet: JobLog = { info: () => {}, warn: () => {}, error: () => {} };
const minute = 60_000;

// The queue's own rules, with handlers the tests control: a job exists exactly when its
// transaction commits, runs once, is retried with backoff, and a dead worker's job is taken again.
describe('the job worker', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop();
  });
  afterAll(() => shop.close());

  const db = () => shop.database.db;
  const jobOf = async (key: string) => (await db().select().from(jobs).where(eq(jobs.singletonKey, key)))[0]!;
  const worker = (handlers: JobHandlers, leaseMs?: number) => createWorker({ db: db(), handlers, log: quiet, leaseMs });

  it('queues nothing when the transaction that queued the job rolls back', async () => {
    const key = `rollback:${crypto.randomUUID()}`;
    await expect(
      db().transaction(async (tx) => {
        await enqueue(tx, { name: 'minor.remove', payload: { userId: 'nobody' }, singletonKey: key });
        throw new Error('the business change failed');
      }),
    ).rejects.toThrow('the business change failed');
    expect(await db().select().from(jobs).where(eq(jobs.singletonKey, key))).toEqual([]);
    // the same key queued twice is one job
    expect(await enqueue(db(), { name: 'minor.remove', payload: { userId: 'nobody' }, singletonKey: key })).toBe(true);
    expect(await enqueue(db(), { name: 'minor.remove', payload: { userId: 'nobody' }, singletonKey: key })).toBe(false);
  });

  it('runs a job once even when two workers drain at the same moment', async () => {
    const key = `race:${crypto.randomUUID()}`;
    const runs: string[] = [];
    const handlers: JobHandlers = {
      'minor.remove': async ({ userId }) => {
        runs.push(userId);
        await new Promise((resolve) => setTimeout(resolve, 50));
      },
    };
    await enqueue(db(), { name: 'minor.remove', payload: { userId: key }, singletonKey: key });
    await Promise.all([worker(handlers).runDueJobs(), worker(handlers).runDueJobs(), worker(handlers).runDueJobs()]);
    expect(runs.filter((run) => run === key)).toHaveLength(1);
    expect(await jobOf(key)).toMatchObject({ status: 'done', attempts: 1, lockedUntil: null });
  });

  it('retries a failing job with growing waits, then marks it failed and keeps the error', async () => {
    const key = `failing:${crypto.randomUUID()}`;
    await enqueue(db(), { name: 'minor.remove', payload: { userId: key }, singletonKey: key, maxAttempts: 3 });
    const handlers: JobHandlers = {
      'minor.remove': async ({ userId }) => {
        if (userId === key) throw new Error('the mail server is down');
      },
    };
    const start = Date.now();
    await worker(handlers).runDueJobs();
    const first = await jobOf(key);
    expect(first).toMatchObject({ status: 'queued', attempts: 1, lastError: 'the mail server is down' });
    const firstWait = first.runAt.getTime() - start;
    expect(firstWait).toBeGreaterThanOrEqual(9_000);

    // not due yet: nothing runs
    expect(await worker(handlers).runDueJobs()).toBe(0);
    await worker(handlers).runDueJobs({ now: new Date(first.runAt.getTime() + 1) });
    const second = await jobOf(key);
    expect(second).toMatchObject({ status: 'queued', attempts: 2 });
    expect(second.runAt.getTime() - first.runAt.getTime()).toBeGreaterThan(firstWait);

    await worker(handlers).runDueJobs({ now: new Date(second.runAt.getTime() + 1) });
    expect(await jobOf(key)).toMatchObject({ status: 'failed', attempts: 3, lastError: 'the mail server is down' });
    expect(await worker(handlers).runDueJobs({ now: new Date(Date.now() + 24 * 60 * minute) })).toBe(0);
  });

  it('takes again the job of a worker that died once its lease has passed', async () => {
    const key = `lease:${crypto.randomUUID()}`;
    await enqueue(db(), { name: 'minor.remove', payload: { userId: key }, singletonKey: key });
    // a worker claims it and dies: the row says running, nobody finishes it
    const claimed = await claimDueJobs(db(), { now: new Date(), leaseMs: minute, limit: 100, names: ['minor.remove'] });
    expect(claimed.map((job) => job.singletonKey)).toContain(key);

    const runs: string[] = [];
    const handlers: JobHandlers = { 'minor.remove': async ({ userId }) => void runs.push(userId) };
    // while the lease holds, no other worker touches it
    await worker(handlers).runDueJobs();
    expect(runs).not.toContain(key);
    expect((await jobOf(key)).status).toBe('running');

    await worker(handlers).runDueJobs({ now: new Date(Date.now() + 2 * minute) });
    expect(runs.filter((run) => run === key)).toHaveLength(1);
    expect(await jobOf(key)).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('finishes the running job when stopped, and leaves the rest queued', async () => {
    const first = `stop-1:${crypto.randomUUID()}`;
    const second = `stop-2:${crypto.randomUUID()}`;
    let release!: () => void;
    const started = new Promise<void>((resolve) => {
      release = resolve;
    });
    const finished: string[] = [];
    const handlers: JobHandlers = {
      'minor.remove': async ({ userId }) => {
        if (userId !== first && userId !== second) return;
        release();
        await new Promise((resolve) => setTimeout(resolve, 200));
        finished.push(userId);
      },
    };
    await enqueue(db(), { name: 'minor.remove', payload: { userId: first }, singletonKey: first, runAt: new Date(Date.now() - 1000) });
    const running = worker(handlers);
    running.start();
    await started;
    await enqueue(db(), { name: 'minor.remove', payload: { userId: second }, singletonKey: second, runAt: new Date(Date.now() + minute) });
    await running.stop();
    expect(finished).toEqual([first]);
    expect((await jobOf(first)).status).toBe('done');
    expect((await jobOf(second)).status).toBe('queued');
  });
});
