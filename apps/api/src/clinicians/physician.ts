import { approvalRefusal, dayOf, licenceFor, stateNames, usStates, type ClinicianLicence, type UsState } from '@shop/core';
import type { Executor, OrderRow } from '@shop/db';
import { AppError, conflict } from '../errors.ts';
import { findReview, insertReview, licencesOf, testedStateOf } from './repository.ts';

/** The clinician who approved an order, named with the licence they approved it under. */
export interface PhysicianOfRecord {
  name: string;
  licenceState: string;
  licenceNumber: string;
  approvedAt: Date;
  /** as pages and papers name the licence: "Texas licence Q1234" */
  licence: string;
}

export const licenceLine = (state: string, number: string) => `${stateNames[state as UsState] ?? state} licence ${number}`;

export async function physicianOfRecord(db: Executor, orderId: string): Promise<PhysicianOfRecord | null> {
  const review = await findReview(db, orderId);
  if (review?.outcome !== 'approved' || !review.licenceState || !review.licenceNumber) return null;
  return {
    name: review.clinicianName,
    licenceState: review.licenceState,
    licenceNumber: review.licenceNumber,
    approvedAt: review.decidedAt,
    licence: licenceLine(review.licenceState, review.licenceNumber),
  };
}

const asState = (value: string | null): UsState | null =>
  (usStates as readonly string[]).includes(value ?? '') ? (value as UsState) : null;

export interface ApprovalVerdict {
  /** where the person tested lives, as far as the order or their profile says */
  testedState: UsState | null;
  licence: ClinicianLicence | undefined;
  /** why this clinician may not approve it; null when they may */
  refusal: { code: string; message: string } | null;
}

/** Whether this clinician holds a licence, valid today, where the order's person tested lives. */
export async function approvalVerdict(db: Executor, order: OrderRow, clinicianId: string, now = new Date()): Promise<ApprovalVerdict> {
  const testedState = asState(await testedStateOf(db, order));
  const licences = await licencesOf(db, clinicianId);
  const today = dayOf(now);
  const refusal = approvalRefusal(licences, testedState, today);
  return { testedState, licence: testedState ? licenceFor(licences, testedState, today) : undefined, refusal: refusal ?? null };
}

const decided = (outcome: string) =>
  conflict(
    'ORDER_REVIEWED',
    outcome === 'approved' ? 'A clinician has already approved this order.' : 'A clinician is declining this order: it is being refunded.',
  );

/**
 * Under the order's lock, in the approval's transaction: the clinician must hold a licence valid
 * today where the person tested lives (a 403 that says which), and the order takes one decision
 * (a decline begun first wins: 409). They become its physician of record, with that licence.
 */
export async function claimApproval(tx: Executor, order: OrderRow, clinician: { id: string; name: string }, now = new Date()) {
  const verdict = await approvalVerdict(tx, order, clinician.id, now);
  if (verdict.refusal || !verdict.licence) {
    const refusal = verdict.refusal ?? { code: 'NOT_LICENSED_IN_STATE', message: 'You hold no licence where the person tested lives.' };
    throw new AppError(403, refusal.code, refusal.message);
  }
  const review = await insertReview(tx, {
    orderId: order.id,
    clinicianId: clinician.id,
    clinicianName: clinician.name,
    outcome: 'approved',
    licenceState: verdict.licence.state,
    licenceNumber: verdict.licence.number,
    licenceExpiresOn: verdict.licence.expiresOn,
    decidedAt: now,
  });
  if (!review) throw decided((await findReview(tx, order.id))?.outcome ?? 'approved');
  return review;
}

/**
 * Under the order's lock, before a decline asks the gateway for the refund: the decision is
 * written as `declining`, so that an approval arriving meanwhile is refused rather than kits made
 * for money already gone back. A decline tried again (after the gateway failed) finds its own.
 */
export async function claimDecline(tx: Executor, order: OrderRow, clinician: { id: string; name: string }) {
  const review = await insertReview(tx, {
    orderId: order.id,
    clinicianId: clinician.id,
    clinicianName: clinician.name,
    outcome: 'declining',
  });
  if (review) return review;
  const existing = await findReview(tx, order.id);
  if (existing && existing.outcome !== 'declining') throw decided(existing.outcome);
  return existing;
}

/** A retest approved with its starter test keeps the starter test's physician of record. */
export async function copyPhysician(tx: Executor, fromOrderId: string, toOrderId: string): Promise<void> {
  const review = await findReview(tx, fromOrderId);
  if (review?.outcome !== 'approved') return;
  await insertReview(tx, { ...review, orderId: toOrderId });
}
