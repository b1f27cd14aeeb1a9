import { and, desc, eq } from 'drizzle-orm';
import { employerMessages, formatMoney, type BillingMode } from '@shop/core';
import { employerBankEntries, employerGroups, orders, type Database, type Executor } from '@shop/db';
import { moveBalance } from '../employer-cover/bank.ts';
import { conflict, notFound } from '../errors.ts';
import { auditGroup, type StaffActor } from './console.ts';

/** How many ledger lines the console shows, newest first. */
export const BANK_LEDGER_LINES = 200;

async function lockGroup(tx: Executor, groupId: string) {
  const [group] = await tx.select().from(employerGroups).where(eq(employerGroups.id, groupId)).for('update');
  if (!group) throw notFound('EMPLOYER_GROUP_NOT_FOUND', employerMessages.groupNotFound);
  return group;
}

/**
 * Sets how a group pays for covered orders from now on. Orders already made keep how they were
 * paid: an invoiced one stays on the invoice, a prepaid one's draw stays drawn.
 */
export async function setBillingMode(db: Database, actor: StaffActor, groupId: string, mode: BillingMode) {
  await db.transaction(async (tx) => {
    const group = await lockGroup(tx, groupId);
    if (group.billingMode === mode) return;
    await tx.update(employerGroups).set({ billingMode: mode, updatedAt: new Date() }).where(eq(employerGroups.id, groupId));
    await auditGroup(tx, actor, 'employer_group.billing_mode', groupId, { from: group.billingMode, to: mode });
  });
  return bankOf(db, groupId);
}

/** Records money the employer has paid into its testing bank (the reference is its transfer's). */
export async function topUpBank(db: Database, actor: StaffActor, groupId: string, topUp: { amountCents: number; reference: string }) {
  await db.transaction(async (tx) => {
    await lockGroup(tx, groupId);
    // under the group's lock, a double submit finds its twin here (the unique index is the backstop)
    const [recorded] = await tx
      .select({ id: employerBankEntries.id })
      .from(employerBankEntries)
      .where(
        and(
          eq(employerBankEntries.groupId, groupId),
          eq(employerBankEntries.kind, 'top_up'),
          eq(employerBankEntries.reference, topUp.reference),
        ),
      );
    if (recorded) throw conflict('BANK_TOP_UP_RECORDED', employerMessages.topUpRecorded);
    await tx.insert(employerBankEntries).values({
      groupId,
      kind: 'top_up',
      amountCents: topUp.amountCents,
      reference: topUp.reference,
      actorId: actor.user.id,
    });
    await moveBalance(tx, groupId, topUp.amountCents);
    await auditGroup(tx, actor, 'employer_group.bank_top_up', groupId, { amountCents: topUp.amountCents, reference: topUp.reference });
  });
  return bankOf(db, groupId);
}

/**
 * Takes money off a group's bank (a top-up recorded wrong, money paid back to the employer), with
 * its reason and reference, audited. Under the group's lock the balance read is the one changed, so
 * a correction racing covered checkouts never takes the bank below zero (the CHECK is the backstop).
 */
export async function correctBank(
  db: Database,
  actor: StaffActor,
  groupId: string,
  correction: { amountCents: number; reference: string; reason: string },
) {
  await db.transaction(async (tx) => {
    const group = await lockGroup(tx, groupId);
    if (correction.amountCents > group.bankBalanceCents) {
      throw conflict('BANK_CORRECTION_TOO_LARGE', employerMessages.correctionTooLarge(formatMoney(group.bankBalanceCents)));
    }
    await tx.insert(employerBankEntries).values({
      groupId,
      kind: 'correction',
      amountCents: -correction.amountCents,
      reference: correction.reference,
      reason: correction.reason,
      actorId: actor.user.id,
    });
    await moveBalance(tx, groupId, -correction.amountCents);
    await auditGroup(tx, actor, 'employer_group.bank_correction', groupId, {
      amountCents: correction.amountCents,
      reference: correction.reference,
      reason: correction.reason,
      balanceBeforeCents: group.bankBalanceCents,
    });
  });
  return bankOf(db, groupId);
}

/** The console's view of a group's bank: its mode, balance and ledger, newest first (no employee named). */
export async function bankOf(db: Executor, groupId: string) {
  const [group] = await db
    .select({ billingMode: employerGroups.billingMode, balanceCents: employerGroups.bankBalanceCents })
    .from(employerGroups)
    .where(eq(employerGroups.id, groupId));
  if (!group) throw notFound('EMPLOYER_GROUP_NOT_FOUND', employerMessages.groupNotFound);
  const entries = await db
    .select({
      id: employerBankEntries.id,
      kind: employerBankEntries.kind,
      amountCents: employerBankEntries.amountCents,
      orderId: employerBankEntries.orderId,
      orderNumber: orders.number,
      reference: employerBankEntries.reference,
      reason: employerBankEntries.reason,
      createdAt: employerBankEntries.createdAt,
    })
    .from(employerBankEntries)
    .leftJoin(orders, eq(orders.id, employerBankEntries.orderId))
    .where(eq(employerBankEntries.groupId, groupId))
    .orderBy(desc(employerBankEntries.createdAt), desc(employerBankEntries.id))
    .limit(BANK_LEDGER_LINES);
  return {
    billingMode: group.billingMode,
    balanceCents: group.balanceCents,
    entries: entries.map((entry) => ({ ...entry, createdAt: entry.createdAt.toISOString() })),
  };
}
