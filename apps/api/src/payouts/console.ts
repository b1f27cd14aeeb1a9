import { and, desc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { formatMoney, type PayeeKind, type PayoutAccountForm } from '@shop/core';
import { affiliates, clinics, payoutAccounts, payouts, rewardLedger, type Database, type Executor } from '@shop/db';
import { recordAudit } from '../audit/log.ts';
import { notFound } from '../errors.ts';
import { enqueue } from '../jobs/queue.ts';
import { CLINIC_FEE_KIND } from '../providers/fees.ts';

export interface Operator {
  id: string;
  role: string;
  ip: string;
}

/** What the console shows of the payouts: who is owed what, where their transfers go, and each month's payouts. */
export async function payoutsOverview(db: Executor) {
  const owed = (owner: typeof rewardLedger.affiliateId | typeof rewardLedger.clinicId, kinds: string[]) =>
    db
      .select({ payeeId: owner, cents: sql<number>`coalesce(sum(${rewardLedger.amountCents}), 0)`.mapWith(Number) })
      .from(rewardLedger)
      .where(and(isNotNull(owner), inArray(rewardLedger.kind, kinds), eq(rewardLedger.status, 'approved'), isNull(rewardLedger.payoutId)))
      .groupBy(owner);
  const [affiliateRows, clinicRows, accounts, affiliateOwed, clinicOwed, payoutRows] = await Promise.all([
    db
      .select({ id: affiliates.id, name: affiliates.name })
      .from(affiliates)
      .where(eq(affiliates.status, 'active'))
      .orderBy(affiliates.name),
    // a clinic is a payee once something of its own is in the ledger
    db
      .selectDistinct({ id: clinics.id, name: clinics.name })
      .from(clinics)
      .innerJoin(rewardLedger, eq(rewardLedger.clinicId, clinics.id))
      .orderBy(clinics.name),
    db.select().from(payoutAccounts),
    owed(rewardLedger.affiliateId, ['affiliate_commission']),
    owed(rewardLedger.clinicId, [CLINIC_FEE_KIND, 'provider_referral']),
    db
      .select({ payout: payouts, affiliate: affiliates.name, clinic: clinics.name })
      .from(payouts)
      .leftJoin(affiliates, eq(affiliates.id, payouts.affiliateId))
      .leftJoin(clinics, eq(clinics.id, payouts.clinicId))
      .orderBy(desc(payouts.createdAt))
      .limit(200),
  ]);
  const accountOf = (kind: PayeeKind, id: string) =>
    accounts.find((account) => (kind === 'affiliate' ? account.affiliateId : account.clinicId) === id)?.stripeAccountId ?? null;
  const owedOf = (rows: { payeeId: string | null; cents: number }[], id: string) => rows.find((row) => row.payeeId === id)?.cents ?? 0;
  const payees = [
    ...affiliateRows.map((row) => ({ kind: 'affiliate' as const, ...row, owedCents: owedOf(affiliateOwed, row.id) })),
    ...clinicRows.map((row) => ({ kind: 'clinic' as const, ...row, owedCents: owedOf(clinicOwed, row.id) })),
  ];
  return {
    payees: payees.map((payee) => ({
      kind: payee.kind,
      id: payee.id,
      name: payee.name,
      owed: formatMoney(payee.owedCents),
      stripeAccountId: accountOf(payee.kind, payee.id),
    })),
    payouts: payoutRows.map(({ payout, affiliate, clinic }) => ({
      id: payout.id,
      payee: affiliate ?? clinic ?? '',
      kind: payout.affiliateId ? ('affiliate' as const) : ('clinic' as const),
      period: payout.period,
      amount: formatMoney(payout.amountCents),
      status: payout.status,
      reference: payout.reference,
      waitingFor: payout.status === 'pending' ? payout.lastError : null,
    })),
  };
}

/**
 * Sets where a payee's transfers go, audited with the account it replaced. A payout waiting for
 * the account is asked again at once: the payout job is queued.
 */
export async function setPayoutAccount(db: Database, actor: Operator, form: PayoutAccountForm): Promise<{ stripeAccountId: string }> {
  return db.transaction(async (tx) => {
    const payeeTable = form.payee === 'affiliate' ? affiliates : clinics;
    const [payee] = await tx.select({ id: payeeTable.id }).from(payeeTable).where(eq(payeeTable.id, form.payeeId));
    if (!payee) throw notFound('PAYEE_NOT_FOUND', 'There is no such affiliate or clinic.');
    const owner = form.payee === 'affiliate' ? payoutAccounts.affiliateId : payoutAccounts.clinicId;
    const [before] = await tx.select().from(payoutAccounts).where(eq(owner, payee.id)).for('update');
    if (before) {
      await tx
        .update(payoutAccounts)
        .set({ stripeAccountId: form.stripeAccountId, updatedBy: actor.id, updatedAt: new Date() })
        .where(eq(payoutAccounts.id, before.id));
    } else {
      await tx.insert(payoutAccounts).values({
        [form.payee === 'affiliate' ? 'affiliateId' : 'clinicId']: payee.id,
        stripeAccountId: form.stripeAccountId,
        updatedBy: actor.id,
      });
    }
    await recordAudit(tx, {
      actor: { id: actor.id, role: actor.role },
      action: 'payout_account.set',
      subjectType: form.payee,
      subjectId: payee.id,
      detail: { stripeAccountId: form.stripeAccountId, previous: before?.stripeAccountId ?? null },
      ip: actor.ip,
    });
    const [waiting] = await tx
      .select({ id: payouts.id })
      .from(payouts)
      .where(and(eq(payouts.status, 'pending'), or(eq(payouts.affiliateId, payee.id), eq(payouts.clinicId, payee.id))))
      .limit(1);
    if (waiting) await enqueue(tx, { name: 'rewards.payout', payload: {} });
    return { stripeAccountId: form.stripeAccountId };
  });
}
