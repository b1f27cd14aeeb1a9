import { eq } from 'drizzle-orm';
import { clinics, employerCoveredOrders, employerGroups, providerOrders, type Executor } from '@shop/db';
import type { OrderRow } from '../orders/repository.ts';

/**
 * Who else an order is for, as the console names them: the employer group that covered it, and
 * the clinic that ordered it for its client (whoever paid), each with its id for the console's link.
 */
export async function orderParties(db: Executor, order: Pick<OrderRow, 'id' | 'cartId'>) {
  const [[employerGroup], [clinic]] = await Promise.all([
    db
      .select({ id: employerGroups.id, name: employerGroups.name })
      .from(employerCoveredOrders)
      .innerJoin(employerGroups, eq(employerGroups.id, employerCoveredOrders.groupId))
      .where(eq(employerCoveredOrders.orderId, order.id)),
    db
      .select({ id: clinics.id, name: clinics.name, payer: providerOrders.payer })
      .from(providerOrders)
      .innerJoin(clinics, eq(clinics.id, providerOrders.clinicId))
      .where(eq(providerOrders.cartId, order.cartId)),
  ]);
  return {
    employerGroup: employerGroup ?? null,
    clinic: clinic ? { id: clinic.id, name: clinic.name, paid: clinic.payer === 'clinic' } : null,
  };
}
