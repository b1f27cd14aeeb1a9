import { and, eq, inArray, isNull, lt, or, sql, sum } from 'drizzle-orm';
import { PAYOUT_THRESHOLD_CENTS, formatMoney, type PayeeKind } from '@shop/core';
import { affiliates, clinicMembers, clinics, payoutAccounts, payouts, rewardLedger, users, type Database, type Executor } from '@shop/db';
import { toCsv } from '../csv.ts';
import { CLINIC_FEE_KIND } from '../providers/fees.ts';
import { PayeeNotReadyError, type Payee, type PayoutPort } from './port.ts';

/**
 * What each kind of payee is paid from the reward ledger: an affiliate its commissions; a clinic
 * the fees its clients paid and what its provider referrals earned. A member's referral reward is
 * not here: it is a gift card, given when the reward is approved.
 */
const payeeKinds = {
  affiliate: { ledgerKinds: ['affiliate_commission'], ledgerOwner: rewardLedger.affiliateId, payoutOwner: payouts.affiliateId },
  clinic: { ledgerKinds: [CLINIC_FEE_KIND, 'provider_referral'], ledgerOwner: rewardLedger.clinicId, payoutOwner: payouts.clinicId },
} as const;

export interface PayoutRun {
  period: string;
  paid: { payee: PayeeKind; payeeId: string; payoutId: string; amountCents: number }[];
  /** payouts the port could not make yet, with why: they stay pending for the next run */
  waiting: { payoutId: string; reason: string }[];
}

/** A run that claimed a payout and has not recorded its answer after this long is taken to have stopped: the next run asks again. */
export const PAYOUT_CLAIM_TIMEOUT_MS = 15 * 60 * 1000;

/** The month a run pays, as YYYY-MM. */
export function periodOf(now: Date): string {
  return now.toISOString().slice(0, 7);
}

/**
 * Pays every payee whose approved, unpaid entries (clawbacks netted) come to the threshold, once
 * per payee and month, in three steps:
 * 1. record: in a transaction holding the payee's row, the payout is written `pending` (its
 *    unique (payee, month) key turns a second run into nothing) and the entries it pays are tied
 *    to it;
 * 2. ask the port, outside any transaction, with the payout's idempotency key: only the run whose
 *    conditional update claimed the payout asks;
 * 3. record the answer: the payout `paid` with the port's reference, its entries `paid`.
 * A payout left `pending` (the port failed, the payee has no account yet, the process stopped) is
 * asked again by a later run, with the same key, once its claim has timed out or been let go.
 * `only` limits the run to one payee (the browser tests' clock); the monthly job pays everyone.
 */
export async function runPayouts(
  db: Database,
  port: PayoutPort,
  now = new Date(),
  only?: { payee: PayeeKind; id: string },
): Promise<PayoutRun> {
  const period = periodOf(now);
  for (const kind of ['affiliate', 'clinic'] as const) {
    if (only && only.payee !== kind) continue;
    const { ledgerKinds, ledgerOwner } = payeeKinds[kind];
    const due = await db
      .select({ payeeId: ledgerOwner, total: sum(rewardLedger.amountCents).mapWith(Number) })
      .from(rewardLedger)
      .where(
        and(
          inArray(rewardLedger.kind, [...ledgerKinds]),
          eq(rewardLedger.status, 'approved'),
          isNull(rewardLedger.payoutId),
          only ? eq(ledgerOwner, only.id) : undefined,
        ),
      )
      .groupBy(ledgerOwner);
    for (const { payeeId, total } of due) {
      if (payeeId === null || total < PAYOUT_THRESHOLD_CENTS) continue;
      await db.transaction((tx) => recordPayout(tx, kind, payeeId, period));
    }
  }
  const run: PayoutRun = { period, paid: [], waiting: [] };
  const pending = await db
    .select({ id: payouts.id })
    .from(payouts)
    .where(and(eq(payouts.status, 'pending'), only ? eq(payeeKinds[only.payee].payoutOwner, only.id) : undefined));
  for (const { id } of pending) {
    const outcome = await sendPayout(db, port, id, now);
    if (outcome && 'paid' in outcome) run.paid.push(outcome.paid);
    if (outcome && 'waiting' in outcome) run.waiting.push({ payoutId: id, reason: outcome.waiting });
  }
  return run;
}

/** Step 1: the payout and the entries it pays, written before anyone is asked to move money. */
async function recordPayout(tx: Executor, kind: PayeeKind, payeeId: string, period: string): Promise<void> {
  const payeeTable = kind === 'affiliate' ? affiliates : clinics;
  const [payee] = await tx.select({ id: payeeTable.id }).from(payeeTable).where(eq(payeeTable.id, payeeId)).for('update');
  if (!payee) return;
  const { ledgerKinds, ledgerOwner } = payeeKinds[kind];
  const unpaid = and(
    eq(ledgerOwner, payeeId),
    inArray(rewardLedger.kind, [...ledgerKinds]),
    eq(rewardLedger.status, 'approved'),
    isNull(rewardLedger.payoutId),
  );
  const [total] = await tx
    .select({ cents: sql<number>`coalesce(sum(${rewardLedger.amountCents}), 0)`.mapWith(Number) })
    .from(rewardLedger)
    .where(unpaid);
  const amountCents = total?.cents ?? 0;
  if (amountCents < PAYOUT_THRESHOLD_CENTS) return;
  const [payout] = await tx
    .insert(payouts)
    .values({ [kind === 'affiliate' ? 'affiliateId' : 'clinicId']: payeeId, period, amountCents, status: 'pending' })
    .onConflictDoNothing()
    .returning({ id: payouts.id });
  if (!payout) return;
  await tx.update(rewardLedger).set({ payoutId: payout.id }).where(unpaid);
}

/** Steps 2 and 3 for one payout: claimed by one run, asked of the port outside a transaction, its answer recorded. */
async function sendPayout(db: Database, port: PayoutPort, payoutId: string, now: Date) {
  const staleBefore = new Date(now.getTime() - PAYOUT_CLAIM_TIMEOUT_MS);
  const [claimed] = await db
    .update(payouts)
    .set({ sendingSince: now })
    .where(
      and(eq(payouts.id, payoutId), eq(payouts.status, 'pending'), or(isNull(payouts.sendingSince), lt(payouts.sendingSince, staleBefore))),
    )
    .returning();
  if (!claimed) return null;
  const payee = await payeeOf(db, claimed);
  let reference: string;
  try {
    ({ reference } = await port.pay({
      payoutId: claimed.id,
      payee,
      amountCents: claimed.amountCents,
      period: claimed.period,
      // `affiliate-payout:…` as before clinics were paid: a payout asked again keeps its key
      idempotencyKey: `${payee.kind}-payout:${claimed.id}`,
    }));
  } catch (error) {
    if (!(error instanceof PayeeNotReadyError)) throw error;
    // let go of the claim: the next run asks again, once the payee can be paid
    await db.update(payouts).set({ sendingSince: null, lastError: error.message }).where(eq(payouts.id, claimed.id));
    return { waiting: error.message };
  }
  return db.transaction(async (tx) => {
    const [paid] = await tx
      .update(payouts)
      .set({ status: 'paid', reference, paidAt: now, lastError: null })
      .where(and(eq(payouts.id, claimed.id), eq(payouts.status, 'pending')))
      .returning();
    if (!paid) return null;
    await tx.update(rewardLedger).set({ status: 'paid', paidAt: now }).where(eq(rewardLedger.payoutId, claimed.id));
    return { paid: { payee: payee.kind, payeeId: payee.id, payoutId: paid.id, amountCents: paid.amountCents } };
  });
}

/** The payout's payee as the port needs it: a clinic is written to at its first admin's address. */
async function payeeOf(db: Executor, payout: typeof payouts.$inferSelect): Promise<Payee> {
  if (payout.affiliateId) {
    const [row] = await db
      .select({ name: affiliates.name, email: affiliates.email, stripeAccountId: payoutAccounts.stripeAccountId })
      .from(affiliates)
      .leftJoin(payoutAccounts, eq(payoutAccounts.affiliateId, affiliates.id))
      .where(eq(affiliates.id, payout.affiliateId));
    return {
      kind: 'affiliate',
      id: payout.affiliateId,
      name: row?.name ?? '',
      email: row?.email ?? '',
      stripeAccountId: row?.stripeAccountId ?? null,
    };
  }
  const clinicId = payout.clinicId!;
  const [row] = await db
    .select({ name: clinics.name, stripeAccountId: payoutAccounts.stripeAccountId })
    .from(clinics)
    .leftJoin(payoutAccounts, eq(payoutAccounts.clinicId, clinics.id))
    .where(eq(clinics.id, clinicId));
  const [admin] = await db
    .select({ email: users.email })
    .from(clinicMembers)
    .innerJoin(users, eq(users.id, clinicMembers.userId))
    .where(and(eq(clinicMembers.clinicId, clinicId), eq(clinicMembers.role, 'admin')))
    .orderBy(clinicMembers.createdAt)
    .limit(1);
  return { kind: 'clinic', id: clinicId, name: row?.name ?? '', email: admin?.email ?? '', stripeAccountId: row?.stripeAccountId ?? null };
}

/** A month's payout batch as CSV: one line per payee paid or waiting, amounts in dollars. */
export async function payoutBatchCsv(db: Executor, period: string): Promise<string> {
  const rows = await db
    .select({ payout: payouts, affiliate: affiliates.name, affiliateEmail: affiliates.email, clinic: clinics.name })
    .from(payouts)
    .leftJoin(affiliates, eq(affiliates.id, payouts.affiliateId))
    .leftJoin(clinics, eq(clinics.id, payouts.clinicId))
    .where(eq(payouts.period, period))
    .orderBy(sql`coalesce(${affiliates.name}, ${clinics.name})`);
  return toCsv(
    ['payout', 'payee', 'kind', 'email', 'period', 'amount', 'status', 'reference'],
    rows.map((row) => [
      row.payout.id,
      row.affiliate ?? row.clinic,
      row.payout.affiliateId ? 'affiliate' : 'clinic',
      row.affiliateEmail ?? '',
      period,
      formatMoney(row.payout.amountCents),
      row.payout.status,
      row.payout.reference ?? '',
    ]),
  );
}
