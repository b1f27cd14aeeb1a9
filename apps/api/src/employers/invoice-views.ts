import { and, asc, desc, eq, getTableColumns, ne, sql } from 'drizzle-orm';
import { employerInvoiceLines, employerInvoices, type Database, type Executor } from '@shop/db';
import { recordAudit } from '../audit/log.ts';
import { conflict, notFound } from '../errors.ts';
import type { EventRecorder } from '../events/bus.ts';
import type { StaffActor } from './console.ts';
import { recordInvoicePaid } from './invoice-settlement.ts';
import { invoiceItemsOf } from './invoice-items.ts';
import { INVOICE_DUE_DAYS } from './invoices.ts';

const invoiceMissing = () => notFound('INVOICE_NOT_FOUND', 'There is no such invoice.');

type InvoiceRow = typeof employerInvoices.$inferSelect;

/** An invoice as the portal and the console show it: its figures, never a person or a test. */
function invoiceSummary(invoice: Omit<InvoiceRow, 'pdf'> & { hasPdf: boolean }) {
  const due = invoice.issuedAt ? new Date(invoice.issuedAt.getTime() + INVOICE_DUE_DAYS * 86_400_000) : null;
  return {
    id: invoice.id,
    number: `INV-${invoice.number}`,
    kind: invoice.kind,
    period: invoice.period,
    status: invoice.status,
    totalCents: invoice.totalCents,
    issuedOn: invoice.issuedAt?.toISOString().slice(0, 10) ?? null,
    dueOn: due?.toISOString().slice(0, 10) ?? null,
    hostedUrl: invoice.hostedUrl,
    hasPdf: invoice.hasPdf,
    paidOn: invoice.paidAt?.toISOString().slice(0, 10) ?? null,
    paidVia: invoice.paidVia,
    billedTo: invoice.billedTo,
  };
}

/** Every column but the PDF's bytes, which a list has no use for: only whether there is one. */
const { pdf, ...listed } = getTableColumns(employerInvoices);
const listColumns = { ...listed, hasPdf: sql<boolean>`${pdf} is not null`.mapWith(Boolean) };

/** A group's invoices, newest month first (the newest number first within a month); a draft (being issued) is the console's alone. */
export async function invoicesOfGroup(db: Executor, groupId: string, options: { drafts: boolean }) {
  const rows = await db
    .select(listColumns)
    .from(employerInvoices)
    .where(and(eq(employerInvoices.groupId, groupId), options.drafts ? undefined : ne(employerInvoices.status, 'draft')))
    .orderBy(desc(employerInvoices.period), desc(employerInvoices.number));
  return rows.map(invoiceSummary);
}

/** One invoice of the group, found by both ids: another group's invoice is no invoice here (404). */
async function groupInvoice(db: Executor, groupId: string, invoiceId: string, options: { drafts: boolean }): Promise<InvoiceRow> {
  const [invoice] = await db
    .select()
    .from(employerInvoices)
    .where(and(eq(employerInvoices.id, invoiceId), eq(employerInvoices.groupId, groupId)));
  if (!invoice || (!options.drafts && invoice.status === 'draft')) throw invoiceMissing();
  return invoice;
}

/** One invoice of the group as its employer reads it: lines per product with the people behind each, never an order. */
export async function invoiceOfGroup(db: Executor, groupId: string, invoiceId: string, options: { drafts: boolean }) {
  const invoice = await groupInvoice(db, groupId, invoiceId, options);
  return { ...invoiceSummary({ ...invoice, hasPdf: invoice.pdf !== null }), items: await invoiceItemsOf(db, invoice.id) };
}

/** The console's reading of an invoice: the employer's lines, and the shop's own record of which order was billed on it. */
export async function invoiceWithOrdersOfGroup(db: Executor, groupId: string, invoiceId: string) {
  const invoice = await invoiceOfGroup(db, groupId, invoiceId, { drafts: true });
  const lines = await db
    .select({
      kind: employerInvoiceLines.kind,
      orderNumber: employerInvoiceLines.orderNumber,
      orderDate: employerInvoiceLines.orderDate,
      amountCents: employerInvoiceLines.amountCents,
    })
    .from(employerInvoiceLines)
    .where(eq(employerInvoiceLines.invoiceId, invoice.id))
    .orderBy(asc(employerInvoiceLines.orderNumber), asc(employerInvoiceLines.kind));
  return { ...invoice, lines };
}

/** The invoice's PDF as the embedded invoicing recorded it; none when another port (Stripe) holds it. */
export async function invoicePdfOfGroup(db: Executor, groupId: string, invoiceId: string, options: { drafts: boolean }) {
  const invoice = await groupInvoice(db, groupId, invoiceId, options);
  if (!invoice.pdf) throw notFound('INVOICE_PDF_NOT_FOUND', 'This invoice has no PDF here: open it where it was issued.');
  return { number: invoice.number, pdf: invoice.pdf };
}

/**
 * An operator marks an open invoice paid (the transfer arrived) or void (it is not owed), once and
 * audited. Paid goes through the same settlement as a card payment or the issuer's hosted page
 * (`recordInvoicePaid`), recorded as a transfer (a bank top-up's invoice then credits the bank, in
 * this transaction). A voided invoice's orders stay on it: they are not billed again; a voided
 * top-up's invoice credits nothing.
 */
export async function markInvoice(
  deps: { db: Database; events: EventRecorder },
  actor: StaffActor,
  groupId: string,
  invoiceId: string,
  status: 'paid' | 'void',
) {
  return deps.db.transaction(async (tx) => {
    const [invoice] = await tx
      .select()
      .from(employerInvoices)
      .where(and(eq(employerInvoices.id, invoiceId), eq(employerInvoices.groupId, groupId)))
      .for('update');
    if (!invoice) throw invoiceMissing();
    if (invoice.status !== 'open')
      throw conflict('INVOICE_NOT_OPEN', `This invoice is ${invoice.status}: only an open invoice can be marked paid or void.`);
    const now = new Date();
    const staff = { id: actor.user.id, role: actor.user.role ?? 'operator' };
    if (status === 'paid') {
      const paid = await recordInvoicePaid(tx, deps.events, invoice.id, {
        via: 'transfer',
        reference: null,
        how: 'bank transfer',
        at: now,
        actor: staff,
        ip: actor.ip,
      });
      return invoiceSummary({ ...paid!, hasPdf: paid!.pdf !== null });
    }
    const [marked] = await tx
      .update(employerInvoices)
      .set({ status, voidedAt: now })
      .where(eq(employerInvoices.id, invoice.id))
      .returning();
    await recordAudit(tx, {
      actor: staff,
      action: 'employer_invoice.void',
      subjectType: 'employer_invoice',
      subjectId: invoice.id,
      detail: { groupId, number: invoice.number, period: invoice.period, totalCents: invoice.totalCents },
      ip: actor.ip,
    });
    return invoiceSummary({ ...marked!, hasPdf: marked!.pdf !== null });
  });
}
