import { eq } from 'drizzle-orm';
import { statesWhereTestsAreSold } from '@shop/core';
import { clinicianLicences, users, type Database } from '@shop/db';
import type { Auth } from '../auth/auth.ts';
import type { Role } from '../auth/session.ts';

/**
 * Makes sure a staff account exists with the given role. An existing account keeps its
 * password; only its role is set.
 */
export async function ensureStaffAccount(
  db: Database,
  auth: Auth,
  account: { email: string; password: string; role: Role; name: string },
): Promise<'created' | 'existed'> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, account.email));
  if (!existing) {
    await auth.api.signUpEmail({ body: { email: account.email, password: account.password, name: account.name } });
  }
  await db.update(users).set({ role: account.role, updatedAt: new Date() }).where(eq(users.email, account.email));
  return existing ? 'existed' : 'created';
}

/**
 * Outside production, the seeded clinician holds a licence in every state where tests are sold,
 * valid five years from its first start, so that a first start can take an order from payment to
 * results. The numbers say they are not a board's (`DEV-TX`). Licences already there are kept.
 */
export async function ensureDevelopmentLicences(db: Database, email: string, now = new Date()): Promise<void> {
  const [clinician] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!clinician) return;
  const expiresOn = `${now.getUTCFullYear() + 5}-12-31`;
  await db
    .insert(clinicianLicences)
    .values(statesWhereTestsAreSold.map((state) => ({ userId: clinician.id, state, number: `DEV-${state}`, expiresOn })))
    .onConflictDoNothing();
}
