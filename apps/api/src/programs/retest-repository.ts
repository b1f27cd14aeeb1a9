import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { orderEvents, orders, programRetests, type Executor, type OrderRow, type ProgramRetestRow } from '@shop/db';
import { runningProgramStatuses } from './plan-repository.ts';

export type { ProgramRetestRow };

/**
 * The running programs (optionally one member's) with the day each became active (UTC), from its
 * timeline; an order moved to the program before its timeline recorded the step starts on its last change.
 */
export async function listRunningPrograms(db: Executor, userId?: string): Promise<Array<{ id: string; activatedOn: string }>> {
  const activatedAt = sql`(select min(${orderEvents.createdAt}) from ${orderEvents}
    where ${orderEvents.orderId} = ${orders.id} and ${orderEvents.toStatus} = 'program_active')`;
  return db
    .select({
      id: orders.id,
      activatedOn: sql<string>`to_char(coalesce(${activatedAt}, ${orders.updatedAt}) at time zone 'UTC', 'YYYY-MM-DD')`,
    })
    .from(orders)
    .where(and(inArray(orders.status, [...runningProgramStatuses]), userId ? eq(orders.userId, userId) : undefined));
}

/** The retests made for these programs, by program order. */
export async function listRetestsOf(db: Executor, programOrderIds: string[]): Promise<ProgramRetestRow[]> {
  if (programOrderIds.length === 0) return [];
  return db
    .select()
    .from(programRetests)
    .where(inArray(programRetests.programOrderId, programOrderIds))
    .orderBy(asc(programRetests.sequence));
}

export async function findRetest(db: Executor, programOrderId: string, sequence: number): Promise<ProgramRetestRow | undefined> {
  const [row] = await db
    .select()
    .from(programRetests)
    .where(and(eq(programRetests.programOrderId, programOrderId), eq(programRetests.sequence, sequence)));
  return row;
}

export async function findRetestByOrder(db: Executor, retestOrderId: string): Promise<ProgramRetestRow | undefined> {
  const [row] = await db.select().from(programRetests).where(eq(programRetests.retestOrderId, retestOrderId));
  return row;
}

/** A program's retests with their orders, in order. */
export async function retestsWithOrders(
  db: Executor,
  programOrderId: string,
): Promise<Array<{ retest: ProgramRetestRow; order: OrderRow }>> {
  return db
    .select({ retest: programRetests, order: orders })
    .from(programRetests)
    .innerJoin(orders, eq(orders.id, programRetests.retestOrderId))
    .where(eq(programRetests.programOrderId, programOrderId))
    .orderBy(asc(programRetests.sequence));
}

/** Records a retest; false when this program's retest of that sequence exists already. */
export async function insertRetest(db: Executor, values: typeof programRetests.$inferInsert): Promise<boolean> {
  const inserted = await db.insert(programRetests).values(values).onConflictDoNothing().returning({ id: programRetests.retestOrderId });
  return inserted.length > 0;
}
