import { and, desc, eq } from 'drizzle-orm';
import { formatMoney, rewardClearsAt } from '@shop/core';
import { clinicClients, orders, providerOrders, rewardLedger, type Executor } from '@shop/db';
import { recordAudit } from '../audit/log.ts';
import { onEvent } from '../events/bus.ts';
import type { DomainEventPayloads } from '../events/catalog.ts';
import { auditActor, type ClinicMember } from './members.ts';

/** A clinic's fee in the reward ledger: one earning per order, its refund a void or a clawback (affiliates/ledger.ts). */
export const CLINIC_FEE_KIND = 'clinic_fee';

/**
 * The fee a client paid on a clinic's order is owed to the clinic: an earning of the ledger from
 * the moment the order is paid, approved (ready for the clinic's payout) once the refund window
 * has passed. The amount is what the order charged, read from the order. A refund or cancellation
 * voids it, or claws it back once approved, like every earning (`reverseEarningsOfEndedOrder`);
 * the ledger's unique key makes a replayed event write nothing.
 */
export const recordClinicFeeOfPaidOrder = onEvent({
  name: 'providers.clinic-fee',
  on: 'provider_order.paid',
  mode: 'in-transaction',
  handle: (tx, event) => recordClinicFee(tx, event.payload),
});

async function recordClinicFee(tx: Executor, paid: DomainEventPayloads['provider_order.paid']): Promise<void> {
  const [order] = await tx
    .select({ feeCents: orders.feeCents, number: orders.number, paidAt: orders.paidAt })
    .from(orders)
    .where(eq(orders.id, paid.orderId));
  if (!order?.paidAt || order.feeCents <= 0) return;
  await tx
    .insert(rewardLedger)
    .values({
      kind: CLINIC_FEE_KIND,
      clinicId: paid.clinicId,
      orderId: paid.orderId,
      amountCents: order.feeCents,
      status: 'pending',
      reason: `Fee of order #${order.number} paid`,
      clearsAt: rewardClearsAt(order.paidAt),
    })
    .onConflictDoNothing();
}

/** How the clinic reads an entry: earned (pending or approved), paid out, or refunded (voided, or clawed back). */
function feeStateOf(entry: typeof rewardLedger.$inferSelect): 'earned' | 'paid_out' | 'refunded' {
  if (entry.entry === 'clawback' || entry.status === 'voided') return 'refunded';
  return entry.status === 'paid' ? 'paid_out' : 'earned';
}

/**
 * The clinic's fee ledger, for its admins: each fee with its order and client, and the sums
 * earned, refunded and owed (earned, not refunded, not yet paid out). Only the member's own
 * clinic's entries are read; the read is audited.
 */
export async function clinicFeeLedger(db: Executor, member: ClinicMember) {
  const rows = await db
    .select({ entry: rewardLedger, orderNumber: orders.number, firstName: clinicClients.firstName, lastName: clinicClients.lastName })
    .from(rewardLedger)
    .innerJoin(orders, eq(orders.id, rewardLedger.orderId))
    .leftJoin(providerOrders, eq(providerOrders.orderId, rewardLedger.orderId))
    .leftJoin(clinicClients, eq(clinicClients.id, providerOrders.clientId))
    .where(and(eq(rewardLedger.clinicId, member.clinicId), eq(rewardLedger.kind, CLINIC_FEE_KIND)))
    .orderBy(desc(rewardLedger.createdAt))
    .limit(500);
  const sum = (pick: (row: (typeof rows)[number]) => boolean) =>
    rows.filter(pick).reduce((total, row) => total + Math.abs(row.entry.amountCents), 0);
  const earnings = (row: (typeof rows)[number]) => row.entry.entry === 'earning';
  const earnedCents = sum(earnings);
  const refundedCents = sum((row) => feeStateOf(row.entry) === 'refunded');
  const paidOutCents = sum((row) => earnings(row) && row.entry.status === 'paid');
  await recordAudit(db, {
    actor: auditActor(member),
    action: 'provider.fees_read',
    subjectType: 'clinic',
    subjectId: member.clinicId,
    detail: { clinicId: member.clinicId, count: rows.length },
    ip: member.ip,
  });
  return {
    earned: formatMoney(earnedCents),
    refunded: formatMoney(refundedCents),
    paidOut: formatMoney(paidOutCents),
    owed: formatMoney(earnedCents - refundedCents - paidOutCents),
    entries: rows.map((row) => ({
      id: row.entry.id,
      orderNumber: row.orderNumber,
      clientName: row.firstName ? `${row.firstName} ${row.lastName}` : null,
      amount: formatMoney(row.entry.amountCents),
      state: feeStateOf(row.entry),
      reason: row.entry.reason,
      createdAt: row.entry.createdAt.toISOString(),
    })),
  };
}
