import { sql } from 'drizzle-orm';
import { users, type Executor } from '@shop/db';

/** The account an e-mail address belongs to, whatever its case: e-mail addresses are one account each. */
export async function accountWithEmail(db: Executor, email: string) {
  const [row] = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  return row;
}
