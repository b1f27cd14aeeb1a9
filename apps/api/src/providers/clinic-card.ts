import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { clinicCardLabel, clinicCardMessages, messages } from '@shop/core';
import { clinicCards, type ClinicCardRow, type Database, type Executor } from '@shop/db';
import { recordAudit } from '../audit/log.ts';
import { AppError, conflict, notFound } from '../errors.ts';
import { askGateway } from '../payments/ask.ts';
import type { PaymentGateway, PaymentOutcome } from '../payments/port.ts';
import { auditActor, type ClinicMember } from './members.ts';

/**
 * A clinic's saved card (docs/decisions/0047-clinic-pays.md): one per clinic, saved by an admin
 * through the payment port with nothing charged, kept as the gateway's references, its brand,
 * last four digits and expiry. A card waiting for the bank's check leaves the card in use alone
 * until it is saved.
 */
export interface ClinicCardDeps {
  db: Database;
  gateway: PaymentGateway;
}

export type ClinicCardView = ReturnType<typeof presentCard>;

function presentCard(row: ClinicCardRow | undefined) {
  const card =
    row?.paymentMethod && row.customerId
      ? {
          brand: row.cardBrand,
          last4: row.cardLast4,
          expMonth: row.expMonth,
          expYear: row.expYear,
          label: clinicCardLabel({ brand: row.cardBrand, last4: row.cardLast4, expMonth: row.expMonth, expYear: row.expYear }),
          savedAt: row.updatedAt.toISOString(),
        }
      : null;
  return { card, awaitingBank: Boolean(row?.pendingSetupId) };
}

async function cardRowOf(db: Executor, clinicId: string) {
  const [row] = await db.select().from(clinicCards).where(eq(clinicCards.clinicId, clinicId));
  return row;
}

/** The clinic's card as its admins see it: brand, last four and expiry, or none. */
export async function clinicCardOf(db: Executor, member: ClinicMember) {
  return presentCard(await cardRowOf(db, member.clinicId));
}

/** What a saved setup writes: the new card replaces the one in use, and nothing waits any more. */
function savedValues(outcome: PaymentOutcome, member: ClinicMember, now: Date) {
  return {
    paymentMethod: outcome.savedPaymentMethod,
    cardBrand: outcome.cardBrand,
    cardLast4: outcome.cardLast4,
    expMonth: outcome.cardExpiry?.month ?? null,
    expYear: outcome.cardExpiry?.year ?? null,
    pendingSetupId: null,
    savedBy: member.memberId,
    updatedAt: now,
  };
}

export type SaveCardAnswer = { status: 'saved'; view: ClinicCardView } | { status: 'requires_action'; clientSecret: string };

/**
 * Saves (or replaces) the clinic's card from the gateway's card form. The idempotency key is the
 * clinic and the payment method reference, so a double click saves once at the gateway. A card
 * the bank wants to check is kept aside (`pendingSetupId`) until `confirmClinicCard`.
 */
export async function saveClinicCard(deps: ClinicCardDeps, member: ClinicMember, paymentMethod: string): Promise<SaveCardAnswer> {
  const { db, gateway } = deps;
  const current = await cardRowOf(db, member.clinicId);
  const outcome = await askGateway(() =>
    gateway.saveCard({
      paymentMethod,
      // the clinic's customer at this gateway holds its cards, the old and the new
      customerId: current?.gateway === gateway.name ? current.customerId : null,
      customerEmail: member.user.email,
      idempotencyKey: `clinic-card:${member.clinicId}:${createHash('sha256').update(paymentMethod).digest('hex').slice(0, 32)}`,
      description: `Card of ${member.clinic.name}`,
      metadata: { clinicId: member.clinicId, purpose: 'clinic_card' },
    }),
  );
  if (outcome.status === 'declined') throw new AppError(402, 'CARD_DECLINED', clinicCardMessages.declined);
  if (!outcome.customerId) throw new AppError(502, 'PAYMENT_UNAVAILABLE', messages.checkoutFailed);
  const now = new Date();

  if (outcome.status === 'succeeded' && outcome.savedPaymentMethod) {
    const values = savedValues(outcome, member, now);
    const row = await db.transaction(async (tx) => {
      const [saved] = await tx
        .insert(clinicCards)
        .values({ clinicId: member.clinicId, gateway: gateway.name, provider: gateway.name, customerId: outcome.customerId!, ...values })
        .onConflictDoUpdate({
          target: clinicCards.clinicId,
          set: { gateway: gateway.name, provider: gateway.name, customerId: outcome.customerId!, ...values },
        })
        .returning();
      await audit(tx, member, 'provider.card_save', { brand: outcome.cardBrand, last4: outcome.cardLast4, setupId: outcome.id });
      return saved;
    });
    return { status: 'saved', view: presentCard(row) };
  }
  if (outcome.status === 'requires_action' && outcome.clientSecret) {
    // the card in use (if any) stays until the bank has checked the new one
    await db
      .insert(clinicCards)
      .values({
        clinicId: member.clinicId,
        gateway: gateway.name,
        provider: gateway.name,
        customerId: outcome.customerId,
        pendingSetupId: outcome.id,
      })
      .onConflictDoUpdate({
        target: clinicCards.clinicId,
        set: { pendingSetupId: outcome.id, updatedAt: now },
      });
    return { status: 'requires_action', clientSecret: outcome.clientSecret };
  }
  // processing, or a success without a card to keep: the admin tries again
  throw new AppError(502, 'PAYMENT_UNAVAILABLE', messages.checkoutFailed);
}

/** After the bank's check of a new card: the gateway is asked again, and the card saved if it passed. */
export async function confirmClinicCard(deps: ClinicCardDeps, member: ClinicMember) {
  const { db, gateway } = deps;
  const current = await cardRowOf(db, member.clinicId);
  if (!current?.pendingSetupId) throw conflict('NO_CARD_TO_CONFIRM', clinicCardMessages.nothingToConfirm);
  const setupId = current.pendingSetupId;
  const outcome = await askGateway(() => gateway.retrieve(setupId));
  const now = new Date();
  if (outcome.status === 'succeeded' && outcome.savedPaymentMethod) {
    const row = await db.transaction(async (tx) => {
      // only the setup still waiting: a twin confirmation or a newer card is left as it is
      const [saved] = await tx
        .update(clinicCards)
        .set({
          gateway: gateway.name,
          provider: gateway.name,
          ...(outcome.customerId ? { customerId: outcome.customerId } : {}),
          ...savedValues(outcome, member, now),
        })
        .where(and(eq(clinicCards.clinicId, member.clinicId), eq(clinicCards.pendingSetupId, setupId)))
        .returning();
      if (saved) await audit(tx, member, 'provider.card_save', { brand: outcome.cardBrand, last4: outcome.cardLast4, setupId });
      return saved ?? (await cardRowOf(tx, member.clinicId));
    });
    return presentCard(row);
  }
  if (outcome.status === 'declined') {
    await forgetPending(db, member.clinicId, setupId, now);
    throw new AppError(402, 'AUTHENTICATION_FAILED', clinicCardMessages.authenticationFailed);
  }
  throw conflict('CARD_NEEDS_AUTHENTICATION', clinicCardMessages.needsAuthentication);
}

/** A check that failed: a clinic that had no card is left with none, one that had keeps it. */
async function forgetPending(db: Database, clinicId: string, setupId: string, now: Date) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(clinicCards)
      .where(and(eq(clinicCards.clinicId, clinicId), eq(clinicCards.pendingSetupId, setupId)))
      .for('update');
    if (!row) return;
    if (row.paymentMethod) await tx.update(clinicCards).set({ pendingSetupId: null, updatedAt: now }).where(eq(clinicCards.id, row.id));
    else await tx.delete(clinicCards).where(eq(clinicCards.id, row.id));
  });
}

/** Removes the clinic's card: orders the clinic pays for need a card again; orders already paid keep their charge. */
export async function removeClinicCard(db: Database, member: ClinicMember) {
  await db.transaction(async (tx) => {
    const [removed] = await tx.delete(clinicCards).where(eq(clinicCards.clinicId, member.clinicId)).returning();
    if (!removed) throw notFound('NO_CLINIC_CARD', clinicCardMessages.noCard);
    await audit(tx, member, 'provider.card_remove', { brand: removed.cardBrand, last4: removed.cardLast4 });
  });
  return presentCard(undefined);
}

function audit(tx: Executor, member: ClinicMember, action: string, detail: Record<string, unknown>) {
  return recordAudit(tx, {
    actor: auditActor(member),
    action,
    subjectType: 'clinic',
    subjectId: member.clinicId,
    detail: { clinicId: member.clinicId, ...detail },
    ip: member.ip,
  });
}
