import { desc, eq } from 'drizzle-orm';
import { emailOutbox, type Executor } from '@shop/db';

export async function listOutbox(db: Executor, to: string | undefined, limit: number) {
  const query = db.select().from(emailOutbox);
  const filtered = to ? query.where(eq(emailOutbox.toAddress, to)) : query;
  return filtered.orderBy(desc(emailOutbox.createdAt)).limit(limit);
}
