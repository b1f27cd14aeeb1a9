import { and, count, desc, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { auditLog, users, type Executor } from '@shop/db';

export interface AuditFilter {
  /** the member, by e-mail or account id */
  member?: string;
  /** the staff member who acted, by e-mail or account id */
  staff?: string;
}

const actors = alias(users, 'actors');
const members = alias(users, 'members');

/** A user named by e-mail (any case) or by id. */
const namedBy = (value: string): SQL =>
  sql`(select ${users.id} from ${users} where ${
    value.includes('@') ? sql`lower(${users.email}) = ${value.trim().toLowerCase()}` : sql`${users.id} = ${value.trim()}`
  })`;

/**
 * The audit log for the console, newest first: who acted (their name, e-mail and role), what they
 * did to which record, and whose data it was. A member filter matches the lines that name the
 * member; a staff filter the lines that staff member wrote.
 */
export async function searchAuditLog(db: Executor, filter: AuditFilter, page: { limit: number; offset: number }) {
  const conditions: SQL[] = [];
  if (filter.member) {
    conditions.push(sql`${auditLog.memberId} in ${namedBy(filter.member)}`);
  }
  if (filter.staff) {
    conditions.push(sql`${auditLog.actorId} in ${namedBy(filter.staff)}`);
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const rows = await db
    .select({
      id: auditLog.id,
      seq: auditLog.seq,
      createdAt: auditLog.createdAt,
      action: auditLog.action,
      subjectType: auditLog.subjectType,
      subjectId: auditLog.subjectId,
      detail: auditLog.detail,
      actorId: auditLog.actorId,
      actorRole: auditLog.actorRole,
      actorName: actors.name,
      actorEmail: actors.email,
      memberId: auditLog.memberId,
      memberEmail: members.email,
    })
    .from(auditLog)
    .leftJoin(actors, eq(actors.id, auditLog.actorId))
    .leftJoin(members, eq(members.id, auditLog.memberId))
    .where(where)
    .orderBy(desc(auditLog.seq))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(auditLog).where(where);
  return { rows, total: total?.n ?? 0 };
}

/**
 * Who at the shop read a member's results, newest first: the staff member's role and name, and
 * when. The member's own reads are not listed.
 */
export async function resultsReadsOf(db: Executor, memberId: string, limit: number) {
  return db
    .select({ at: auditLog.createdAt, role: auditLog.actorRole, name: actors.name })
    .from(auditLog)
    .leftJoin(actors, eq(actors.id, auditLog.actorId))
    .where(
      and(
        eq(auditLog.memberId, memberId),
        or(eq(auditLog.action, 'results.read'), eq(auditLog.subjectType, 'results')),
        or(sql`${auditLog.actorId} is null`, ne(auditLog.actorId, memberId)),
      ),
    )
    .orderBy(desc(auditLog.seq))
    .limit(limit);
}
