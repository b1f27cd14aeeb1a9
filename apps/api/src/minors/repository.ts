import { eq } from 'drizzle-orm';
import { minorRemovals, type Executor } from '@shop/db';

export async function insertMinorRemoval(tx: Executor, input: { userId: string; reason: string; dueAt: Date }): Promise<boolean> {
  const rows = await tx.insert(minorRemovals).values(input).onConflictDoNothing().returning({ userId: minorRemovals.userId });
  return rows.length > 0;
}

export async function findMinorRemoval(tx: Executor, userId: string) {
  const [row] = await tx.select().from(minorRemovals).where(eq(minorRemovals.userId, userId));
  return row;
}
