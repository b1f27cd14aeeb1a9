import { and, eq, inArray } from 'drizzle-orm';
import { paidByClinicLabel } from '@shop/core';
import { clinics, providerOrders, type Executor } from '@shop/db';
import type { OrderRow } from './repository.ts';
import type { describeOrder, summarizeOrder } from './service.ts';

/**
 * The clinics that paid some of these orders for their clients (docs/decisions/0047-clinic-pays.md),
 * by order id: an order made from the cart of a clinic's order whose payer is the clinic.
 */
export async function clinicsThatPaid(db: Executor, rows: readonly Pick<OrderRow, 'id' | 'cartId'>[]): Promise<Map<string, string>> {
  const cartIds = rows.flatMap((row) => (row.cartId ? [row.cartId] : []));
  if (cartIds.length === 0) return new Map();
  const paid = await db
    .select({ cartId: providerOrders.cartId, clinicName: clinics.name })
    .from(providerOrders)
    .innerJoin(clinics, eq(clinics.id, providerOrders.clinicId))
    .where(and(eq(providerOrders.payer, 'clinic'), inArray(providerOrders.cartId, cartIds)));
  const byCart = new Map(paid.map((row) => [row.cartId, row.clinicName]));
  return new Map(rows.flatMap((row) => (row.cartId && byCart.has(row.cartId) ? [[row.id, byCart.get(row.cartId)!] as const] : [])));
}

type Summary = ReturnType<typeof summarizeOrder>;
type Detail = Awaited<ReturnType<typeof describeOrder>>;

/** An order as its customer lists it: an order a clinic paid says who paid, where its price would be. */
export function summaryForCustomer(summary: Summary, clinicName: string | undefined): Summary {
  if (clinicName === undefined) return summary;
  return { ...summary, paidBy: clinicName, total: paidByClinicLabel(clinicName), totalCents: 0 };
}

/**
 * An order as its customer reads it: one a clinic paid shows its tests and who paid, and no price
 * (not the lines', not the clinic's card's payments). Staff read the prices in the console.
 */
export function detailForCustomer(detail: Detail, clinicName: string | undefined): Detail {
  if (clinicName === undefined) return detail;
  return {
    ...detail,
    ...summaryForCustomer(detail, clinicName),
    subtotal: '',
    discount: '',
    tax: '',
    deferred: '',
    fee: null,
    storeCredit: null,
    storeCreditReturned: null,
    items: detail.items.map((item) => ({ ...item, unitPrice: '' })),
    payments: [],
    // the clinic paid: it cancels, not its client
    selfCancel: false,
  };
}
