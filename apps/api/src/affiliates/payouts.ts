import { and, eq, isNull, sql, sum } from 'drizzle-orm';
import { AFFILIATE_PAYOUT_THRESHOLD_CENTS, formatMoney } from '@shop/core';
import { affiliatePayouts, affiliates, rewardLedger, type Database, type Executor } from '@shop/db';

/**
 * Where affiliates' money goes. The embedded default pays nothing itself: it records the payout
 * (the batch is the month's payouts, exported as CSV for the bank or the bookkeeper) and answers
 * a reference to the batch line. A transfer adapter (Stripe Connect) would answer its transfer's id.
 */
export interface PayoutPort {
  name: string;
  pay(payout: {
    payoutId: string;
    affiliateId: string;
    email: string;
    amountCents: number;
    period: string;
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

/** The month a run pays, as YYYY-MM. */
export function periodOf(now: Date): string {
  return now.toISOString().slice(0, 7);
}

/**
 * Pays every affiliate whose approved, unpaid entries (clawbacks netted) come to the threshold,
 * once per affiliate and month: each affiliate is paid in a transaction that holds their row, and
 * the payout's unique (affiliate, month) key turns a second run into nothing.
 */
export async function runPayouts(db: Database, port: PayoutPort, now = new Date()): Promise<PayoutRun> {
  const period = periodOf(now);
  const due = await db
    .select({ affiliateId: rewardLedger.affiliateId, total: sum(rewardLedger.amountCents).mapWith(Number) })
    .from(rewardLedger)
    .where(and(eq(rewardLedger.kind, 'affiliate_commission'), eq(rewardLedger.status, 'approved'), isNull(rewardLedger.payoutId)))
    .groupBy(rewardLedger.affiliateId);
  const run: PayoutRun = { period, paid: [] };
  for (const candidate of due) {
    if (candidate.affiliateId === null || candidate.total < AFFILIATE_PAYOUT_THRESHOLD_CENTS) continue;
    const paid = await db.transaction((tx) => payAffiliate(tx, port, candidate.affiliateId!, period, now));
    if (paid) run.paid.push(paid);
  }
  return run;
}

async function payAffiliate(tx: Executor, port: PayoutPort, affiliateId: string, period: string, now: Date) {
  const [affiliate] = await tx.select().from(affiliates).where(eq(affiliates.id, affiliateId)).for('update');
  if (!affiliate) return null;
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
  if (amountCents < AFFILIATE_PAYOUT_THRESHOLD_CENTS) return null;
  const [payout] = await tx.insert(affiliatePayouts).values({ affiliateId, period, amountCents }).onConflictDoNothing().returning();
  if (!payout) return null;
  const { reference } = await port.pay({ payoutId: payout.id, affiliateId, email: affiliate.email, amountCents, period });
  await tx.update(affiliatePayouts).set({ reference }).where(eq(affiliatePayouts.id, payout.id));
  await tx.update(rewardLedger).set({ status: 'paid', paidAt: now, payoutId: payout.id }).where(unpaid);
  return { affiliateId, payoutId: payout.id, amountCents };
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
