import { goals, labReviewClock, labReviewClockText, type LabPlan } from '@shop/core';
import { labReviews, quizResults, type Executor } from '@shop/db';
import { desc, eq } from 'drizzle-orm';
import type { SessionUser } from '../auth/auth.ts';
import type { Role } from '../auth/session.ts';
import { recordAudit } from '../audit/log.ts';
import { conflict, notFound } from '../errors.ts';
import { FileMissingError } from '../files/storage.ts';
import { filesOf, queuedReview, reviewQueue } from './repository.ts';
import { fileContext, fileView, openPlan, sealPlan, type LabReviewDeps } from './service.ts';

/** Who reads members' labs and writes their plans: the clinicians and the health coaches (nutritionists among them). */
export const labReviewerRoles = ['clinician', 'coach'] as const satisfies readonly Role[];
/** Who sees the queue and its clocks, without opening anything of anyone's health: reviewers, and operators who watch the promise. */
export const labQueueRoles = ['clinician', 'coach', 'operator'] as const satisfies readonly Role[];

const DELIVERED_SHOWN = 50;
const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
const reviewMissing = () => notFound('LAB_REVIEW_NOT_FOUND', 'We could not find this review.');

type QueueRow = NonNullable<Awaited<ReturnType<typeof queuedReview>>>;

function queueItem(row: QueueRow, now: Date) {
  const clock = labReviewClock(row.review.dueAt, row.review.deliveredAt, now);
  return {
    id: row.review.id,
    orderNumber: row.number,
    // a first name is enough to know whose labs are waiting
    memberFirstName: row.memberName.split(' ')[0] ?? '',
    files: row.files,
    submittedAt: row.review.submittedAt.toISOString(),
    dueAt: row.review.dueAt.toISOString(),
    deliveredAt: row.review.deliveredAt?.toISOString() ?? null,
    reviewerName: row.reviewerName,
    clock: clock.state,
    late: clock.state === 'late' || (clock.state === 'delivered' && !clock.onTime),
    clockText: labReviewClockText(clock),
  };
}

/** The queue: open reviews soonest due first, each with its clock; late ones flagged; then the latest sent. */
export async function consoleQueue(deps: LabReviewDeps) {
  const now = deps.now?.() ?? new Date();
  const { open, delivered } = await reviewQueue(deps.db, DELIVERED_SHOWN);
  return {
    open: open.map((row) => queueItem(row, now)),
    late: open.filter((row) => labReviewClock(row.review.dueAt, null, now).state === 'late').length,
    delivered: delivered.map((row) => queueItem(row, now)),
  };
}

async function latestGoalName(tx: Executor, userId: string): Promise<string | null> {
  const [row] = await tx
    .select({ goal: quizResults.goalSlug })
    .from(quizResults)
    .where(eq(quizResults.userId, userId))
    .orderBy(desc(quizResults.createdAt))
    .limit(1);
  return row ? (goals.find((goal) => goal.slug === row.goal)?.name ?? null) : null;
}

/** One review as its reviewer opens it: whose, the goal they told the quiz, the files and the plan if written. An audited read. */
export async function consoleReview(deps: LabReviewDeps, reviewer: SessionUser, reviewId: string, ip: string | null) {
  const now = deps.now?.() ?? new Date();
  const row = isUuid(reviewId) ? await queuedReview(deps.db, reviewId) : undefined;
  if (!row) throw reviewMissing();
  const [files, goal] = await Promise.all([filesOf(deps.db, [row.review.id]), latestGoalName(deps.db, row.review.userId)]);
  await recordAudit(deps.db, {
    actor: { id: reviewer.id, role: reviewer.role ?? 'unknown' },
    action: 'lab_review.open',
    subjectType: 'lab_review',
    subjectId: row.review.id,
    memberId: row.review.userId,
    detail: { orderNumber: row.number },
    ip,
  });
  return {
    ...queueItem(row, now),
    memberName: row.memberName,
    goal,
    fileList: files.map(fileView),
    plan: openPlan(deps.cipher, row.review),
  };
}

/** One file of a review, opened for its reviewer: decrypted from the storage, its read written to the audit log first. */
export async function consoleReviewFile(deps: LabReviewDeps, reviewer: SessionUser, reviewId: string, fileId: string, ip: string | null) {
  const row = isUuid(reviewId) && isUuid(fileId) ? await queuedReview(deps.db, reviewId) : undefined;
  const files = row ? await filesOf(deps.db, [row.review.id]) : [];
  const index = files.findIndex((file) => file.id === fileId);
  const file = files[index];
  if (!row || !file) throw notFound('LAB_FILE_NOT_FOUND', 'We could not find this file.');
  await recordAudit(deps.db, {
    actor: { id: reviewer.id, role: reviewer.role ?? 'unknown' },
    action: 'lab_review.file_read',
    subjectType: 'lab_review',
    subjectId: row.review.id,
    memberId: row.review.userId,
    detail: { fileId: file.id },
    ip,
  });
  let sealed: Buffer;
  try {
    sealed = await deps.files.storage.get(file.storageKey);
  } catch (error) {
    if (error instanceof FileMissingError) throw notFound('LAB_FILE_NOT_FOUND', 'This file is no longer in the storage.');
    throw error;
  }
  return {
    bytes: deps.cipher.openBytes(file.keyId, sealed, fileContext(row.review.orderId, file.id)),
    view: fileView(file, index),
  };
}

/**
 * Writes the plan, once: it is sealed on its row, the review is closed against its clock and
 * `lab_review.delivered` tells the member (notify.ts). A second writer finds it written.
 */
export async function deliverPlan(deps: LabReviewDeps, reviewer: SessionUser, reviewId: string, plan: LabPlan, ip: string | null) {
  const now = deps.now?.() ?? new Date();
  return deps.db.transaction(async (tx) => {
    const row = isUuid(reviewId) ? await queuedReview(tx, reviewId, { lock: true }) : undefined;
    if (!row) throw reviewMissing();
    if (row.review.deliveredAt)
      throw conflict('PLAN_WRITTEN', `This plan was already sent${row.reviewerName ? ` by ${row.reviewerName}` : ''}.`);
    const onTime = now.getTime() <= row.review.dueAt.getTime();
    await tx
      .update(labReviews)
      .set({ ...sealPlan(deps.cipher, row.review.id, plan), reviewerId: reviewer.id, deliveredAt: now })
      .where(eq(labReviews.id, row.review.id));
    await recordAudit(tx, {
      actor: { id: reviewer.id, role: reviewer.role ?? 'unknown' },
      action: 'lab_review.deliver',
      subjectType: 'lab_review',
      subjectId: row.review.id,
      detail: { orderNumber: row.number, onTime },
      ip,
    });
    await deps.events.record(tx, 'lab_review.delivered', {
      reviewId: row.review.id,
      orderId: row.review.orderId,
      email: row.memberEmail,
      onTime,
    });
    return queueItem({ ...row, review: { ...row.review, deliveredAt: now }, reviewerName: reviewer.name }, now);
  });
}
