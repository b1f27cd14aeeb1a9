import { and, eq, isNull, lt, or, sql, sum } from 'drizzle-orm';
import { AFFILIATE_PAYOUT_THRESHOLD_CENTS, formatMoney } from '@shop/core';
import { affiliatePayouts, affiliates, rewardLedger, type Database, type Executor } from '@shop/db';

/**
 * Where affiliates' money goes. The embedded default pays nothing itself: it records the payout
 * (the batch is the month's payouts, exported as CSV for the bank or the bookkeeper) and answers
 * a reference to the batch line. A transfer adapter (Stripe Connect) would send its transfer with
 * `idempotencyKey`, so that asking again for the same payout answers the first transfer's id.
 */
export interface PayoutPort {
  name: string;
  pay(payout: {
    payoutId: string;
    affiliateId: string;
    email: string;
    amountCents: number;
    period: string;
    /** the same for every attempt at one payout: the port pays a key once */
    idempotencyKey: string;
  }): Promise<{ reference: string }>;
}

export const embeddedPayouts: PayoutPort = {
  name: 'embedded',
  pay: async (payout) => ({ reference: `batch:${payout.period}:${payout.payoutId}` }),
};

export interface PayoutRun {
  period: string;
  paid: { affiliateId: string; payoutId: string; amountCents: number }[];
}

/** A run that claimed a payout and has not recorded its answer after this long is taken to have stopped: the next run asks again. */
export const PAYOUT_CLAIM_TIMEOUT_MS = 15 * 60 * 1000;

/** The month a run pays, as YYYY-MM. */
export function periodOf(now: Date): string {
  return now.toISOString().slice(0, 7);
}

/**
 * Pays every affiliate whose approved, unpaid entries (clawbacks netted) come to the threshold,
 * once per affiliate and month, in three steps:
 * 1. record: in a transaction holding the affiliate's row, the payout is written `pending` (its
 *    unique (affiliate, month) key turns a second run into nothing) and the entries it pays are
 *    tied to it;
 * 2. ask the port, outside any transaction, with the payout's idempotency key: only the run whose
 *    conditional update claimed the payout asks;
 * 3. record the answer: the payout `paid` with the port's reference, its entries `paid`.
 * A payout left `pending` (the port failed, the process stopped) is asked again by a later run,
 * with the same key, once its claim has timed out.
 */
export async function runPayouts(db: Database, port: PayoutPort, now = new Date()): Promise<PayoutRun> {
  const period = periodOf(now);
  const due = await db
    .select({ affiliateId: rewardLedger.affiliateId, total: sum(rewardLedger.amountCents).mapWith(Number) })
    .from(rewardLedger)
    .where(and(eq(rewardLedger.kind, 'affiliate_commission'), eq(rewardLedger.status, 'approved'), isNull(rewardLedger.payoutId)))
    .groupBy(rewardLedger.affiliateId);
  for (const candidate of due) {
    if (candidate.affiliateId === null || candidate.total < AFFILIATE_PAYOUT_THRESHOLD_CENTS) continue;
    await db.transaction((tx) => recordPayout(tx, candidate.affiliateId!, period));
  }
  const run: PayoutRun = { period, paid: [] };
  const waiting = await db.select({ id: affiliatePayouts.id }).from(affiliatePayouts).where(eq(affiliatePayouts.status, 'pending'));
  for (const { id } of waiting) {
    const paid = await sendPayout(db, port, id, now);
    if (paid) run.paid.push(paid);
  }
  return run;
}

/** Step 1: the payout and the entries it pays, written before anyone is asked to move money. */
async function recordPayout(tx: Executor, affiliateId: string, period: string): Promise<void> {
  const [affiliate] = await tx.select({ id: affiliates.id }).from(affiliates).where(eq(affiliates.id, affiliateId)).for('update');
  if (!affiliate) return;
  const unpaid = and(
    eq(rewardLedger.affiliateId, affiliateId),
    eq(rewardLedger.kind, 'affiliate_commission'),
    eq(rewardLedger.status, 'approved'),
    isNull(rewardLedger.payoutId),
  );
  const [total] = await tx
    .select({ cents: sql<number>`coalesce(sum(${rewardLedger.amountCents}), 0)`.mapWith(Number) })
    .from(rewardLedger)
    .where(unpaid);
  const amountCents = total?.cents ?? 0;
  if (amountCents < AFFILIATE_PAYOUT_THRESHOLD_CENTS) return;
  const [payout] = await tx
    .insert(affiliatePayouts)
    .values({ affiliateId, period, amountCents, status: 'pending' })
    .onConflictDoNothing()
    .returning({ id: affiliatePayouts.id });
  if (!payout) return;
  await tx.update(rewardLedger).set({ payoutId: payout.id }).where(unpaid);
}

/** Steps 2 and 3 for one payout: claimed by one run, asked of the port outside a transaction, its answer recorded. */
async function sendPayout(db: Database, port: PayoutPort, payoutId: string, now: Date) {
  const staleBefore = new Date(now.getTime() - PAYOUT_CLAIM_TIMEOUT_MS);
  const [claimed] = await db
    .update(affiliatePayouts)
    .set({ sendingSince: now })
    .where(
      and(
        eq(affiliatePayouts.id, payoutId),
        eq(affiliatePayouts.status, 'pending'),
        or(isNull(affiliatePayouts.sendingSince), lt(affiliatePayouts.sendingSince, staleBefore)),
      ),
    )
    .returning();
  if (!claimed) return null;
  const [affiliate] = await db.select({ email: affiliates.email }).from(affiliates).where(eq(affiliates.id, claimed.affiliateId));
  const { reference } = await port.pay({
    payoutId: claimed.id,
    affiliateId: claimed.affiliateId,
    email: affiliate?.email ?? '',
    amountCents: claimed.amountCents,
    period: claimed.period,
    idempotencyKey: `affiliate-payout:${claimed.id}`,
  });
  return db.transaction(async (tx) => {
    const [paid] = await tx
      .update(affiliatePayouts)
      .set({ status: 'paid', reference, paidAt: now })
      .where(and(eq(affiliatePayouts.id, claimed.id), eq(affiliatePayouts.status, 'pending')))
      .returning();
    if (!paid) return null;
    await tx.update(rewardLedger).set({ status: 'paid', paidAt: now }).where(eq(rewardLedger.payoutId, claimed.id));
    return { affiliateId: paid.affiliateId, payoutId: paid.id, amountCents: paid.amountCents };
  });
}

/** A month's payout batch as CSV: one line per affiliate paid, amounts in dollars. */
export async function payoutBatchCsv(db: Executor, period: string): Promise<string> {
  const rows = await db
    .select({ payout: affiliatePayouts, name: affiliates.name, email: affiliates.email })
    .from(affiliatePayouts)
    .innerJoin(affiliates, eq(affiliates.id, affiliatePayouts.affiliateId))
    .where(eq(affiliatePayouts.period, period))
    .orderBy(affiliates.name);
  const lines = rows.map((row) =>
    [row.payout.id, row.name, row.email, period, formatMoney(row.payout.amountCents), row.payout.reference ?? ''].map(csvField).join(','),
  );
  return ['payout,affiliate,email,period,amount,reference', ...lines].join('\n') + '\n';
}

/** A CSV field: quoted when it holds a comma, a quote or a line break; a leading formula sign is neutralised. */
export function csvField(value: string): string {
  const safe = /^[=+\-@]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
