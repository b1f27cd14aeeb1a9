import { and, desc, eq, exists, isNull } from 'drizzle-orm';
import { carts, employerCartCovers, employerCoveredOrders, employerEnrollments, employerGroups, type Executor } from '@shop/db';

/**
 * Where an employee's cover of this plan year stands, for their account page on any device:
 * `in-cart` while the covered cart waits at checkout, `used` once the covered order is placed,
 * `proven` when the cart is gone (the employee goes back to the group's page for a new one).
 */
export type CoverState = 'in-cart' | 'used' | 'proven';

export interface MyCover {
  employer: string;
  slug: string;
  state: CoverState;
}

/** The covers the account proved for its groups' running plan years, newest first. */
export async function coversOf(db: Executor, userId: string): Promise<MyCover[]> {
  const covered = db
    .select({ orderId: employerCoveredOrders.orderId })
    .from(employerCoveredOrders)
    .where(and(eq(employerCoveredOrders.enrollmentId, employerEnrollments.id), isNull(employerCoveredOrders.releasedAt)));
  const inCart = db
    .select({ cartId: employerCartCovers.cartId })
    .from(employerCartCovers)
    .innerJoin(carts, eq(carts.id, employerCartCovers.cartId))
    .where(and(eq(employerCartCovers.enrollmentId, employerEnrollments.id), eq(carts.status, 'open'), eq(carts.userId, userId)));
  const rows = await db
    .select({ employer: employerGroups.name, slug: employerGroups.slug, used: exists(covered), inCart: exists(inCart) })
    .from(employerEnrollments)
    .innerJoin(employerGroups, eq(employerGroups.id, employerEnrollments.groupId))
    .where(and(eq(employerEnrollments.userId, userId), eq(employerEnrollments.planYearStart, employerGroups.planYearStart)))
    .orderBy(desc(employerEnrollments.createdAt));
  return rows.map((row) => ({
    employer: row.employer,
    slug: row.slug,
    state: row.used ? 'used' : row.inCart ? 'in-cart' : 'proven',
  }));
}
