import { and, eq } from 'drizzle-orm';
import { auditLog, jobs } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, staffVisitor, type TestShop } from './helpers.ts';

const minute = 60_000;

// The console's jobs page: an operator sees each queue's depth and its oldest due job, the jobs
// that failed or whose worker stopped, and retries or sets aside a failed one, each audited.
describe('the job queue in the console', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop();
  });
  afterAll(() => shop.close());

  const db = () => shop.database.db;

  it('shows depth, age and what needs a person, never a payload, to operators only', async () => {
    const now = Date.now();
    const name = `test.console-${crypto.randomUUID().slice(0, 8)}`;
    const [failed] = await db()
      .insert(jobs)
      .values([
        { name, payload: { to: 'private.person@example.com' }, runAt: new Date(now - 30 * minute) },
        { name, runAt: new Date(now - 5 * minute) },
        { name, runAt: new Date(now + 60 * minute) },
        { name, status: 'running', attempts: 1, lockedUntil: new Date(now - 10 * minute) },
      ])
      .returning();
    const [broken] = await db()
      .insert(jobs)
      .values({ name, status: 'failed', attempts: 5, lastError: 'SMTP answered 421', finishedAt: new Date(now - minute) })
      .returning();
    expect(failed).toBeDefined();

    const operator = await staffVisitor(shop, 'operator');
    const response = await operator.get('/api/admin/jobs');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const queue = body.queues.find((candidate: { name: string }) => candidate.name === name);
    expect(queue).toMatchObject({ queued: 3, due: 2, running: 0, stuck: 1, failed: 1 });
    expect(queue.oldestDueSeconds).toBeGreaterThanOrEqual(30 * 60 - 5);
    expect(queue.oldestDueSeconds).toBeLessThan(31 * 60);
    const attention = body.attention.filter((job: { name: string }) => job.name === name);
    expect(attention.map((job: { status: string }) => job.status).sort()).toEqual(['failed', 'stuck']);
    expect(attention.find((job: { id: string }) => job.id === broken!.id)).toMatchObject({
      status: 'failed',
      attempts: 5,
      lastError: 'SMTP answered 421',
    });
    expect(response.body).not.toContain('private.person@example.com');

    for (const role of ['support', 'clinician'] as const) {
      expect((await (await staffVisitor(shop, role)).get('/api/admin/jobs')).statusCode).toBe(403);
    }
  });

  it('retries a failed job once, for one attempt more, and records who did', async () => {
    const name = `test.retry-${crypto.randomUUID().slice(0, 8)}`;
    const [broken] = await db()
      .insert(jobs)
      .values({ name, status: 'failed', attempts: 5, maxAttempts: 5, lastError: 'timeout', finishedAt: new Date() })
      .returning();
    const operator = await staffVisitor(shop, 'operator');

    const [first, second] = await Promise.all([
      operator.post(`/api/admin/jobs/${broken!.id}/retry`),
      operator.post(`/api/admin/jobs/${broken!.id}/retry`),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const [queued] = await db().select().from(jobs).where(eq(jobs.id, broken!.id));
    expect(queued).toMatchObject({ status: 'queued', attempts: 5, maxAttempts: 6, finishedAt: null });
    expect(queued!.runAt.getTime()).toBeLessThanOrEqual(Date.now());

    const audited = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, 'job'), eq(auditLog.subjectId, broken!.id)));
    expect(audited.map((entry) => entry.action)).toEqual(['job.retry']);
    expect(audited[0]).toMatchObject({ actorRole: 'operator', detail: { name, attempts: 5 } });
  });

  it('sets a failed job aside, and refuses a job that is not failed', async () => {
    const name = `test.discard-${crypto.randomUUID().slice(0, 8)}`;
    const [broken, waiting] = await db()
      .insert(jobs)
      .values([{ name, status: 'failed', attempts: 5, finishedAt: new Date() }, { name }])
      .returning();
    const operator = await staffVisitor(shop, 'operator');

    const discarded = await operator.post(`/api/admin/jobs/${broken!.id}/discard`);
    expect(discarded.statusCode).toBe(200);
    expect(discarded.json()).toMatchObject({ id: broken!.id, status: 'discarded' });
    const refused = await operator.post(`/api/admin/jobs/${waiting!.id}/discard`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'JOB_NOT_FAILED' });
    expect((await operator.post('/api/admin/jobs/not-a-job/retry')).statusCode).toBe(400);

    const body = (await operator.get('/api/admin/jobs')).json();
    expect(body.attention.some((job: { id: string }) => job.id === broken!.id)).toBe(false);
    expect(body.queues.find((queue: { name: string }) => queue.name === name)).toMatchObject({ queued: 1, failed: 0 });
  });
});
