import { randomUUID } from 'node:crypto';
import {
  formatEastern,
  formatFileSize,
  labFileContentTypes,
  labPlanSchema,
  labReviewDueAt,
  labUploadMessages,
  LAB_UPLOAD_MAX_FILES,
  type LabFileKind,
  type LabPlan,
} from '@shop/core';
import { labReviewFiles, labReviews, type Database, type Executor } from '@shop/db';
import type { SessionUser } from '../auth/auth.ts';
import { recordAudit } from '../audit/log.ts';
import { AppError, conflict, notFound } from '../errors.ts';
import type { EventRecorder } from '../events/bus.ts';
import type { FilePorts } from '../files/ports.ts';
import { newStorageKey } from '../files/storage.ts';
import type { ResultsCipher } from '../results/crypto.ts';
import { inspectLabFile, type UploadRefusal } from './inspect.ts';
import { filesOf, planOrderOf, planOrdersOf, reviewOfOrder } from './repository.ts';

export interface LabReviewDeps {
  db: Database;
  cipher: ResultsCipher;
  files: FilePorts;
  events: EventRecorder;
  now?: () => Date;
}

export const NUTRITIONAL_PLAN_PAGE = '/account/nutritional-plan';

const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
export const orderMissing = () => notFound('ORDER_NOT_FOUND', labUploadMessages.notBought);

// A file and a plan open only on their own row: copied to another, they no longer authenticate.
export const fileContext = (orderId: string, fileId: string) => `lab-report:${orderId}:${fileId}`;
const planContext = (reviewId: string) => `lab-plan:${reviewId}`;

export function sealPlan(cipher: ResultsCipher, reviewId: string, plan: LabPlan) {
  return { planKeyId: cipher.keyId, planCiphertext: cipher.seal(JSON.stringify(plan), planContext(reviewId)) };
}

export function openPlan(
  cipher: ResultsCipher,
  review: { id: string; planKeyId: string | null; planCiphertext: string | null },
): LabPlan | null {
  if (!review.planKeyId || !review.planCiphertext) return null;
  return labPlanSchema.parse(JSON.parse(cipher.open(review.planKeyId, review.planCiphertext, planContext(review.id))));
}

type FileRow = typeof labReviewFiles.$inferSelect;
const kindLabels: Record<LabFileKind, string> = { pdf: 'PDF', jpeg: 'JPEG photo', png: 'PNG image' };

/** A file as the member and the console list it: never its name (a name can tell what it holds). */
export function fileView(file: FileRow, index: number) {
  const kind = file.kind as LabFileKind;
  return {
    id: file.id,
    label: `Report ${index + 1} (${kindLabels[kind] ?? kind}, ${formatFileSize(file.sizeBytes)})`,
    kind,
    contentType: labFileContentTypes[kind] ?? 'application/octet-stream',
    sizeBytes: file.sizeBytes,
    uploadedAt: file.uploadedAt.toISOString(),
  };
}

const refusalStatus: Record<UploadRefusal, number> = {
  noFile: 400,
  tooLarge: 413,
  wrongType: 415,
  activePdf: 422,
  encryptedPdf: 422,
  tooComplex: 422,
  unreadable: 422,
  infected: 422,
};
const refusalCodes: Record<UploadRefusal, string> = {
  noFile: 'NO_FILE',
  tooLarge: 'FILE_TOO_LARGE',
  wrongType: 'FILE_TYPE_NOT_ACCEPTED',
  activePdf: 'PDF_ACTIVE_CONTENT',
  encryptedPdf: 'PDF_ENCRYPTED',
  tooComplex: 'PDF_TOO_COMPLEX',
  unreadable: 'FILE_UNREADABLE',
  infected: 'FILE_INFECTED',
};
export const uploadRefused = (refusal: UploadRefusal) =>
  new AppError(refusalStatus[refusal], refusalCodes[refusal], labUploadMessages[refusal]);

/**
 * What /account/nutritional-plan shows: each nutritional plan the member bought, waiting for its
 * labs, in review against its clock, or written. Opening a written plan is a read of health data
 * and goes to the audit log.
 */
export async function memberPlans(deps: LabReviewDeps, user: SessionUser, ip: string | null) {
  const rows = await planOrdersOf(deps.db, user.id);
  const reviewIds = rows.flatMap((row) => (row.review ? [row.review.id] : []));
  const files = await filesOf(deps.db, reviewIds);
  const delivered = rows.filter((row) => row.review?.deliveredAt);
  if (delivered.length > 0) {
    await recordAudit(deps.db, {
      actor: { id: user.id, role: 'customer' },
      action: 'lab_review.read',
      subjectType: 'lab_review',
      subjectId: delivered[0]!.review!.id,
      detail: { reviews: delivered.map((row) => row.review!.id), format: 'json' },
      ip,
    });
  }
  return rows.map((row) => {
    const review = row.review;
    const own = review ? files.filter((file) => file.reviewId === review.id) : [];
    const status = !review ? 'awaiting_upload' : review.deliveredAt ? 'delivered' : 'in_review';
    return {
      orderId: row.orderId,
      orderNumber: row.number,
      status,
      files: own.map(fileView),
      maxFiles: LAB_UPLOAD_MAX_FILES,
      submittedAt: review?.submittedAt.toISOString() ?? null,
      dueAt: review?.dueAt.toISOString() ?? null,
      dueText: review ? formatEastern(review.dueAt) : null,
      deliveredAt: review?.deliveredAt?.toISOString() ?? null,
      plan: review ? openPlan(deps.cipher, review) : null,
    } as const;
  });
}

/**
 * Takes one file of the member's lab report for a nutritional plan they paid for. It is inspected
 * (inspect.ts), sealed with the results key and kept in the file storage before its row is
 * written; the first file starts the review's clock and records `lab_review.submitted`. Until
 * the plan is written the member may add pages, up to five.
 */
export async function uploadLabFile(deps: LabReviewDeps, user: SessionUser, orderId: string, bytes: Buffer) {
  const now = deps.now?.() ?? new Date();
  if (!isUuid(orderId) || !(await planOrderOf(deps.db, user.id, orderId))) throw orderMissing();
  await refuseWhenClosed(deps.db, orderId);

  const inspection = await inspectLabFile(bytes, deps.files.scanner);
  if (!inspection.ok) throw uploadRefused(inspection.refusal);

  // the file's id is chosen here, so it is sealed for its row before the row exists
  const fileId = randomUUID();
  const storageKey = newStorageKey('lab-reports');
  await deps.files.storage.put(storageKey, deps.cipher.sealBytes(inspection.bytes, fileContext(orderId, fileId)));
  try {
    return await deps.db.transaction(async (tx) => {
      if (!(await planOrderOf(tx, user.id, orderId, { lock: true }))) throw orderMissing();
      let review = await reviewOfOrder(tx, orderId);
      if (review?.deliveredAt) throw conflict('PLAN_WRITTEN', labUploadMessages.alreadyWritten);
      const count = review ? (await filesOf(tx, [review.id])).length : 0;
      if (count >= LAB_UPLOAD_MAX_FILES) throw conflict('TOO_MANY_FILES', labUploadMessages.tooMany);
      if (!review) {
        [review] = await tx
          .insert(labReviews)
          .values({ orderId, userId: user.id, submittedAt: now, dueAt: labReviewDueAt(now) })
          .returning();
        await deps.events.record(tx, 'lab_review.submitted', {
          reviewId: review!.id,
          orderId,
          email: user.email,
          dueAt: review!.dueAt.toISOString(),
        });
      }
      await tx.insert(labReviewFiles).values({
        id: fileId,
        reviewId: review!.id,
        kind: inspection.kind,
        sizeBytes: inspection.bytes.length,
        storageKey,
        keyId: deps.cipher.keyId,
        uploadedAt: now,
      });
      return { reviewId: review!.id, dueAt: review!.dueAt.toISOString(), dueText: formatEastern(review!.dueAt), files: count + 1 };
    });
  } catch (error) {
    // nothing refers to the file: it goes, so no sealed copy outlives its refusal
    await deps.files.storage.delete(storageKey).catch(() => undefined);
    throw error;
  }
}

/** Refuses before the file is even read when the plan is written or its files are all in. */
async function refuseWhenClosed(tx: Executor, orderId: string) {
  const review = await reviewOfOrder(tx, orderId);
  if (!review) return;
  if (review.deliveredAt) throw conflict('PLAN_WRITTEN', labUploadMessages.alreadyWritten);
  if ((await filesOf(tx, [review.id])).length >= LAB_UPLOAD_MAX_FILES) throw conflict('TOO_MANY_FILES', labUploadMessages.tooMany);
}

/** The written plan of one of the member's orders, for its PDF; an audited read. */
export async function memberPlan(deps: LabReviewDeps, user: SessionUser, orderId: string, ip: string | null) {
  const order = isUuid(orderId) ? await planOrderOf(deps.db, user.id, orderId) : undefined;
  const review = order ? await reviewOfOrder(deps.db, orderId) : undefined;
  const plan = review ? openPlan(deps.cipher, review) : null;
  if (!order || !review || !plan) throw notFound('PLAN_NOT_READY', 'Your plan is not written yet: we e-mail you as soon as it is.');
  await recordAudit(deps.db, {
    actor: { id: user.id, role: 'customer' },
    action: 'lab_review.read',
    subjectType: 'lab_review',
    subjectId: review.id,
    detail: { format: 'pdf' },
    ip,
  });
  return { orderNumber: order.number, deliveredAt: review.deliveredAt!, plan };
}
