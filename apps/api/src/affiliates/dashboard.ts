import { and, count, eq, sql } from 'drizzle-orm';
import { affiliateClicks, affiliateCodes, affiliates, rewardLedger, type Executor } from '@shop/db';
import { toCsv } from '../csv.ts';

/** One code's month on the affiliate's dashboard: counts and cents, never a customer. */
export interface DashboardRow {
  code: string;
  month: string;
  clicks: number;
  firstOrders: number;
  pendingCents: number;
  approvedCents: number;
  paidCents: number;
  clawedBackCents: number;
}

/** The affiliate an account signs in as, if it is one's. */
export async function affiliateOfUser(tx: Executor, userId: string) {
  const [row] = await tx.select().from(affiliates).where(eq(affiliates.userId, userId));
  return row;
}

/** The codes that bring an affiliate visitors today: their active codes, none while the affiliate is not active. */
export async function workingCodesOf(tx: Executor, affiliate: { id: string; status: string }): Promise<string[]> {
  if (affiliate.status !== 'active') return [];
  const rows = await tx
    .select({ code: affiliateCodes.code })
    .from(affiliateCodes)
    .where(and(eq(affiliateCodes.affiliateId, affiliate.id), eq(affiliateCodes.active, true)))
    .orderBy(affiliateCodes.code);
  return rows.map((row) => row.code);
}

const monthOf = (column: unknown) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM')`;

/**
 * An affiliate's clicks, first orders and earnings per code and month (UTC), newest month first.
 * Read from the ledger and the clicks only: what the dashboard shows cannot name a customer.
 */
export async function dashboardOf(tx: Executor, affiliateId: string): Promise<DashboardRow[]> {
  const clickMonth = monthOf(affiliateClicks.at);
  const clicks = await tx
    .select({ code: affiliateClicks.code, month: clickMonth, clicks: count() })
    .from(affiliateClicks)
    .innerJoin(affiliateCodes, eq(affiliateCodes.code, affiliateClicks.code))
    .where(eq(affiliateCodes.affiliateId, affiliateId))
    .groupBy(affiliateClicks.code, clickMonth);
  const entryMonth = monthOf(rewardLedger.createdAt);
  const cents = (condition: ReturnType<typeof sql>) =>
    sql<number>`coalesce(sum(${rewardLedger.amountCents}) filter (where ${condition}), 0)`.mapWith(Number);
  const earnings = await tx
    .select({
      code: rewardLedger.affiliateCode,
      month: entryMonth,
      firstOrders: sql<number>`count(*) filter (where ${rewardLedger.entry} = 'earning')`.mapWith(Number),
      pendingCents: cents(sql`${rewardLedger.entry} = 'earning' and ${rewardLedger.status} = 'pending'`),
      approvedCents: cents(sql`${rewardLedger.status} = 'approved'`),
      paidCents: cents(sql`${rewardLedger.status} = 'paid'`),
      clawedBackCents:
        sql<number>`coalesce(-sum(${rewardLedger.amountCents}) filter (where ${rewardLedger.entry} = 'clawback'), 0)`.mapWith(Number),
    })
    .from(rewardLedger)
    .where(and(eq(rewardLedger.affiliateId, affiliateId), eq(rewardLedger.kind, 'affiliate_commission')))
    .groupBy(rewardLedger.affiliateCode, entryMonth);

  const rows = new Map<string, DashboardRow>();
  const rowOf = (code: string, month: string) => {
    const key = `${code}|${month}`;
    let row = rows.get(key);
    if (!row) {
      row = { code, month, clicks: 0, firstOrders: 0, pendingCents: 0, approvedCents: 0, paidCents: 0, clawedBackCents: 0 };
      rows.set(key, row);
    }
    return row;
  };
  for (const click of clicks) rowOf(click.code, click.month).clicks = click.clicks;
  for (const earning of earnings) {
    if (earning.code === null) continue;
    const { code: _code, month: _month, ...sums } = earning;
    Object.assign(rowOf(earning.code, earning.month), sums);
  }
  return [...rows.values()].sort((a, b) => b.month.localeCompare(a.month) || a.code.localeCompare(b.code));
}

/** The dashboard as CSV, amounts in cents. */
export function dashboardCsv(rows: readonly DashboardRow[]): string {
  const header = [
    'code',
    'month',
    'clicks',
    'first_orders',
    'conversion_percent',
    'pending_cents',
    'approved_cents',
    'paid_cents',
    'clawed_back_cents',
  ];
  return toCsv(
    header,
    rows.map((row) => [
      row.code,
      row.month,
      row.clicks,
      row.firstOrders,
      conversionPercent(row),
      row.pendingCents,
      row.approvedCents,
      row.paidCents,
      row.clawedBackCents,
    ]),
  );
}

/** First orders per click, in percent to one decimal; empty when there were no clicks. */
export function conversionPercent(row: Pick<DashboardRow, 'clicks' | 'firstOrders'>): string {
  return row.clicks === 0 ? '' : ((row.firstOrders / row.clicks) * 100).toFixed(1);
}
