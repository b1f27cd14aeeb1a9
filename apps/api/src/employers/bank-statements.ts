import { asc, eq } from 'drizzle-orm';
import { bankStatements, monthsBetween, type BankStatement, type PeriodMovements } from '@shop/core';
import { employerBankEntries, employerCoveredOrders, type Executor } from '@shop/db';

const month = (date: Date) => date.toISOString().slice(0, 7);

/** The last month that has ended at `now`: a statement never covers a month still running. */
const lastClosedMonth = (now: Date) => month(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)));

/**
 * The prepaid bank as its employer reads it (decision 0057): a statement per ended month, its
 * orders' draws, returns and guarantees released as one figure once five people stand behind them.
 * The live balance (`bankBalanceCents`) is the cover's to decide with, never shown to the employer:
 * an order, a decline or a guarantee changes no statement the employer can read until its month
 * has ended and four others have joined it.
 */
export async function bankStatementsOf(db: Executor, groupId: string, now = new Date()): Promise<BankStatement[]> {
  const entries = await db
    .select({
      kind: employerBankEntries.kind,
      amountCents: employerBankEntries.amountCents,
      createdAt: employerBankEntries.createdAt,
      person: employerCoveredOrders.enrollmentId,
    })
    .from(employerBankEntries)
    .leftJoin(employerCoveredOrders, eq(employerCoveredOrders.orderId, employerBankEntries.orderId))
    .where(eq(employerBankEntries.groupId, groupId))
    .orderBy(asc(employerBankEntries.createdAt));
  const first = entries[0];
  if (!first) return [];
  const periods = new Map<string, PeriodMovements & { people: PeriodMovements['people'][number][] }>(
    monthsBetween(month(first.createdAt), lastClosedMonth(now)).map((period) => [
      period,
      { period, people: [], topUpCents: 0, adjustmentCents: 0 },
    ]),
  );
  for (const entry of entries) {
    const period = periods.get(month(entry.createdAt));
    if (!period) continue;
    if (entry.kind === 'top_up') period.topUpCents += entry.amountCents;
    else if (entry.kind === 'correction') period.adjustmentCents += entry.amountCents;
    else period.people.push({ person: entry.person ?? 'unknown', product: 'tests', amountCents: entry.amountCents });
  }
  // newest first, as the portal lists them
  return bankStatements([...periods.values()]).reverse();
}
