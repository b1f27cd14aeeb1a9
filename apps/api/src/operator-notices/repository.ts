import { and, desc, eq, isNull, notInArray, sql } from 'drizzle-orm';
import { operatorNotices, users, type Executor, type OperatorNoticeRow } from '@shop/db';

export type NoticeKind = 'webhook_endpoint_failing';

/**
 * Opens a notice unless one of its kind and subject is open already (the partial unique index
 * `operator_notices_open_once` decides under races): answers the new notice, or undefined.
 */
export async function openNotice(
  tx: Executor,
  input: { kind: NoticeKind; subjectId: string; detail: Record<string, unknown>; now: Date },
): Promise<OperatorNoticeRow | undefined> {
  const [opened] = await tx
    .insert(operatorNotices)
    .values({ kind: input.kind, subjectId: input.subjectId, detail: input.detail, openedAt: input.now })
    .onConflictDoNothing({ target: [operatorNotices.kind, operatorNotices.subjectId], where: sql`${operatorNotices.closedAt} is null` })
    .returning();
  return opened;
}

/** Closes the open notices of a kind whose subject is not among `still`: their trouble is over. */
export async function closeNoticesExcept(tx: Executor, kind: NoticeKind, still: string[], now: Date): Promise<number> {
  const closed = await tx
    .update(operatorNotices)
    .set({ closedAt: now })
    .where(
      and(
        eq(operatorNotices.kind, kind),
        isNull(operatorNotices.closedAt),
        still.length > 0 ? notInArray(operatorNotices.subjectId, still) : undefined,
      ),
    )
    .returning({ id: operatorNotices.id });
  return closed.length;
}

export async function openNotices(db: Executor): Promise<OperatorNoticeRow[]> {
  return db.select().from(operatorNotices).where(isNull(operatorNotices.closedAt)).orderBy(desc(operatorNotices.openedAt));
}

/** The operators' addresses: who hears about a notice. */
export async function operatorAddresses(db: Executor): Promise<string[]> {
  const rows = await db.select({ email: users.email }).from(users).where(eq(users.role, 'operator')).orderBy(users.email);
  return rows.map((row) => row.email);
}
