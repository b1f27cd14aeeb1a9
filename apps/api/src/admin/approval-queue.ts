import { approvalRefusal, dayOf, stateNames, usStates, type ClinicianLicence, type UsState } from '@shop/core';
import { orderEvents, orders, type Executor } from '@shop/db';
import { and, asc, eq, max } from 'drizzle-orm';
import { licencesIn, licencesOf, profileStatesOf } from '../clinicians/repository.ts';

/** The most orders the queue lists at once, oldest first. */
export const QUEUE_LIMIT = 200;

export interface QueuedOrder {
  id: string;
  number: number;
  /** where the person tested lives (null: neither the order nor a profile says) */
  testedState: string | null;
  stateName: string | null;
  /** since when it waits for a clinician */
  waitingSince: string;
  /** how long, in whole hours */
  ageHours: number;
  /** `yours`: the clinician asking may approve it; `others`: another clinician may; `unlicensed`: no one on the team may */
  lane: 'yours' | 'others' | 'unlicensed';
  /** why the clinician asking may not approve it (null when they may, or for anyone but a clinician) */
  refusal: string | null;
}

/**
 * The orders waiting for a clinician, oldest first, each with whether someone on the team holds a
 * licence valid today where its person tested lives: those no one may approve wait in the
 * console's queue, with their age, until an operator adds such a licence.
 */
export async function approvalQueue(db: Executor, viewer: { id: string; role?: string | null }, now = new Date()): Promise<QueuedOrder[]> {
  const rows = await db
    .select({
      id: orders.id,
      number: orders.number,
      userId: orders.userId,
      testedState: orders.testedState,
      updatedAt: orders.updatedAt,
      waitingSince: max(orderEvents.createdAt),
    })
    .from(orders)
    .leftJoin(orderEvents, and(eq(orderEvents.orderId, orders.id), eq(orderEvents.toStatus, 'approval_pending')))
    .where(eq(orders.status, 'approval_pending'))
    .groupBy(orders.id)
    .orderBy(asc(max(orderEvents.createdAt)), asc(orders.number))
    .limit(QUEUE_LIMIT);
  const profiles = await profileStatesOf(
    db,
    rows.filter((row) => !row.testedState).map((row) => row.userId),
  );
  const stateOf = (row: (typeof rows)[number]): UsState | null => {
    const state = row.testedState ?? profiles.get(row.userId) ?? null;
    return (usStates as readonly string[]).includes(state ?? '') ? (state as UsState) : null;
  };
  const today = dayOf(now);
  const states = [...new Set(rows.map(stateOf).filter((state): state is UsState => state !== null))];
  const licensedStates = new Set((await licencesIn(db, states)).filter((row) => row.expiresOn >= today).map((row) => row.state));
  const mine: ClinicianLicence[] = viewer.role === 'clinician' ? await licencesOf(db, viewer.id) : [];
  return rows.map((row) => {
    const state = stateOf(row);
    const since = row.waitingSince ?? row.updatedAt;
    const refusal = viewer.role === 'clinician' ? (approvalRefusal(mine, state, today)?.message ?? null) : null;
    const lane = state && licensedStates.has(state) ? (viewer.role === 'clinician' && !refusal ? 'yours' : 'others') : 'unlicensed';
    return {
      id: row.id,
      number: row.number,
      testedState: state,
      stateName: state ? stateNames[state] : null,
      waitingSince: since.toISOString(),
      ageHours: Math.max(0, Math.floor((now.getTime() - since.getTime()) / 3_600_000)),
      lane,
      refusal,
    };
  });
}
