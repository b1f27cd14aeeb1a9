import { and, eq, inArray } from 'drizzle-orm';
import { employerInvoices } from '@shop/db';
import { recordAudit } from '../audit/log.ts';
import { onEvent } from '../events/bus.ts';

/**
 * An employer's monthly invoice issued on Stripe Invoicing, paid or voided there: found by the
 * reference its issue kept, and moved once. Paid is final: a payment moves an open invoice (or
 * one an operator voided meanwhile: the money arrived all the same) to paid, and nothing moves a
 * paid one again. Void moves only an open invoice. So a replayed, late or out-of-order event
 * changes nothing twice, and never reopens an invoice. The operator's "mark paid" stays for the
 * invoices paid by transfer.
 */
export const settleEmployerInvoiceAtIssuer = onEvent({
  name: 'employers.settle-invoice-at-issuer',
  on: 'issued_invoice.settled',
  mode: 'in-transaction',
  async handle(tx, { payload }) {
    const at = new Date(payload.at);
    const paid = payload.outcome === 'paid';
    const [settled] = await tx
      .update(employerInvoices)
      .set(paid ? { status: 'paid', paidAt: at } : { status: 'void', voidedAt: at })
      .where(
        and(
          eq(employerInvoices.issuer, payload.issuer),
          eq(employerInvoices.reference, payload.reference),
          inArray(employerInvoices.status, paid ? ['open', 'void'] : ['open']),
        ),
      )
      .returning();
    if (!settled) return;
    await recordAudit(tx, {
      actor: { id: null, role: 'payment-provider' },
      action: paid ? 'employer_invoice.paid_at_issuer' : 'employer_invoice.voided_at_issuer',
      subjectType: 'employer_invoice',
      subjectId: settled.id,
      detail: {
        groupId: settled.groupId,
        number: settled.number,
        period: settled.period,
        issuer: payload.issuer,
        reference: payload.reference,
      },
    });
  },
});
