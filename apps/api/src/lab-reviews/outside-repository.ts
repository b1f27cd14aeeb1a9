import { outsideLabReports, users, type Executor } from '@shop/db';
import { asc, desc, eq, isNull } from 'drizzle-orm';

export type OutsideReportRow = typeof outsideLabReports.$inferSelect;

/** The member's outside reports, newest first: those waiting and those entered. */
export async function outsideReportsOf(tx: Executor, userId: string): Promise<OutsideReportRow[]> {
  return tx.select().from(outsideLabReports).where(eq(outsideLabReports.userId, userId)).orderBy(desc(outsideLabReports.uploadedAt));
}

/** One report, with its member, locked when asked: an entry and a deletion of one report take turns. */
export async function outsideReport(tx: Executor, reportId: string, options: { lock?: boolean } = {}) {
  const query = tx
    .select({ report: outsideLabReports, memberName: users.name, memberEmail: users.email })
    .from(outsideLabReports)
    .innerJoin(users, eq(users.id, outsideLabReports.userId))
    .where(eq(outsideLabReports.id, reportId));
  const [row] = await (options.lock ? query.for('update', { of: outsideLabReports }) : query);
  return row;
}

/** The reports waiting to be entered, oldest first, with their member's name. */
export async function waitingOutsideReports(tx: Executor) {
  return tx
    .select({ report: outsideLabReports, memberName: users.name })
    .from(outsideLabReports)
    .innerJoin(users, eq(users.id, outsideLabReports.userId))
    .where(isNull(outsideLabReports.enteredAt))
    .orderBy(asc(outsideLabReports.uploadedAt));
}
