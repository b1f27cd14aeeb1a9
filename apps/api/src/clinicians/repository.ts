import { and, asc, eq, inArray } from 'drizzle-orm';
import type { ClinicianLicence, UsState } from '@shop/core';
import { clinicianLicences, medicalProfiles, orderReviews, users, type Executor, type OrderRow } from '@shop/db';

export type ReviewRow = typeof orderReviews.$inferSelect;

/** The team's clinicians by name, each with their licences by state. */
export async function cliniciansWithLicences(db: Executor) {
  const people = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.role, 'clinician'))
    .orderBy(asc(users.name), asc(users.email));
  const licences = people.length
    ? await db
        .select()
        .from(clinicianLicences)
        .where(
          inArray(
            clinicianLicences.userId,
            people.map((person) => person.id),
          ),
        )
        .orderBy(asc(clinicianLicences.state))
    : [];
  return people.map((person) => ({
    ...person,
    licences: licences.filter((licence) => licence.userId === person.id).map(toLicence),
  }));
}

export async function licencesOf(db: Executor, userId: string): Promise<ClinicianLicence[]> {
  return (await db.select().from(clinicianLicences).where(eq(clinicianLicences.userId, userId))).map(toLicence);
}

/** Every licence of every clinician in one state: who could approve an order there. */
export async function licencesIn(db: Executor, states: readonly string[]) {
  if (states.length === 0) return [];
  return db
    .select({ userId: clinicianLicences.userId, state: clinicianLicences.state, expiresOn: clinicianLicences.expiresOn })
    .from(clinicianLicences)
    .innerJoin(users, and(eq(users.id, clinicianLicences.userId), eq(users.role, 'clinician')))
    .where(inArray(clinicianLicences.state, [...states]));
}

const toLicence = (row: typeof clinicianLicences.$inferSelect): ClinicianLicence => ({
  state: row.state as UsState,
  number: row.number,
  expiresOn: row.expiresOn,
});

/** A clinician's licence in a state, written or replaced (a renewal): what it was before, if anything. */
export async function upsertLicence(db: Executor, userId: string, licence: ClinicianLicence) {
  const [before] = await db
    .select()
    .from(clinicianLicences)
    .where(and(eq(clinicianLicences.userId, userId), eq(clinicianLicences.state, licence.state)))
    .for('update');
  await db
    .insert(clinicianLicences)
    .values({ userId, ...licence })
    .onConflictDoUpdate({
      target: [clinicianLicences.userId, clinicianLicences.state],
      set: { number: licence.number, expiresOn: licence.expiresOn, updatedAt: new Date() },
    });
  return before ? toLicence(before) : undefined;
}

export async function deleteLicence(db: Executor, userId: string, state: string) {
  const [removed] = await db
    .delete(clinicianLicences)
    .where(and(eq(clinicianLicences.userId, userId), eq(clinicianLicences.state, state)))
    .returning();
  return removed ? toLicence(removed) : undefined;
}

export async function findClinician(db: Executor, userId: string) {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.role, 'clinician')));
  return row;
}

/** The state an order's person tested lives in: as the order was placed, else as their medical profile says. */
export async function testedStateOf(db: Executor, order: Pick<OrderRow, 'testedState' | 'userId'>): Promise<string | null> {
  if (order.testedState) return order.testedState;
  const [profile] = await db.select({ state: medicalProfiles.state }).from(medicalProfiles).where(eq(medicalProfiles.userId, order.userId));
  return profile?.state ?? null;
}

/** The profile states of these accounts, for orders that were placed without one. */
export async function profileStatesOf(db: Executor, userIds: readonly string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: medicalProfiles.userId, state: medicalProfiles.state })
    .from(medicalProfiles)
    .where(inArray(medicalProfiles.userId, [...userIds]));
  return new Map(rows.map((row) => [row.userId, row.state]));
}

export async function findReview(db: Executor, orderId: string): Promise<ReviewRow | undefined> {
  const [row] = await db.select().from(orderReviews).where(eq(orderReviews.orderId, orderId));
  return row;
}

/** The order's one decision: nothing when another clinician's came first (the primary key). */
export async function insertReview(db: Executor, values: typeof orderReviews.$inferInsert): Promise<ReviewRow | undefined> {
  const [row] = await db.insert(orderReviews).values(values).onConflictDoNothing().returning();
  return row;
}

export async function markReviewDeclined(db: Executor, orderId: string): Promise<void> {
  await db
    .update(orderReviews)
    .set({ outcome: 'declined', decidedAt: new Date() })
    .where(and(eq(orderReviews.orderId, orderId), eq(orderReviews.outcome, 'declining')));
}
