import { biomarkerTrends, evaluateResult, type BiomarkerTrend, type EvaluatedResult, type RecordedResultSet } from '@shop/core';
import type { Executor } from '@shop/db';
import type { SessionUser } from '../auth/auth.ts';
import { recordAudit } from '../audit/log.ts';
import type { ResultsCipher } from './crypto.ts';
import { listOrdersOfMember, outsideResultSetsOf, releasedHoldNotes } from './health-record-repository.ts';
import { hasOpenHold } from './holds-repository.ts';
import { holdNoteContext } from './outreach.ts';
import { clinicOrderOf, listKits, listLabResults, type OrderRow } from './repository.ts';
import { openResults } from './sealing.ts';

/** The note that came with an order's released results: its clinic practitioner's, or the clinician's who released held values. */
export interface ResultsNote {
  text: string;
  by: 'practitioner' | 'clinician';
}

/**
 * One order's released results on the member's timeline, or one outside report's values (origin
 * `outside`, decision 0087: no order, the other lab's name, reported on the day it was collected).
 */
export interface RecordedOrder {
  origin: 'order' | 'outside';
  orderId: string | null;
  orderNumber: number | null;
  /** the other lab of an outside result set; null for an order's */
  outsideLab: string | null;
  /** the outside result set's id; null for an order's */
  resultSetId: string | null;
  /** when its last kit's results were reported (ISO) */
  reportedAt: string;
  note: ResultsNote | null;
  kits: { kitTitle: string; reportedAt: string; results: EvaluatedResult[] }[];
}

export interface HealthRecord {
  /** newest first */
  timeline: RecordedOrder[];
  biomarkers: BiomarkerTrend[];
}

/**
 * The order's released results, or undefined while none are the member's to read: no kit has
 * results yet, a clinician holds them (a critical or alert value), or the clinic that ordered
 * them has not released them (the same rule as an order's own results page, read.ts).
 */
async function releasedResultsOf(db: Executor, cipher: ResultsCipher, order: OrderRow): Promise<RecordedOrder | undefined> {
  const kits = (await listKits(db, order.id)).filter((kit) => kit.status === 'results_ready');
  if (kits.length === 0 || (await hasOpenHold(db, order.id))) return undefined;
  const clinic = await clinicOrderOf(db, order.id);
  if (clinic && clinic.release !== 'released') return undefined;
  const sealed = new Map((await listLabResults(db, order.id)).map((row) => [row.kitSlug, row]));
  const recorded = kits.flatMap((kit) => {
    const row = sealed.get(kit.kitSlug);
    if (!row) return [];
    const reportedAt = (kit.resultsAt ?? row.createdAt).toISOString();
    return [{ kitTitle: kit.title, reportedAt, results: openResults(cipher, row).map(evaluateResult) }];
  });
  if (recorded.length === 0) return undefined;
  return {
    origin: 'order',
    orderId: order.id,
    orderNumber: order.number,
    outsideLab: null,
    resultSetId: null,
    reportedAt:
      recorded
        .map((kit) => kit.reportedAt)
        .sort()
        .at(-1) ?? '',
    note: clinic?.note ? { text: clinic.note, by: 'practitioner' } : await clinicianNoteOf(db, cipher, order.id),
    kits: recorded,
  };
}

async function clinicianNoteOf(db: Executor, cipher: ResultsCipher, orderId: string): Promise<ResultsNote | null> {
  const notes = (await releasedHoldNotes(db, orderId)).flatMap((hold) =>
    hold.noteKeyId && hold.noteCiphertext ? [cipher.open(hold.noteKeyId, hold.noteCiphertext, holdNoteContext(hold.id))] : [],
  );
  return notes.length > 0 ? { text: notes.join('\n\n'), by: 'clinician' } : null;
}

/** The member's outside result sets, each as a timeline entry of its own, dated by its collection day. */
async function outsideResultsOf(db: Executor, cipher: ResultsCipher, userId: string): Promise<RecordedOrder[]> {
  return (await outsideResultSetsOf(db, userId)).map((row) => {
    const lab = row.outsideLab ?? 'Another lab';
    // noon UTC is the same calendar day in every US time zone
    const reportedAt = row.collectedOn ? `${row.collectedOn}T12:00:00.000Z` : row.createdAt.toISOString();
    return {
      origin: 'outside',
      orderId: null,
      orderNumber: null,
      outsideLab: lab,
      resultSetId: row.id,
      reportedAt,
      note: null,
      kits: [{ kitTitle: lab, reportedAt, results: openResults(cipher, row).map(evaluateResult) }],
    };
  });
}

/**
 * The member's lifetime health record: the released results of every order they hold, and the
 * values entered from the reports of other labs they uploaded, as a timeline and as one trend per
 * biomarker. Only their own are read, and the read is written to the audit log once, naming the
 * orders and the outside result sets, before anything is shown.
 */
export async function readHealthRecord(
  deps: { db: Executor; cipher: ResultsCipher },
  user: SessionUser,
  ip: string | null,
): Promise<HealthRecord> {
  const timeline: RecordedOrder[] = [];
  // one order after the other: a member has a handful, and each takes a few small reads
  for (const order of await listOrdersOfMember(deps.db, user.id)) {
    const recorded = await releasedResultsOf(deps.db, deps.cipher, order);
    if (recorded) timeline.push(recorded);
  }
  const outside = await outsideResultsOf(deps.db, deps.cipher, user.id);
  timeline.push(...outside);
  await recordAudit(deps.db, {
    actor: { id: user.id, role: 'customer' },
    action: 'results.read',
    subjectType: 'account',
    subjectId: user.id,
    memberId: user.id,
    detail: {
      format: 'health_record',
      orders: timeline.flatMap((entry) => (entry.orderNumber === null ? [] : [entry.orderNumber])),
      outsideResultSets: outside.map((entry) => entry.resultSetId),
    },
    ip,
  });
  const sets: RecordedResultSet[] = timeline.flatMap((order) =>
    order.kits.map((kit) => ({ orderId: order.orderId, orderNumber: order.orderNumber, outsideLab: order.outsideLab, ...kit })),
  );
  return { timeline: timeline.sort((a, b) => b.reportedAt.localeCompare(a.reportedAt)), biomarkers: biomarkerTrends(sets) };
}
