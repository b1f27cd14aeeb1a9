import { eq } from 'drizzle-orm';
import { groupLines, type GroupLine } from '@shop/core';
import { employerCoveredOrders, employerInvoiceLines, type Executor } from '@shop/db';

/** Every covered order is one product line for now: covered orders do not record which of their tests or program each cent paid. */
const productLabels = { tests: 'Covered tests and programs' };

/**
 * What an invoice shows its employer (the PDF, the invoicing port's lines, the portal): its orders'
 * charges, credits and guarantees netted per product, each line with the people behind it, never an
 * order (decision 0057). The per-order lines stay the shop's own record of what was billed.
 */
export async function invoiceItemsOf(db: Executor, invoiceId: string): Promise<GroupLine[]> {
  const rows = await db
    .select({ person: employerCoveredOrders.enrollmentId, amountCents: employerInvoiceLines.amountCents })
    .from(employerInvoiceLines)
    .innerJoin(employerCoveredOrders, eq(employerCoveredOrders.orderId, employerInvoiceLines.orderId))
    .where(eq(employerInvoiceLines.invoiceId, invoiceId));
  return groupLines(
    rows.map((row) => ({ ...row, product: 'tests' })),
    productLabels,
  );
}
