import { eq } from 'drizzle-orm';
import { users, type Database } from '@shop/db';
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
