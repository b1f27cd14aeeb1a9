import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { jobs, orders, payments, type Executor } from '@shop/db';
import { conflict, notFound } from '../errors.ts';
import { enqueue } from '../jobs/queue.ts';
import { programChargeKey } from './billing.ts';

/**
 * Unbilled programs: orders whose results are in and whose Improvement Program is still not
 * charged, with no try of `program.bill` queued or running (the last was declined, found no
 * card, or its job failed for good). One waiting for the customer's own approval is theirs to
 * finish, not an operator's, and is left out.
 */

export interface UnbilledProgram {
  orderId: string;
  orderNumber: number;
  amountCents: number;
  /** the last try's outcome as the gateway left it (failed, started…) and its code, or none made */
  lastTry: { status: string; failureCode: string | null; at: Date } | null;
  /** the tries `program.bill` has made so far */
  tries: number;
}

// The subqueries name their tables with aliases and the order's id in full: in a select's fields
// drizzle writes a column unqualified, which inside a subquery would mean the subquery's own.
const theOrder = sql`${sql.identifier('orders')}.${sql.identifier('id')}`;

/** A program try of an order waits in the queue or runs now: a retry would only double it. */
const pendingTry = (orderId: SQL) => sql`exists (
  select 1 from ${jobs} j where j.name = 'program.bill' and j.payload->>'orderId' = ${orderId}::text
    and j.status in ('queued', 'running'))`;

/** A field of the order's latest program payment (its last try at the gateway), or null. */
const lastProgramPayment = (orderId: SQL, field: 'status' | 'failure_code' | 'updated_at') => sql`(
  select p.${sql.identifier(field)} from ${payments} p where p.order_id = ${orderId} and p.purpose = 'program'
  order by p.created_at desc limit 1)`;

/** The highest try number of an order's `program.bill` jobs: 0 when none was queued. */
const triesOf = (orderId: SQL) => sql<number>`(
  select coalesce(max(coalesce((j.payload->>'attempt')::int, 1)), 0) from ${jobs} j
  where j.name = 'program.bill' and j.payload->>'orderId' = ${orderId}::text)`;

export async function listUnbilledPrograms(db: Executor, limit = 100): Promise<UnbilledProgram[]> {
  const rows = await db
    .select({
      orderId: orders.id,
      orderNumber: orders.number,
      amountCents: orders.deferredCents,
      tries: triesOf(theOrder).mapWith(Number),
      lastStatus: sql<string | null>`${lastProgramPayment(theOrder, 'status')}`,
      lastCode: sql<string | null>`${lastProgramPayment(theOrder, 'failure_code')}`,
      lastAt: sql<string | null>`${lastProgramPayment(theOrder, 'updated_at')}`,
    })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'program_billing'),
        sql`${orders.deferredCents} > 0`,
        sql`not ${pendingTry(theOrder)}`,
        sql`coalesce(${lastProgramPayment(theOrder, 'status')}, '') <> 'requires_action'`,
      ),
    )
    .orderBy(orders.updatedAt)
    .limit(limit);
  return rows.map((row) => ({
    orderId: row.orderId,
    orderNumber: row.orderNumber,
    amountCents: row.amountCents,
    tries: row.tries,
    lastTry: row.lastStatus && row.lastAt ? { status: row.lastStatus, failureCode: row.lastCode, at: new Date(row.lastAt) } : null,
  }));
}

/**
 * An operator's retry of an unbilled program: one more `program.bill`, through the same job and
 * charge as the automatic tries, so money moves at most once. Under the order's row lock: two
 * retries at once queue one try, the second is refused. The try reuses the last key when that
 * one's outcome is unknown (its job died after asking the gateway, whose answer for the key is
 * the charge it may have taken) and takes the next key after a decline. Answers the try's number.
 */
export async function retryProgramBilling(tx: Executor, orderId: string, now: Date): Promise<{ orderNumber: number; attempt: number }> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw notFound('ORDER_NOT_FOUND', 'There is no such order.');
  if (order.status !== 'program_billing' || order.deferredCents <= 0)
    throw conflict('PROGRAM_NOT_UNBILLED', `Order ${order.number} has no program charge waiting: it may have been billed already.`);
  // the order's tries so far, each a `program.bill` job (the automatic ones and earlier retries)
  const tries = await tx
    .select({ status: jobs.status, payload: jobs.payload })
    .from(jobs)
    .where(and(eq(jobs.name, 'program.bill'), sql`${jobs.payload}->>'orderId' = ${orderId}`));
  if (tries.some((job) => job.status === 'queued' || job.status === 'running'))
    throw conflict('RETRY_QUEUED', `A try to bill order ${order.number} is already queued.`);
  const [latest] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.purpose, 'program')))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  if (latest?.status === 'requires_action')
    throw conflict('WAITING_FOR_CUSTOMER', `Order ${order.number}'s program charge waits for the customer's approval.`);

  const lastTry = Math.max(0, ...tries.map((job) => Number(job.payload.attempt ?? 1)));
  const [last] =
    lastTry > 0
      ? await tx
          .select()
          .from(payments)
          .where(eq(payments.attemptKey, programChargeKey(orderId, lastTry)))
      : [];
  // declined (or refused for want of a card: no row) takes the next key; unknown asks again with the same
  const attempt = lastTry === 0 ? 1 : last && last.status !== 'failed' ? lastTry : lastTry + 1;
  await enqueue(tx, {
    name: 'program.bill',
    payload: { orderId, attempt },
    runAt: now,
    // unique per retry: the order's lock, not the key, keeps two retries from both queueing
    singletonKey: `program-bill-retry:${orderId}:${tries.length + 1}`,
  });
  return { orderNumber: order.number, attempt };
}
