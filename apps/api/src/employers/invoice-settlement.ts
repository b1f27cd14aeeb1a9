import { and, eq, inArray } from 'drizzle-orm';
import type { InvoicePaidVia } from '@shop/core';
import { employerBankEntries, employerGroups, employerInvoices, type Executor } from '@shop/db';
import { recordAudit } from '../audit/log.ts';
import { moveBalance } from '../employer-cover/bank.ts';
import { AppError } from '../errors.ts';
import { isUuid } from '../orders/lifecycle.ts';
import { onEvent, type EventRecorder } from '../events/bus.ts';

type InvoiceRow = typeof employerInvoices.$inferSelect;

/** The audit action of each way an invoice is paid. */
const paidActions: Record<InvoicePaidVia, string> = {
  transfer: 'employer_invoice.mark_paid',
  card: 'employer_invoice.paid_by_card',
  issuer: 'employer_invoice.paid_at_issuer',
};

/**
 * The one way an invoice becomes paid, whoever says so: an operator marking a transfer arrived,
 * a card payment in the portal (its request or the gateway's webhook), or the invoicing port's
 * hosted page. Moves the invoice from one of `from` (open; the issuer's payment also moves a voided
 * one) to paid in one statement, recording how and under which reference, audited, and records
 * `employer_invoice.paid` (the admins' receipt). Answers null when the invoice was not in `from`
 * any more: it was paid already, and nothing is written twice.
 */
export async function recordInvoicePaid(
  tx: Executor,
  events: EventRecorder,
  invoiceId: string,
  paid: {
    via: InvoicePaidVia;
    /** the gateway's payment id (card), the issuer's reference (issuer), or null (transfer) */
    reference: string | null;
    /** how, as the receipt says it: "card (Visa ending 4242)", "bank transfer" */
    how: string;
    at: Date;
    actor: { id: string | null; role: string };
    ip?: string;
    from?: InvoiceRow['status'][];
    detail?: Record<string, unknown>;
  },
): Promise<InvoiceRow | null> {
  const [settled] = await tx
    .update(employerInvoices)
    .set({ status: 'paid', paidAt: paid.at, paidVia: paid.via, paymentReference: paid.reference })
    .where(and(eq(employerInvoices.id, invoiceId), inArray(employerInvoices.status, paid.from ?? ['open'])))
    .returning();
  if (!settled) return null;
  // a bank top-up's invoice credits the testing bank in this same transaction: paid once, credited once
  if (settled.kind === 'bank_top_up') await creditTopUpInvoice(tx, settled, paid.actor);
  await recordAudit(tx, {
    actor: paid.actor,
    action: paidActions[paid.via],
    subjectType: 'employer_invoice',
    subjectId: settled.id,
    detail: {
      groupId: settled.groupId,
      number: settled.number,
      period: settled.period,
      totalCents: settled.totalCents,
      via: paid.via,
      reference: paid.reference,
      ...paid.detail,
    },
    ...(paid.ip ? { ip: paid.ip } : {}),
  });
  await events.record(tx, 'employer_invoice.paid', {
    invoiceId: settled.id,
    groupId: settled.groupId,
    number: settled.number,
    period: settled.period,
    totalCents: settled.totalCents,
    via: paid.via,
    how: paid.how,
    paidAt: paid.at.toISOString(),
    kind: settled.kind,
  });
  return settled;
}

/** The ledger's reference of a top-up paid through an invoice: the number its payer quoted. */
export const topUpInvoiceReference = (number: number) => `INV-${number}`;

/**
 * A paid bank top-up invoice's credit (decision 0088): a `top_up` of its total whose reference is
 * the invoice's number, under the group's lock. Only `recordInvoicePaid` calls it, once it has moved
 * the invoice to paid, so the invoice's own status is what keeps it to once; the ledger's unique
 * (group, reference) of top-ups is the backstop (an operator who recorded the same transfer by hand
 * under the invoice's number is not credited twice).
 */
async function creditTopUpInvoice(tx: Executor, invoice: InvoiceRow, actor: { id: string | null; role: string }) {
  await tx.select({ id: employerGroups.id }).from(employerGroups).where(eq(employerGroups.id, invoice.groupId)).for('update');
  const reference = topUpInvoiceReference(invoice.number);
  const [entry] = await tx
    .insert(employerBankEntries)
    .values({ groupId: invoice.groupId, kind: 'top_up', amountCents: invoice.totalCents, reference, actorId: actor.id })
    .onConflictDoNothing()
    .returning({ id: employerBankEntries.id });
  const [moved] = entry ? await moveBalance(tx, invoice.groupId, invoice.totalCents) : [];
  await recordAudit(tx, {
    actor,
    action: entry ? 'employer_group.bank_top_up_by_invoice' : 'employer_group.bank_top_up_by_invoice_recorded_already',
    subjectType: 'employer_group',
    subjectId: invoice.groupId,
    detail: { amountCents: invoice.totalCents, reference, invoiceId: invoice.id, balanceCents: moved?.balanceCents ?? null },
  });
}

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
  async handle(tx, { payload }, events) {
    const at = new Date(payload.at);
    const paid = payload.outcome === 'paid';
    const [found] = await tx
      .select({ id: employerInvoices.id })
      .from(employerInvoices)
      .where(
        and(
          eq(employerInvoices.issuer, payload.issuer),
          eq(employerInvoices.reference, payload.reference),
          inArray(employerInvoices.status, paid ? ['open', 'void'] : ['open']),
        ),
      )
      .for('update');
    if (found && paid) {
      // the same settlement as the operator's "mark paid" and a card payment's, recorded as paid at the issuer
      await recordInvoicePaid(tx, events, found.id, {
        via: 'issuer',
        reference: payload.reference,
        how: 'the online invoice page',
        at,
        actor: { id: null, role: 'payment-provider' },
        from: ['open', 'void'],
        detail: { issuer: payload.issuer },
      });
      return;
    }
    const [settled] = found
      ? await tx
          .update(employerInvoices)
          .set({ status: 'void', voidedAt: at })
          .where(and(eq(employerInvoices.id, found.id), eq(employerInvoices.status, 'open')))
          .returning()
      : [];
    if (!settled) {
      if (payload.issuedFor && (await issueUnfinished(tx, payload.issuedFor))) {
        throw new AppError(503, 'INVOICE_ISSUE_UNFINISHED', 'This invoice is still being issued. Deliver the event again later.');
      }
      return;
    }
    await recordAudit(tx, {
      actor: { id: null, role: 'payment-provider' },
      action: 'employer_invoice.voided_at_issuer',
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
