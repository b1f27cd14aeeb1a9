import { and, asc, eq, inArray } from 'drizzle-orm';
import { auditLog, orderConsents, users, type Database } from '@shop/db';
import { findProfile } from '../account/profile.ts';
import { recordAudit } from '../audit/log.ts';
import type { SessionUser } from '../auth/auth.ts';
import { memberSessions } from '../coaching/repository.ts';
import { listFoodLog } from '../daily/repository.ts';
import type { EventRecorder } from '../events/bus.ts';
import type { FileStorage } from '../files/storage.ts';
import { outsideReportsOf } from '../lab-reviews/outside-repository.ts';
import { outsideFileContext } from '../lab-reviews/outside-service.ts';
import { filesOf, planOrdersOf } from '../lab-reviews/repository.ts';
import { fileContext, openPlan } from '../lab-reviews/service.ts';
import { listOrdersOfUser, loadOrderDetails } from '../orders/repository.ts';
import { quizResultsOfUser } from '../quiz/repository.ts';
import type { ResultsCipher } from '../results/crypto.ts';
import { renderResultsReport } from '../results/pdf.ts';
import { reportDetailsOf } from '../results/report-details.ts';
import { readResults } from '../results/read.ts';
import { outsideResultSetsOf } from '../results/health-record-repository.ts';
import { listKits } from '../results/repository.ts';
import { openResults } from '../results/sealing.ts';
import { listSubscriptionsOfUser } from '../subscriptions/repository.ts';
import { listMemberThreads, memberThread } from '../support/service.ts';
import { storedZip, type ZipEntry } from './zip.ts';
import type { HomeKitLaboratory } from '@shop/core';

export interface MyDataDeps {
  db: Database;
  cipher: ResultsCipher;
  storage: FileStorage;
  events: EventRecorder;
  publicUrl: string;
  /** the home kits' laboratory the results PDF names (HOME_KIT_LAB_*), when the operator named it */
  homeKitLab: HomeKitLaboratory | null;
}

const json = (value: unknown): Uint8Array => Buffer.from(`${JSON.stringify(value, null, 2)}\n`, 'utf8');

const readme = `Your data at Base

This archive holds everything the shop keeps about you, as it stood when you downloaded it:
- account.json: your account
- profile.json: your medical profile
- quiz-answers.json: your quiz answers and what the quiz suggested
- orders.json: your orders with their items, payments, collection choice, timeline and gift
- consents.json: what you agreed to at checkout, with the text's version and time
- subscriptions.json, coaching.json, food-log.json: your subscriptions, coaching sessions and food log
- support.json: your messages with support
- results/: your lab results as JSON and as the PDF report, one per order
- plans/: your nutritional plans and the lab reports you uploaded for them
- outside/: the reports of other labs you uploaded for your health record, and the values entered from them (when you uploaded any)
- results-reads.json: who at the shop (and you) opened your results, and when
`;

/** What an archive holds, by count only: the audit lines' detail (nothing of what it says). */
export interface ArchiveCounts {
  files: number;
  orders: number;
  results: number;
  uploads: number;
  bytes: number;
}

/**
 * Everything the shop holds about a member, as one stored ZIP, read through the same repositories
 * and services as the pages that show it (so what is sealed is opened the way they open it).
 * Reading the results is a read like any other and goes to the audit log (results/read.ts).
 */
export async function collectMemberArchive(
  deps: MyDataDeps,
  user: SessionUser,
  ip: string | null,
): Promise<{ archive: Buffer; counts: ArchiveCounts }> {
  const entries: ZipEntry[] = [{ name: 'README.txt', data: Buffer.from(readme, 'utf8') }];
  const [account] = await deps.db
    .select({ id: users.id, email: users.email, name: users.name, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, user.id));
  entries.push({ name: 'account.json', data: json(account) });
  entries.push({ name: 'profile.json', data: json((await findProfile(deps.db, user.id)) ?? null) });
  const quiz = await quizResultsOfUser(deps.db, user.id);
  entries.push({
    name: 'quiz-answers.json',
    data: json(quiz.map((row) => ({ id: row.id, takenAt: row.createdAt, answers: row.answers, goal: row.goalSlug, suggested: row.title }))),
  });

  const orderRows = await listOrdersOfUser(deps.db, user.id);
  const orders = [];
  for (const order of orderRows) {
    const details = await loadOrderDetails(deps.db, order.id);
    orders.push({ ...order, ...details });
  }
  entries.push({ name: 'orders.json', data: json(orders) });
  const orderIds = orderRows.map((order) => order.id);
  const consents = orderIds.length
    ? await deps.db.select().from(orderConsents).where(eq(orderConsents.userId, user.id)).orderBy(asc(orderConsents.givenAt))
    : [];
  entries.push({ name: 'consents.json', data: json(consents) });
  entries.push({ name: 'subscriptions.json', data: json(await listSubscriptionsOfUser(deps.db, user.id)) });
  entries.push({ name: 'coaching.json', data: json(await memberSessions(deps.db, user.id)) });
  entries.push({ name: 'food-log.json', data: json(await listFoodLog(deps.db, user.id, '0001-01-01', '9999-12-31')) });

  const supportDeps = { db: deps.db, events: deps.events, publicUrl: deps.publicUrl };
  const threads = [];
  for (const thread of (await listMemberThreads(supportDeps, user.id)).threads)
    threads.push(await memberThread(supportDeps, user.id, thread.id));
  entries.push({ name: 'support.json', data: json(threads) });

  let results = 0;
  for (const order of orderRows) {
    const kits = await listKits(deps.db, order.id);
    if (!kits.some((kit) => kit.status === 'results_ready')) continue;
    const read = await readResults({ db: deps.db, events: deps.events, cipher: deps.cipher, publicUrl: deps.publicUrl }, user, order.id, {
      format: 'pdf',
      ip,
    });
    entries.push({ name: `results/order-${order.number}.json`, data: json(read) });
    entries.push({
      name: `results/order-${order.number}.pdf`,
      data: await renderResultsReport(read, await reportDetailsOf(deps.db, order, deps.homeKitLab)),
    });
    results += 1;
  }

  const plans = await planOrdersOf(deps.db, user.id);
  const reviews = plans.flatMap((row) => (row.review ? [row.review] : []));
  const files = await filesOf(
    deps.db,
    reviews.map((review) => review.id),
  );
  for (const review of reviews) {
    const number = plans.find((row) => row.orderId === review.orderId)?.number ?? review.orderId;
    entries.push({ name: `plans/order-${number}-plan.json`, data: json(openPlan(deps.cipher, review)) });
    const own = files.filter((file) => file.reviewId === review.id);
    for (const [index, file] of own.entries()) {
      const sealed = await deps.storage.get(file.storageKey);
      const bytes = deps.cipher.openBytes(file.keyId, sealed, fileContext(review.orderId, file.id));
      entries.push({ name: `plans/order-${number}-upload-${index + 1}.${file.kind}`, data: bytes });
    }
  }

  // reports of other labs for the health record (decision 0087): each file as uploaded, and the values entered
  const outsideReports = await outsideReportsOf(deps.db, user.id);
  const outsideSets = await outsideResultSetsOf(deps.db, user.id);
  // a member who never uploaded one gets no empty folder
  if (outsideReports.length > 0 || outsideSets.length > 0)
    entries.push({
      name: 'outside/outside-results.json',
      data: json({
        reports: outsideReports.map((report, index) => ({
          file: `outside/report-${index + 1}.${report.kind}`,
          lab: report.labName,
          collectedOn: report.collectedOn,
          uploadedAt: report.uploadedAt,
          enteredAt: report.enteredAt,
        })),
        resultSets: outsideSets.map((set) => ({
          lab: set.outsideLab,
          collectedOn: set.collectedOn,
          enteredAt: set.createdAt,
          results: openResults(deps.cipher, set),
        })),
      }),
    });
  for (const [index, report] of outsideReports.entries()) {
    const sealed = await deps.storage.get(report.storageKey);
    entries.push({
      name: `outside/report-${index + 1}.${report.kind}`,
      data: deps.cipher.openBytes(report.keyId, sealed, outsideFileContext(report.userId, report.id)),
    });
  }

  const reads = orderIds.length
    ? await deps.db
        .select({
          at: auditLog.createdAt,
          role: auditLog.actorRole,
          actorId: auditLog.actorId,
          action: auditLog.action,
          orderId: auditLog.subjectId,
        })
        .from(auditLog)
        .where(and(eq(auditLog.subjectType, 'results'), inArray(auditLog.subjectId, orderIds)))
        .orderBy(asc(auditLog.createdAt))
    : [];
  entries.push({
    name: 'results-reads.json',
    data: json(
      reads.map((read) => ({
        at: read.at,
        by: read.actorId === user.id ? 'you' : read.role,
        action: read.action,
        order: orderRows.find((order) => order.id === read.orderId)?.number ?? null,
      })),
    ),
  });

  const archive = storedZip(entries);
  return {
    archive,
    counts: {
      files: entries.length,
      orders: orderRows.length,
      results,
      uploads: files.length + outsideReports.length,
      bytes: archive.length,
    },
  };
}

/** The archive downloaded at once, while the member waits: audited as `account.export` with counts only. */
export async function buildMemberArchive(
  deps: MyDataDeps,
  user: SessionUser,
  ip: string | null,
): Promise<{ archive: Buffer; files: number }> {
  const { archive, counts } = await collectMemberArchive(deps, user, ip);
  await recordAudit(deps.db, {
    actor: { id: user.id, role: 'customer' },
    action: 'account.export',
    subjectType: 'account',
    subjectId: user.id,
    detail: { ...counts },
    ip,
  });
  return { archive, files: counts.files };
}
