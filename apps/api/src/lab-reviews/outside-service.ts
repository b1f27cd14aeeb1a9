import { randomUUID } from 'node:crypto';
import {
  checkOutsideReport,
  collectConsentRefusal,
  outsideResultsRefusal,
  outsideResultWords,
  resultListSchema,
  type ResultEntry,
} from '@shop/core';
import { labResults, outsideLabReports, type Database } from '@shop/db';
import { eq } from 'drizzle-orm';
import type { SessionUser } from '../auth/auth.ts';
import { recordAudit } from '../audit/log.ts';
import { AppError, badRequest, conflict, notFound } from '../errors.ts';
import type { EventRecorder } from '../events/bus.ts';
import type { FilePorts } from '../files/ports.ts';
import { FileMissingError, newStorageKey } from '../files/storage.ts';
import { findActiveConsent } from '../health-consents/repository.ts';
import { requireCollectConsent, type ConsentOrigin, type GivenConsent } from '../health-consents/service.ts';
import type { ResultsCipher } from '../results/crypto.ts';
import { sealOutsideResults } from '../results/sealing.ts';
import { validationFailed } from '../validation.ts';
import { inspectLabFile } from './inspect.ts';
import { outsideReport, outsideReportsOf, waitingOutsideReports, type OutsideReportRow } from './outside-repository.ts';
import { fileView, uploadRefused } from './service.ts';

/**
 * Results from other labs in the member's health record (docs/decisions/0087-outside-lab-results.md):
 * the member uploads the report (inspected and sealed as a nutritional plan's lab report is), staff
 * open it in the console and enter its values, which become an outside result set of the member's
 * (no order), and the member is e-mailed that they are in the record.
 */
export interface OutsideReportDeps {
  db: Database;
  cipher: ResultsCipher;
  files: FilePorts;
  events: EventRecorder;
  now?: () => Date;
}

export const HEALTH_RECORD_PAGE = '/account/health';

// a report's file opens only for its own member and row: copied to another, it no longer authenticates
export const outsideFileContext = (userId: string, reportId: string) => `outside-report:${userId}:${reportId}`;

const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
const reportMissing = () => notFound('OUTSIDE_REPORT_NOT_FOUND', outsideResultWords.notFound);

/** A report's file as the member and the console list it (never a file name, as for lab reports). */
// a report is one file: it is listed as a lab report's first file is
const fileOf = (report: OutsideReportRow) => fileView({ ...report, reviewId: report.id }, 0);

function memberView(report: OutsideReportRow) {
  return {
    id: report.id,
    labName: report.labName,
    collectedOn: report.collectedOn,
    status: report.enteredAt ? ('entered' as const) : ('waiting' as const),
    statusText: report.enteredAt ? 'In your health record' : outsideResultWords.waiting,
    file: fileOf(report),
    uploadedAt: report.uploadedAt.toISOString(),
    enteredAt: report.enteredAt?.toISOString() ?? null,
  };
}

/** The member's outside reports, newest first, and whether an upload must carry the consent to collect (none is in force). */
export async function memberOutsideReports(deps: OutsideReportDeps, user: SessionUser) {
  const [reports, consent] = await Promise.all([
    outsideReportsOf(deps.db, user.id),
    findActiveConsent(deps.db, { userId: user.id, visitorId: null }, 'collect_health_data'),
  ]);
  return { reports: reports.map(memberView), consentNeeded: !consent };
}

export interface OutsideUpload {
  labName: string;
  collectedOn: string;
  /** the consent to collect, ticked with this upload; without one, one in force is needed */
  consent?: GivenConsent;
}

/**
 * Takes a report from another lab: its lab and collection day checked (core's rules), the consent
 * to collect health data given now or in force (as the quiz and the checkout ask it), the file
 * inspected like a lab report, sealed and kept in the file storage before its row is written.
 * It then waits for staff to enter its values.
 */
export async function uploadOutsideReport(
  deps: OutsideReportDeps,
  user: SessionUser,
  input: OutsideUpload,
  bytes: Buffer,
  origin: ConsentOrigin,
) {
  const now = deps.now?.() ?? new Date();
  const checked = checkOutsideReport(input, now);
  if (!checked.ok) throw badRequest('OUTSIDE_REPORT_INVALID', checked.message);
  // refused before the file is read: a report is health data, kept only with the consent to collect it
  if (!input.consent && !(await findActiveConsent(deps.db, { userId: user.id, visitorId: null }, 'collect_health_data')))
    throw new AppError(422, 'CONSENT_REQUIRED', collectConsentRefusal);

  const inspection = await inspectLabFile(bytes, deps.files.scanner);
  if (!inspection.ok) throw uploadRefused(inspection.refusal);

  const reportId = randomUUID();
  const storageKey = newStorageKey('outside-reports');
  await deps.files.storage.put(storageKey, deps.cipher.sealBytes(inspection.bytes, outsideFileContext(user.id, reportId)));
  try {
    const report = await deps.db.transaction(async (tx) => {
      await requireCollectConsent(tx, { userId: user.id, visitorId: null }, input.consent, origin);
      const [row] = await tx
        .insert(outsideLabReports)
        .values({
          id: reportId,
          userId: user.id,
          labName: checked.labName,
          collectedOn: checked.collectedOn,
          kind: inspection.kind,
          sizeBytes: inspection.bytes.length,
          storageKey,
          keyId: deps.cipher.keyId,
          uploadedAt: now,
        })
        .returning();
      await recordAudit(tx, {
        actor: { id: user.id, role: 'customer' },
        action: 'outside_report.upload',
        subjectType: 'outside_report',
        subjectId: reportId,
        memberId: user.id,
        // what kind of file and how large, never the lab or the day
        detail: { kind: inspection.kind, sizeBytes: inspection.bytes.length },
        ip: origin.ipAddress,
      });
      return row!;
    });
    return memberView(report);
  } catch (error) {
    // nothing refers to the file: it goes, so no sealed copy outlives its refusal
    await deps.files.storage.delete(storageKey).catch(() => undefined);
    throw error;
  }
}

/** Deletes one of the member's reports while it waits; its sealed file goes once the row is gone. */
export async function deleteOutsideReport(deps: OutsideReportDeps, user: SessionUser, reportId: string, ip: string | null) {
  const storageKey = await deps.db.transaction(async (tx) => {
    const row = isUuid(reportId) ? await outsideReport(tx, reportId, { lock: true }) : undefined;
    // another member's report is as unknown as one that never was
    if (!row || row.report.userId !== user.id) throw reportMissing();
    if (row.report.enteredAt) throw conflict('OUTSIDE_REPORT_ENTERED', outsideResultWords.alreadyEntered);
    await tx.delete(outsideLabReports).where(eq(outsideLabReports.id, row.report.id));
    await recordAudit(tx, {
      actor: { id: user.id, role: 'customer' },
      action: 'outside_report.delete',
      subjectType: 'outside_report',
      subjectId: row.report.id,
      memberId: user.id,
      ip,
    });
    return row.report.storageKey;
  });
  await deps.files.storage.delete(storageKey).catch(() => undefined);
  return { deleted: true as const };
}

/** The console's queue: reports waiting to be entered, oldest first, each with its member's first name only. */
export async function consoleOutsideQueue(deps: OutsideReportDeps) {
  const rows = await waitingOutsideReports(deps.db);
  return {
    waiting: rows.map((row) => ({
      id: row.report.id,
      memberFirstName: row.memberName.split(' ')[0] ?? '',
      collectedOn: row.report.collectedOn,
      uploadedAt: row.report.uploadedAt.toISOString(),
      file: fileOf(row.report),
    })),
  };
}

/** One report as staff open it to enter its values: whose, which lab, which day, its file. An audited read. */
export async function consoleOutsideReport(deps: OutsideReportDeps, staff: SessionUser, reportId: string, ip: string | null) {
  const row = isUuid(reportId) ? await outsideReport(deps.db, reportId) : undefined;
  if (!row) throw reportMissing();
  await recordAudit(deps.db, {
    actor: { id: staff.id, role: staff.role ?? 'unknown' },
    action: 'outside_report.open',
    subjectType: 'outside_report',
    subjectId: row.report.id,
    memberId: row.report.userId,
    ip,
  });
  return {
    id: row.report.id,
    memberName: row.memberName,
    labName: row.report.labName,
    collectedOn: row.report.collectedOn,
    uploadedAt: row.report.uploadedAt.toISOString(),
    enteredAt: row.report.enteredAt?.toISOString() ?? null,
    file: fileOf(row.report),
  };
}

/** A report's file, opened for staff: decrypted from the storage, its read written to the audit log first. */
export async function consoleOutsideFile(deps: OutsideReportDeps, staff: SessionUser, reportId: string, ip: string | null) {
  const row = isUuid(reportId) ? await outsideReport(deps.db, reportId) : undefined;
  if (!row) throw reportMissing();
  await recordAudit(deps.db, {
    actor: { id: staff.id, role: staff.role ?? 'unknown' },
    action: 'outside_report.file_read',
    subjectType: 'outside_report',
    subjectId: row.report.id,
    memberId: row.report.userId,
    ip,
  });
  let sealed: Buffer;
  try {
    sealed = await deps.files.storage.get(row.report.storageKey);
  } catch (error) {
    if (error instanceof FileMissingError) throw notFound('OUTSIDE_FILE_NOT_FOUND', 'This file is no longer in the storage.');
    throw error;
  }
  return {
    bytes: deps.cipher.openBytes(row.report.keyId, sealed, outsideFileContext(row.report.userId, row.report.id)),
    view: fileOf(row.report),
  };
}

/**
 * Enters an outside report's values, once: each a biomarker core knows, in a unit it takes (422
 * naming it otherwise), each value read as an order's are (`resultListSchema`). They are sealed as
 * an outside result set of the member (no order) in the report's transaction, with the report
 * marked entered and `outside_results.entered` recorded for the member's e-mail.
 */
export async function enterOutsideResults(
  deps: OutsideReportDeps,
  staff: SessionUser,
  reportId: string,
  entered: readonly ResultEntry[],
  ip: string | null,
) {
  const now = deps.now?.() ?? new Date();
  return deps.db.transaction(async (tx) => {
    const row = isUuid(reportId) ? await outsideReport(tx, reportId, { lock: true }) : undefined;
    if (!row) throw reportMissing();
    if (row.report.enteredAt) throw conflict('RESULTS_ALREADY_ENTERED', outsideResultWords.entryDone);
    const refusal = outsideResultsRefusal(entered);
    if (refusal) throw new AppError(422, refusal.code, refusal.message);
    const parsed = resultListSchema.safeParse(entered);
    if (!parsed.success) throw validationFailed(parsed.error.issues, ['results']);

    // the result set's id is chosen here, so its values are sealed for its row before the row exists
    const resultSetId = randomUUID();
    await tx.insert(labResults).values({
      id: resultSetId,
      orderId: null,
      origin: 'outside',
      userId: row.report.userId,
      outsideLab: row.report.labName,
      collectedOn: row.report.collectedOn,
      kitSlug: 'outside',
      source: 'console',
      ...sealOutsideResults(deps.cipher, resultSetId, parsed.data),
      enteredBy: staff.id,
      createdAt: now,
    });
    await tx
      .update(outsideLabReports)
      .set({ resultSetId, enteredBy: staff.id, enteredAt: now })
      .where(eq(outsideLabReports.id, row.report.id));
    await recordAudit(tx, {
      actor: { id: staff.id, role: staff.role ?? 'unknown' },
      action: 'results.enter',
      subjectType: 'outside_report',
      subjectId: row.report.id,
      memberId: row.report.userId,
      // how many values, never the values
      detail: { origin: 'outside', resultSetId, biomarkers: parsed.data.length },
      ip,
    });
    await deps.events.record(tx, 'outside_results.entered', {
      reportId: row.report.id,
      resultSetId,
      userId: row.report.userId,
      email: row.memberEmail,
    });
    return { id: row.report.id, resultSetId, enteredAt: now.toISOString(), biomarkers: parsed.data.length };
  });
}
