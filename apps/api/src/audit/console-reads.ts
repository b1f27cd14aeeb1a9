import { eq, sql } from 'drizzle-orm';
import { labReviews, orders, outsideLabReports, resultHolds, supportThreads, users, type Executor } from '@shop/db';
import type { FastifyRequest } from 'fastify';
import { isRowId } from '../validation.ts';
import { recordAudit, type AuditEntry } from './log.ts';

/** The kinds of a member's data the console shows, as the audit page names them. */
export const memberDataAreas = [
  'orders',
  'customers',
  'leads',
  'messages',
  'outbox',
  'results',
  'files',
  'subscriptions',
  'coaching',
] as const;
export type MemberDataArea = (typeof memberDataAreas)[number];

type MemberOf = (db: Executor, id: string) => Promise<string | null>;

/** A console read of members' data: which area it is, and how its `:id` names the member (one order, one thread…). */
interface MemberRead {
  area: MemberDataArea;
  subjectType: AuditEntry['subjectType'];
  memberOf?: MemberOf;
}

const orderOwner: MemberOf = async (db, id) => {
  const [row] = await db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, id)).limit(1);
  return row?.userId ?? null;
};
const threadOwner: MemberOf = async (db, id) => {
  const [row] = await db.select({ userId: supportThreads.userId }).from(supportThreads).where(eq(supportThreads.id, id)).limit(1);
  return row?.userId ?? null;
};
const reviewOwner: MemberOf = async (db, id) => {
  const [row] = await db.select({ userId: labReviews.userId }).from(labReviews).where(eq(labReviews.id, id)).limit(1);
  return row?.userId ?? null;
};
const outsideReportOwner: MemberOf = async (db, id) => {
  const [row] = await db.select({ userId: outsideLabReports.userId }).from(outsideLabReports).where(eq(outsideLabReports.id, id)).limit(1);
  return row?.userId ?? null;
};
const holdOwner: MemberOf = async (db, id) => {
  const [row] = await db
    .select({ userId: orders.userId })
    .from(resultHolds)
    .innerJoin(orders, eq(orders.id, resultHolds.orderId))
    .where(eq(resultHolds.id, id))
    .limit(1);
  return row?.userId ?? null;
};

/**
 * Every GET route of the console (its path below `/api/admin`), sorted in two: the reads of a
 * member's data, recorded once per request by the console's hook, and `null` for those that show
 * no one's (coupons, jobs, experiments…). A GET route missing here stops the shop from starting,
 * so a new console page is sorted before it ships. Routes that audit their own reads in more detail
 * (a review's files, a hold's values) are still recorded here: the console's line says who looked.
 */
export const consoleReads: Readonly<Record<string, MemberRead | null>> = {
  '/orders': { area: 'orders', subjectType: 'console_list' },
  '/orders/approval-queue': { area: 'orders', subjectType: 'console_list' },
  '/orders/:id': { area: 'orders', subjectType: 'order', memberOf: orderOwner },
  '/kit-tasks': { area: 'orders', subjectType: 'console_list' },
  '/billing/stuck': { area: 'orders', subjectType: 'console_list' },
  '/customers': { area: 'customers', subjectType: 'console_list' },
  '/leads': { area: 'leads', subjectType: 'console_list' },
  '/leads.csv': { area: 'leads', subjectType: 'console_list' },
  '/messages': { area: 'messages', subjectType: 'console_list' },
  '/messages/:id(^[\\w-]+$)': { area: 'messages', subjectType: 'support_thread', memberOf: threadOwner },
  '/outbox': { area: 'outbox', subjectType: 'console_list' },
  '/texts': { area: 'outbox', subjectType: 'console_list' },
  '/result-holds': { area: 'results', subjectType: 'console_list' },
  '/result-holds/:id': { area: 'results', subjectType: 'results', memberOf: holdOwner },
  '/lab-reviews': { area: 'files', subjectType: 'console_list' },
  '/lab-reviews/:id(^[\\w-]+$)': { area: 'files', subjectType: 'lab_review', memberOf: reviewOwner },
  '/lab-reviews/:id(^[\\w-]+$)/files/:fileId': { area: 'files', subjectType: 'lab_review', memberOf: reviewOwner },
  '/outside-reports': { area: 'files', subjectType: 'console_list' },
  '/outside-reports/:id(^[\\w-]+$)': { area: 'files', subjectType: 'outside_report', memberOf: outsideReportOwner },
  '/outside-reports/:id(^[\\w-]+$)/file': { area: 'files', subjectType: 'outside_report', memberOf: outsideReportOwner },
  '/subscriptions': { area: 'subscriptions', subjectType: 'console_list' },
  '/coaching/slots': { area: 'coaching', subjectType: 'console_list' },
  '/audit': null,
  '/subscriptions/price-changes': null,
  '/coupons': null,
  '/jobs': null,
  '/experiments': null,
  '/client-errors': null,
  '/staff/invitations': null,
  '/clinicians': null,
  '/clinics': null,
  '/clinics/:id': null,
  '/employers': null,
  '/employers/:id': null,
  '/employers/:id/admins': null,
  '/employers/:id/bank': null,
  '/employers/:id/invoices': null,
  '/employers/:id/invoices/:invoiceId': null,
  '/employers/:id/invoices/:invoiceId/invoice.pdf': null,
  '/demo-requests': null,
  '/demo-requests/:id': null,
  '/affiliates': null,
  '/payouts': null,
  '/payouts/batch.csv': null,
};

// the filters a console list is asked with that can name a member: a search, a recipient, a lead's e-mail
const memberFilters = ['q', 'to', 'email'] as const;

async function memberByEmail(db: Executor, email: string): Promise<string | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, sql`${email.trim().toLowerCase()}`))
    .limit(1);
  return row?.id ?? null;
}

/**
 * Writes one audit line for a console read of members' data: who read, which area, the one record
 * it opened (or the list and its filters) and whose data it was when the request names a member.
 * Called by the console's hook before the answer leaves, so a read the log could not record fails.
 */
export async function recordConsoleRead(db: Executor, request: FastifyRequest, path: string): Promise<void> {
  const read = consoleReads[path];
  if (!read) return;
  const user = await request.currentUser();
  const params = request.params as Record<string, string | undefined>;
  const query = (request.query ?? {}) as Record<string, unknown>;
  const id = params.id;
  let memberId: string | null = null;
  if (id !== undefined && read.memberOf && isRowId(id)) memberId = await read.memberOf(db, id);
  const filters: Record<string, string> = {};
  for (const [name, value] of Object.entries(query)) if (typeof value === 'string' && value !== '') filters[name] = value;
  for (const name of memberFilters) {
    const value = filters[name];
    if (memberId === null && value?.includes('@')) memberId = await memberByEmail(db, value);
  }
  await recordAudit(db, {
    actor: { id: user?.id ?? null, role: user?.role ?? 'unknown' },
    action: `${read.area}.read`,
    subjectType: read.subjectType,
    subjectId: id ?? path,
    memberId,
    detail: {
      area: read.area,
      route: path,
      ...(params.fileId ? { fileId: params.fileId } : {}),
      ...(Object.keys(filters).length > 0 ? { filters } : {}),
    },
    ip: request.ip,
  });
}
