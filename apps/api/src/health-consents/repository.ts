import { and, desc, eq, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { healthDataConsents, type Executor } from '@shop/db';

export type HealthDataConsentRow = typeof healthDataConsents.$inferSelect;

/** Whose consent: the signed-in account, or before one the browser's visitor id. */
export interface ConsentHolder {
  userId: string | null;
  visitorId: string | null;
}

function heldBy(holder: ConsentHolder) {
  if (holder.userId) return eq(healthDataConsents.userId, holder.userId);
  // a browser's consent counts only while no account owns it: a signed-out browser does not speak for an account
  return holder.visitorId ? and(eq(healthDataConsents.visitorId, holder.visitorId), isNull(healthDataConsents.userId)) : undefined;
}

export async function insertHealthDataConsent(db: Executor, values: typeof healthDataConsents.$inferInsert): Promise<HealthDataConsentRow> {
  const [row] = await db.insert(healthDataConsents).values(values).returning();
  if (!row) throw new Error('insert returned nothing');
  return row;
}

/** The holder's consent of this kind still in force (not withdrawn), the newest first. */
export async function findActiveConsent(db: Executor, holder: ConsentHolder, kind: string): Promise<HealthDataConsentRow | undefined> {
  const held = heldBy(holder);
  if (!held) return undefined;
  const [row] = await db
    .select()
    .from(healthDataConsents)
    .where(and(held, eq(healthDataConsents.kind, kind), isNull(healthDataConsents.withdrawnAt)))
    .orderBy(desc(healthDataConsents.givenAt))
    .limit(1);
  return row;
}

/** Every consent of an account, given and withdrawn, newest first: the account page's history. */
export async function listAccountConsents(db: Executor, userId: string): Promise<HealthDataConsentRow[]> {
  return db.select().from(healthDataConsents).where(eq(healthDataConsents.userId, userId)).orderBy(desc(healthDataConsents.givenAt));
}

/** Withdraws every consent of this kind the account holds in force; returns how many. */
export async function withdrawConsents(db: Executor, userId: string, kind: string, at: Date): Promise<number> {
  const rows = await db
    .update(healthDataConsents)
    .set({ withdrawnAt: at })
    .where(and(eq(healthDataConsents.userId, userId), eq(healthDataConsents.kind, kind), isNull(healthDataConsents.withdrawnAt)))
    .returning({ id: healthDataConsents.id });
  return rows.length;
}

/** A browser's consents that no account owns yet become the account's. */
export async function assignVisitorConsents(db: Executor, visitorId: string, userId: string): Promise<void> {
  await db
    .update(healthDataConsents)
    .set({ userId })
    .where(and(eq(healthDataConsents.visitorId, visitorId), isNull(healthDataConsents.userId)));
}

/**
 * Whether the account in `userId` (a column of the caller's query) withdrew its consent of this
 * kind and has given none since: what the areas that share under a consent read, as a column or a
 * condition of their own queries. No account, or no consent ever recorded, is not a withdrawal.
 */
export function withdrawnWithoutRenewal(userId: AnyColumn | SQL, kind: string): SQL<boolean> {
  const ofKind = sql`${healthDataConsents.userId} = ${userId} and ${healthDataConsents.kind} = ${kind}`;
  return sql<boolean>`(exists (select 1 from ${healthDataConsents} where ${ofKind} and ${healthDataConsents.withdrawnAt} is not null)
    and not exists (select 1 from ${healthDataConsents} where ${ofKind} and ${healthDataConsents.withdrawnAt} is null))`.mapWith(Boolean);
}
