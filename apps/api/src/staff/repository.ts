import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { staffInvitations, users, type Executor } from '@shop/db';

export type InvitationRow = typeof staffInvitations.$inferSelect;

export async function pendingInvitationFor(db: Executor, email: string): Promise<InvitationRow | undefined> {
  const [row] = await db
    .select()
    .from(staffInvitations)
    .where(
      and(sql`lower(${staffInvitations.email}) = lower(${email})`, isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt)),
    )
    .for('update');
  return row;
}

export async function insertInvitation(db: Executor, values: typeof staffInvitations.$inferInsert): Promise<InvitationRow> {
  const [row] = await db.insert(staffInvitations).values(values).returning();
  return row!;
}

export async function updateInvitation(
  db: Executor,
  id: string,
  values: Partial<typeof staffInvitations.$inferInsert>,
): Promise<InvitationRow> {
  const [row] = await db.update(staffInvitations).set(values).where(eq(staffInvitations.id, id)).returning();
  return row!;
}

export async function lockInvitation(db: Executor, id: string): Promise<InvitationRow | undefined> {
  const [row] = await db.select().from(staffInvitations).where(eq(staffInvitations.id, id)).for('update');
  return row;
}

export async function recentInvitations(db: Executor) {
  return db
    .select({ invitation: staffInvitations, inviterName: users.name })
    .from(staffInvitations)
    .leftJoin(users, eq(users.id, staffInvitations.invitedBy))
    .orderBy(desc(staffInvitations.createdAt))
    .limit(200);
}

/** The invitation a link's token opens, while it can still be used. */
const usableBy = (tokenHash: string, now: Date) =>
  and(
    eq(staffInvitations.tokenHash, tokenHash),
    isNull(staffInvitations.acceptedAt),
    isNull(staffInvitations.revokedAt),
    gt(staffInvitations.expiresAt, now),
  );

export async function usableInvitation(db: Executor, tokenHash: string, now: Date): Promise<InvitationRow | undefined> {
  const [row] = await db.select().from(staffInvitations).where(usableBy(tokenHash, now));
  return row;
}

/** Takes the invitation for its one use: of two acceptances at once, one gets the row. */
export async function claimInvitation(db: Executor, tokenHash: string, now: Date): Promise<InvitationRow | undefined> {
  const [row] = await db.update(staffInvitations).set({ acceptedAt: now, updatedAt: now }).where(usableBy(tokenHash, now)).returning();
  return row;
}

export async function setRole(db: Executor, email: string, role: string) {
  const [row] = await db
    .update(users)
    .set({ role, updatedAt: new Date() })
    .where(sql`lower(${users.email}) = lower(${email})`)
    .returning({ id: users.id });
  return row;
}
