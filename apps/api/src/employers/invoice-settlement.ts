import { and, eq, inArray } from 'drizzle-orm';
import { employerInvoices, type Executor } from '@shop/db';
import { recordAudit } from '../audit/log.ts';
import { AppError } from '../errors.ts';
import { isUuid } from '../orders/lifecycle.ts';
import { onEvent } from '../events/bus.ts';

/**
 * An employer's monthly invoice issued on Stripe Invoicing, paid or voided there: found by the
 * reference its issue kept, and moved once. Paid is final: a payment moves an open invoice (or
 * one an operator voided meanwhile: the money arrived all the same) to paid, and nothing moves a
 * paid one again. Void moves only an open invoice. So a replayed, late or out-of-order event
 * changes nothing twice, and never reopens an invoice. The operator's "mark paid" stays for the
 * invoices paid by transfer.
 *
 * An event can arrive while the invoice's issue is still writing down Stripe's answer (the
 * reference): the invoice, found by the id the issue gave Stripe, is still a draft. The delivery
 * is then refused as a whole (nothing of it is recorded) and Stripe delivers it again later, when
 * the reference is there.
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
    if (!settled) {
      if (payload.issuedFor && (await issueUnfinished(tx, payload.issuedFor))) {
        throw new AppError(503, 'INVOICE_ISSUE_UNFINISHED', 'This invoice is still being issued. Deliver the event again later.');
      }
      return;
    }
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

/** Whether the invoice of this id is still a draft: its issue has not recorded the issuer's answer. */
async function issueUnfinished(tx: Executor, invoiceId: string): Promise<boolean> {
  if (!isUuid(invoiceId)) return false;
  const [invoice] = await tx.select({ status: employerInvoices.status }).from(employerInvoices).where(eq(employerInvoices.id, invoiceId));
  return invoice?.status === 'draft';
}
