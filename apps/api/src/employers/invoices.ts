import { and, asc, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import { employerInvoiceKindLabels, MIN_GROUP, paidOrderStatuses } from '@shop/core';
import {
  employerCoveredOrders,
  employerGroups,
  employerInvoiceLines,
  employerInvoices,
  orders,
  type Database,
  type Executor,
} from '@shop/db';
import type { InvoicingPort } from '../billing/invoicing.ts';
import type { EventRecorder } from '../events/bus.ts';
import { invoiceItemsOf } from './invoice-items.ts';

/** How long an employer has to pay an invoice. */
export const INVOICE_DUE_DAYS = 30;
/** A run that claimed an invoice and has not recorded its issue after this long is taken to have stopped: the next run issues it. */
export const INVOICE_CLAIM_TIMEOUT_MS = 15 * 60 * 1000;

const endedStatuses = ['cancelled', 'refunded'];
const day = (date: Date) => date.toISOString().slice(0, 10);

/** The month a run bills, in arrears: the one before `now`'s (YYYY-MM), and the instant it ended. */
export function billedMonth(now: Date): { period: string; end: Date } {
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return { period: start.toISOString().slice(0, 7), end };
}

export interface InvoiceRun {
  period: string;
  issued: { groupId: string; invoiceId: string; totalCents: number }[];
}

/**
 * Invoices every group with something to bill for the month before `now`, once per group and
 * month, in three steps (as the affiliates' payouts are made):
 * 1. record: under the group's lock, the invoice is written `draft` with its lines (the unique
 *    (group, month) key and the lines' unique (order, kind) keep a second run to nothing);
 * 2. issue it through the invoicing port, outside any transaction, by the run that claimed it;
 * 3. record the answer: the invoice `open`, with the port's reference and PDF.
 * A draft left behind (the port failed, the process stopped) is issued by a later run. `only`
 * keeps a run to one group (the browser tests' clock).
 */
export async function runInvoices(
  deps: { db: Database; events: EventRecorder },
  port: InvoicingPort,
  now = new Date(),
  only: { groupId?: string } = {},
): Promise<InvoiceRun> {
  const { db } = deps;
  const { period, end } = billedMonth(now);
  const groups = await db
    .selectDistinct({ groupId: employerCoveredOrders.groupId })
    .from(employerCoveredOrders)
    .where(and(eq(employerCoveredOrders.prepaid, false), only.groupId ? eq(employerCoveredOrders.groupId, only.groupId) : undefined));
  for (const { groupId } of groups) await db.transaction((tx) => recordInvoice(tx, groupId, period, end));
  const run: InvoiceRun = { period, issued: [] };
  const drafts = await db
    .select({ id: employerInvoices.id })
    .from(employerInvoices)
    .where(and(eq(employerInvoices.status, 'draft'), only.groupId ? eq(employerInvoices.groupId, only.groupId) : undefined));
  for (const { id } of drafts) {
    const issued = await issueInvoice(deps, port, id, now);
    if (issued) run.issued.push(issued);
  }
  return run;
}

type InvoiceLine = Omit<typeof employerInvoiceLines.$inferInsert, 'invoiceId'>;

/** What the invoice lines of a group are drawn from: its covered orders, each with its order. */
const coveredOrdersOf = (tx: Executor, groupId: string) =>
  tx
    .select({
      orderId: employerCoveredOrders.orderId,
      enrollmentId: employerCoveredOrders.enrollmentId,
      coveredCents: employerCoveredOrders.coveredCents,
      coveredAt: employerCoveredOrders.createdAt,
      guaranteeCents: employerCoveredOrders.guaranteeCents,
      number: orders.number,
      status: orders.status,
    })
    .from(employerCoveredOrders)
    .innerJoin(orders, eq(orders.id, employerCoveredOrders.orderId))
    // a prepaid order was paid from the group's testing bank when it was made: never invoiced
    .where(and(eq(employerCoveredOrders.groupId, groupId), eq(employerCoveredOrders.prepaid, false)))
    .orderBy(asc(orders.number));

/**
 * Step 1 for one group: its covered orders of the month or before that are paid and not charged
 * yet, the charged ones refunded or cancelled since and not credited yet (a negative line of what
 * was charged, less a guarantee's credit), and the employer's part of an Improvement Program
 * guarantee applied since (a negative line, once). An order refunded before it was ever invoiced is simply left out. Nothing to
 * bill, no invoice; and no invoice either while fewer than five people are behind what is due: it
 * is carried, unbilled, until a month has five (decision 0057).
 */
async function recordInvoice(tx: Executor, groupId: string, period: string, end: Date): Promise<void> {
  await tx.select({ id: employerGroups.id }).from(employerGroups).where(eq(employerGroups.id, groupId)).for('update');
  const [existing] = await tx
    .select({ id: employerInvoices.id })
    .from(employerInvoices)
    // the month's own invoice: a bank top-up's invoice of the same month is not it (decision 0088)
    .where(and(eq(employerInvoices.groupId, groupId), eq(employerInvoices.period, period), eq(employerInvoices.kind, 'covered_orders')));
  if (existing) return;
  const covered = await coveredOrdersOf(tx, groupId);
  if (covered.length === 0) return;
  const billed = await tx
    .select({ orderId: employerInvoiceLines.orderId, kind: employerInvoiceLines.kind, amountCents: employerInvoiceLines.amountCents })
    .from(employerInvoiceLines)
    .where(
      inArray(
        employerInvoiceLines.orderId,
        covered.map((order) => order.orderId),
      ),
    );
  const charged = new Map(billed.filter((line) => line.kind === 'charge').map((line) => [line.orderId, line.amountCents]));
  const credited = new Set(billed.filter((line) => line.kind === 'credit').map((line) => line.orderId));
  const guaranteed = new Map(billed.filter((line) => line.kind === 'guarantee').map((line) => [line.orderId, -line.amountCents]));
  const lines = covered.flatMap((order): InvoiceLine[] => {
    const orderDate = day(order.coveredAt);
    const line = (kind: InvoiceLine['kind'], amountCents: number): InvoiceLine => ({
      orderId: order.orderId,
      kind,
      orderNumber: order.number,
      orderDate,
      amountCents,
    });
    const charge = charged.get(order.orderId);
    if (charge === undefined && order.coveredAt < end && (paidOrderStatuses as readonly string[]).includes(order.status)) {
      // charged now, and an Improvement Program guarantee's part credited with it (it can only follow a paid order)
      const guarantee = order.guaranteeCents ?? 0;
      return guarantee > 0 ? [line('charge', order.coveredCents), line('guarantee', -guarantee)] : [line('charge', order.coveredCents)];
    }
    if (charge === undefined) return [];
    // a charged order ended: what was charged is credited, less what a guarantee credited already
    if (endedStatuses.includes(order.status) && !credited.has(order.orderId)) {
      const rest = charge - (guaranteed.get(order.orderId) ?? 0);
      return rest > 0 ? [line('credit', -rest)] : [];
    }
    // the employer's part of an Improvement Program guarantee, once (decision 0052)
    if ((order.guaranteeCents ?? 0) > 0 && !guaranteed.has(order.orderId)) return [line('guarantee', -order.guaranteeCents!)];
    return [];
  });
  if (lines.length === 0) return;
  // fewer than five people behind what is due: nothing is billed, it all waits for a later month (decision 0057)
  const people = new Set(lines.map((line) => covered.find((order) => order.orderId === line.orderId)?.enrollmentId));
  if (people.size < MIN_GROUP) return;
  const totalCents = lines.reduce((total, line) => total + line.amountCents, 0);
  const [invoice] = await tx
    .insert(employerInvoices)
    .values({ groupId, period, status: 'draft', totalCents })
    .onConflictDoNothing()
    .returning({ id: employerInvoices.id });
  if (!invoice) return;
  await tx.insert(employerInvoiceLines).values(lines.map((line) => ({ ...line, invoiceId: invoice.id })));
}

/**
 * Steps 2 and 3 for one invoice (a month's, or a bank top-up's): claimed by one run, issued through
 * the port outside a transaction, its answer recorded. Null when another run has it or it was issued.
 */
export async function issueInvoice(deps: { db: Database; events: EventRecorder }, port: InvoicingPort, invoiceId: string, now: Date) {
  const { db } = deps;
  const staleBefore = new Date(now.getTime() - INVOICE_CLAIM_TIMEOUT_MS);
  const [claimed] = await db
    .update(employerInvoices)
    .set({ issuingSince: now })
    .where(
      and(
        eq(employerInvoices.id, invoiceId),
        eq(employerInvoices.status, 'draft'),
        or(isNull(employerInvoices.issuingSince), lt(employerInvoices.issuingSince, staleBefore)),
      ),
    )
    .returning();
  if (!claimed) return null;
  const [group] = await db
    .select({
      name: employerGroups.name,
      invoicingCustomerId: employerGroups.invoicingCustomerId,
      address: employerGroups.billingAddress,
      email: employerGroups.billingEmail,
      poNumber: employerGroups.poNumber,
    })
    .from(employerGroups)
    .where(eq(employerGroups.id, claimed.groupId));
  // the buyer as this invoice prints it, kept with it: a later change of the group's details leaves it as issued
  const billedTo = {
    name: group?.name ?? '',
    address: group?.address ?? null,
    email: group?.email ?? null,
    poNumber: group?.poNumber ?? null,
  };
  const issuedOn = day(now);
  const lines =
    claimed.kind === 'bank_top_up'
      ? [{ description: employerInvoiceKindLabels.bank_top_up, date: issuedOn, amountCents: claimed.totalCents }]
      : (await invoiceItemsOf(db, claimed.id)).map((item) => ({
          description: `${item.label}: ${item.people} people`,
          date: claimed.period,
          amountCents: item.amountCents,
        }));
  const issued = await port.issue({
    kind: claimed.kind,
    invoiceId: claimed.id,
    number: claimed.number,
    customer: {
      id: claimed.groupId,
      name: billedTo.name,
      issuerCustomerId: group?.invoicingCustomerId ?? null,
      billing: { address: billedTo.address, email: billedTo.email, poNumber: billedTo.poNumber },
    },
    period: claimed.period,
    issuedOn,
    dueOn: day(new Date(now.getTime() + INVOICE_DUE_DAYS * 86_400_000)),
    lines,
    totalCents: claimed.totalCents,
    idempotencyKey: `employer-invoice:${claimed.id}`,
  });
  return db.transaction(async (tx) => {
    const [open] = await tx
      .update(employerInvoices)
      .set({
        status: 'open',
        issuer: port.name,
        reference: issued.reference,
        pdf: issued.pdf,
        hostedUrl: issued.hostedUrl,
        billedTo,
        issuedAt: now,
      })
      .where(and(eq(employerInvoices.id, claimed.id), eq(employerInvoices.status, 'draft')))
      .returning({ id: employerInvoices.id, groupId: employerInvoices.groupId, totalCents: employerInvoices.totalCents });
    if (!open) return null;
    // the port's customer is kept for the group's next invoices (kept only when the port has one)
    if (issued.issuerCustomerId && issued.issuerCustomerId !== group?.invoicingCustomerId) {
      await tx.update(employerGroups).set({ invoicingCustomerId: issued.issuerCustomerId }).where(eq(employerGroups.id, open.groupId));
    }
    await deps.events.record(tx, 'employer_invoice.issued', {
      invoiceId: open.id,
      groupId: open.groupId,
      number: claimed.number,
      period: claimed.period,
      totalCents: open.totalCents,
      kind: claimed.kind,
    });
    return { groupId: open.groupId, invoiceId: open.id, totalCents: open.totalCents };
  });
}
