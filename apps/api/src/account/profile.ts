import { and, eq, sql } from 'drizzle-orm';
import { medicalProfileSchema, type MedicalProfile } from '@shop/core';
import { medicalProfiles, orders, type Database } from '@shop/db';
import { moveOrder } from '../orders/moves.ts';
import { AppError } from '../errors.ts';
import { scheduleMinorRemoval } from '../minors/service.ts';
import { validationFailed } from '../validation.ts';

export async function findProfile(db: Database, userId: string) {
  const [row] = await db.select().from(medicalProfiles).where(eq(medicalProfiles.userId, userId));
  return row;
}

/**
 * Saves the person tested and lets the account's waiting orders go on to clinician approval,
 * in one transaction. A minor is refused and nothing is stored; when the account already has
 * orders, it holds a minor's tests, and its removal within 24 hours is scheduled.
 */
export async function saveProfile(db: Database, userId: string, input: unknown): Promise<{ profile: MedicalProfile; released: number }> {
  const parsed = medicalProfileSchema().safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    if (issue?.path[0] === 'dateOfBirth' && issue.message.includes('18 or older')) {
      await db.transaction(async (tx) => {
        const [ordered] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId)).limit(1);
        if (ordered) await scheduleMinorRemoval(tx, userId, 'profile_date_of_birth');
      });
      throw new AppError(422, 'UNDERAGE', issue.message);
    }
    throw validationFailed(parsed.error.issues);
  }
  const profile = parsed.data;
  return db.transaction(async (tx) => {
    await tx
      .insert(medicalProfiles)
      .values({ userId, ...profile })
      .onConflictDoUpdate({ target: medicalProfiles.userId, set: { ...profile, updatedAt: sql`now()` } });
    const waiting = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.status, 'profile_pending')));
    for (const order of waiting) await moveOrder(tx, order, { type: 'profile_completed' }, userId);
    return { profile, released: waiting.length };
  });
}
