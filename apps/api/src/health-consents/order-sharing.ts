import { and, eq, ne, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { providerOrders } from '@shop/db';

/**
 * Whether a cart is the cart of a clinic's pay link that its client pays (not an order the clinic
 * pays for them), as a column of another query: placing its order starts sharing the client's
 * results and progress with that clinic, so it needs their consent to share (decision 0081). An
 * employer's cover is the other sharing an order starts (employer-cover's `cartHasCover`).
 */
export function cartOfClientPayLink(cartId: string | Placeholder): SQL<boolean> {
  return sql`exists (select 1 from ${providerOrders} where ${and(eq(providerOrders.cartId, cartId), ne(providerOrders.payer, 'clinic'))})`.mapWith(
    Boolean,
  );
}
