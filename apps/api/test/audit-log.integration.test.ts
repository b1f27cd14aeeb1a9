import { and, desc, eq, sql } from 'drizzle-orm';
import { auditChainHead, auditLog, type Database } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAuditChain } from '../src/audit/chain.ts';
import { recordAudit } from '../src/audit/log.ts';
import { createTestShop, staffVisitor, Visitor, type TestShop } from './helpers.ts';
import { orderWithSamples, salivaResults } from './results-helpers.ts';

let shop: TestShop;
let operator: Visitor;
let support: Visitor;
let clinician: Visitor;
beforeAll(async () => {
  shop = await createTestShop();
  [operator, support, clinician] = [
    await staffVisitor(shop, 'operator'),
    await staffVisitor(shop, 'support'),
    await staffVisitor(shop, 'clinician'),
  ];
});
afterAll(() => shop.close());

const db = (): Database => shop.database.db;
const emailOf = async (visitor: Visitor) => (await visitor.get('/api/auth/get-session')).json().user as { id: string; email: string };

/**
 * What the chain says after a superuser ran `statements` with the triggers switched off (what no
 * application user can do), read inside that transaction, which is then rolled back.
 */
async function verifiedBehindTheTriggers(...statements: ReturnType<typeof sql>[]) {
  let report: Awaited<ReturnType<typeof verifyAuditChain>> | undefined;
  await db()
    .transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      for (const statement of statements) await tx.execute(statement);
      report = await verifyAuditChain(tx);
      throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  return report;
}
class RolledBack extends Error {}

/** The database's refusal, under the query builder's "Failed query" error that wraps it. */
const refused = (operation: string) =>
  expect.objectContaining({ cause: expect.objectContaining({ message: `the audit log is append-only: ${operation} refused` }) });

describe('the audit log', () => {
  it('refuses UPDATE, DELETE and TRUNCATE, whoever asks', async () => {
    await recordAudit(db(), { actor: { id: null, role: 'system' }, action: 'test.write', subjectType: 'job', subjectId: 'refusals' });
    const [line] = await db().select().from(auditLog).where(eq(auditLog.subjectId, 'refusals'));
    await expect(db().update(auditLog).set({ action: 'test.rewritten' }).where(eq(auditLog.id, line!.id))).rejects.toThrow(
      refused('UPDATE'),
    );
    await expect(db().delete(auditLog).where(eq(auditLog.id, line!.id))).rejects.toThrow(refused('DELETE'));
    await expect(db().execute(sql`truncate audit_log`)).rejects.toThrow(refused('TRUNCATE'));
    await expect(db().delete(auditChainHead)).rejects.toThrow(refused('DELETE'));
    const [still] = await db().select().from(auditLog).where(eq(auditLog.id, line!.id));
    expect(still!.action).toBe('test.write');
  });

  it('chains every line to the one before it, concurrent writers included', async () => {
    await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        db().transaction(async (tx) => {
          await recordAudit(tx, { actor: { id: null, role: 'system' }, action: 'test.concurrent', subjectType: 'job', subjectId: `c${n}` });
        }),
      ),
    );
    const lines = await db().select().from(auditLog).orderBy(auditLog.seq);
    expect(lines.length).toBeGreaterThanOrEqual(13);
    lines.forEach((line, index) => {
      expect(line.seq).toBe(index + 1);
      expect(line.hash).toMatch(/^[0-9a-f]{64}$/);
      if (index > 0) expect(line.prevHash).toBe(lines[index - 1]!.hash);
    });
    const report = await verifyAuditChain(db(), 5);
    expect(report).toMatchObject({ intact: true, lines: lines.length, head: { seq: lines.length, hash: lines.at(-1)!.hash } });
  });

  it('shows a line a superuser changed, deleted or cut off behind the triggers', async () => {
    for (const n of [1, 2, 3]) {
      await recordAudit(db(), { actor: { id: null, role: 'system' }, action: 'test.tamper', subjectType: 'job', subjectId: `t${n}` });
    }
    const [line] = await db().select().from(auditLog).where(eq(auditLog.subjectId, 't2'));
    const [last] = await db().select().from(auditLog).orderBy(desc(auditLog.seq)).limit(1);
    expect(await verifiedBehindTheTriggers(sql`update audit_log set actor_role = 'nobody' where id = ${line!.id}`)).toMatchObject({
      intact: false,
      broken: { seq: line!.seq, reason: 'changed' },
    });
    expect(await verifiedBehindTheTriggers(sql`update audit_log set detail = '{"rewritten": true}' where id = ${line!.id}`)).toMatchObject({
      intact: false,
      broken: { seq: line!.seq, reason: 'changed' },
    });
    expect(await verifiedBehindTheTriggers(sql`delete from audit_log where id = ${line!.id}`)).toMatchObject({
      intact: false,
      broken: { seq: line!.seq, reason: 'missing' },
    });
    expect(await verifiedBehindTheTriggers(sql`delete from audit_log where id = ${last!.id}`)).toMatchObject({
      intact: false,
      broken: { seq: 0, reason: 'head' },
    });
    // a line rewritten with a hash of its own that fits its content: the next line no longer follows it
    expect(
      await verifiedBehindTheTriggers(
        sql`update audit_log set actor_role = 'nobody' where id = ${line!.id}`,
        sql`update audit_log set hash = audit_log_row_hash(audit_log) where id = ${line!.id}`,
      ),
    ).toMatchObject({ intact: false, broken: { seq: line!.seq! + 1, reason: 'relinked' } });
    expect((await verifyAuditChain(db())).intact).toBe(true);
  });
});

describe('staff reads of a member’s data', () => {
  it('are recorded once per request, with the member they were about', async () => {
    const { order, email, visitor: member } = await orderWithSamples(shop);
    const memberId = (await emailOf(member)).id;
    const supportId = (await emailOf(support)).id;
    const operatorId = (await emailOf(operator)).id;
    const sent = await member.post('/api/support/messages', {
      subject: 'My kit',
      body: 'Where is my kit?',
      website: '',
      startedAt: Date.now() - 60_000,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const threadId: string = sent.json().threadId;

    expect((await support.get(`/api/admin/orders/${order.id}`)).statusCode).toBe(200);
    expect((await support.get(`/api/admin/messages/${threadId}`)).statusCode).toBe(200);
    expect((await support.get(`/api/admin/customers?q=${encodeURIComponent(email)}`)).statusCode).toBe(200);
    expect((await operator.get(`/api/admin/outbox?to=${encodeURIComponent(email)}`)).statusCode).toBe(200);
    // a refused read shows nothing, and is not a read
    expect((await support.get(`/api/admin/outbox?to=${encodeURIComponent(email)}`)).statusCode).toBe(403);

    const lines = await db().select().from(auditLog).where(eq(auditLog.memberId, memberId)).orderBy(auditLog.seq);
    expect(lines.map((line) => [line.action, line.actorId, line.subjectType, line.subjectId])).toEqual([
      ['orders.read', supportId, 'order', order.id],
      ['messages.read', supportId, 'support_thread', threadId],
      ['customers.read', supportId, 'console_list', '/customers'],
      ['outbox.read', operatorId, 'console_list', '/outbox'],
    ]);
    expect(lines[3]!.detail).toEqual({ area: 'outbox', route: '/outbox', filters: { to: email } });
  });

  it('are listed for operators in the console, by member and by staff member, a page at a time', async () => {
    const { order, email, visitor: member } = await orderWithSamples(shop);
    const memberId = (await emailOf(member)).id;
    const supportEmail = (await emailOf(support)).email;
    for (let n = 0; n < 3; n += 1) await support.get(`/api/admin/orders/${order.id}`);
    await operator.get(`/api/admin/orders/${order.id}`);

    const byMember = await operator.get(`/api/admin/audit?member=${encodeURIComponent(email.toUpperCase())}`);
    expect(byMember.statusCode, byMember.body).toBe(200);
    expect(byMember.json().total).toBe(4);
    expect(byMember.json().entries[0]).toMatchObject({
      action: 'orders.read',
      area: 'orders',
      subjectId: order.id,
      actor: { role: 'operator' },
      member: { id: memberId, email },
    });
    const byBoth = await operator.get(`/api/admin/audit?member=${memberId}&staff=${encodeURIComponent(supportEmail)}`);
    expect(byBoth.json().entries.map((entry: { actor: { email: string } }) => entry.actor.email)).toEqual([
      supportEmail,
      supportEmail,
      supportEmail,
    ]);

    const everything = (await operator.get('/api/admin/audit')).json();
    expect(everything.pageSize).toBe(50);
    expect(everything.total).toBeGreaterThan(4);
    const second = await operator.get('/api/admin/audit?page=2');
    expect(second.json().entries.length).toBe(Math.max(0, Math.min(50, everything.total - 50)));
    expect((await operator.get('/api/admin/audit?page=0')).statusCode).toBe(400);
    expect((await support.get('/api/admin/audit')).statusCode).toBe(403);
  });

  it('of results are shown to the member: the reader’s role and initials and when, not the member’s own reads', async () => {
    const { order, visitor: member } = await orderWithSamples(shop);
    const entered = await clinician.post(`/api/admin/orders/${order.id}/results/daily-rhythm-saliva`, salivaResults);
    expect(entered.statusCode, entered.body).toBe(201);
    expect((await member.get(`/api/orders/${order.id}/results`)).statusCode).toBe(200);
    expect((await clinician.get(`/api/orders/${order.id}/results`)).statusCode).toBe(200);

    const reads = await member.get('/api/account/results-reads');
    expect(reads.statusCode).toBe(200);
    expect(reads.json().reads).toEqual([{ at: expect.any(String), role: 'clinician', initials: 'C.' }]);
    expect((await new Visitor(shop.app).get('/api/account/results-reads')).statusCode).toBe(401);
    const [line] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'results.read'), eq(auditLog.subjectId, order.id), eq(auditLog.actorRole, 'clinician')));
    expect(line!.memberId).toBe((await emailOf(member)).id);
    expect((await verifyAuditChain(db())).intact).toBe(true);
  });
});
