import { dayOf, membershipBenefitStatuses, membershipProductCodes } from '@shop/core';
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { subscriptions } from '@shop/db';

/**
 * Whether a customer's Base Daily benefits (5% off tests) hold at `now`, as a column of another
 * query, so pricing a cart or an order asks it without a round trip of its own. It is core's
 * `membershipBenefitsOn` in SQL: a membership active or in its grace period, or cancelled and
 * still within the month already paid for. In a statement built once, the customer and the day
 * (`dayOf(now)`, a date) are placeholders.
 */
export function baseDailyMemberOf(userId: string | Placeholder, now: Date | Placeholder): SQL<boolean> {
  const codes = [...membershipProductCodes];
  const statuses = [...membershipBenefitStatuses];
  return sql`exists (select 1 from ${subscriptions} where ${subscriptions.userId} = ${userId}
    and ${subscriptions.productCode} in (${sql.join(
      codes.map((code) => sql`${code}`),
      sql`, `,
    )})
    and (${subscriptions.status} in (${sql.join(
      statuses.map((status) => sql`${status}`),
      sql`, `,
    )}) or (${subscriptions.status} = 'cancelled' and ${subscriptions.accessUntil} >= ${now instanceof Date ? dayOf(now) : now}::date)))`.mapWith(
    Boolean,
  );
}
