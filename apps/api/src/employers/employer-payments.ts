import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { employerBillingMessages, formatMoney } from '@shop/core';
import { employerBankEntries, employerGroups, employerInvoices, employerPayments, users, type Database, type Executor } from '@shop/db';
import { recordAudit } from '../audit/log.ts';
import { moveBalance } from '../employer-cover/bank.ts';
import { AppError, conflict, notFound } from '../errors.ts';
import { onEvent, type EventRecorder } from '../events/bus.ts';
import { askGateway } from '../payments/ask.ts';
import type { EmployerPaymentPurpose, PaymentGateway, PaymentOutcome } from '../payments/port.ts';
import { recordInvoicePaid } from './invoice-settlement.ts';

export type EmployerPaymentRow = typeof employerPayments.$inferSelect;

export interface EmployerPaymentDeps {
  db: Database;
  gateway: PaymentGateway;
  events: EventRecorder;
}

/** The employer admin paying, as the session found them, with their group. */
export interface PayingAdmin {
  user: { id: string; email: string };
  groupId: string;
  ip?: string;
}

/** What the portal is told: paid (or added), the bank's check to finish, or still on its way at the gateway. */
export type EmployerPaymentAnswer =
  | { status: 'succeeded'; paymentId: string; amountCents: number; card: string | null }
  | { status: 'requires_action'; paymentId: string; clientSecret: string }
  | { status: 'processing'; paymentId: string };

/** An attempt that may still end in money taken: a second request joins it instead of starting another. */
const liveStatuses = ['started', 'processing', 'requires_action', 'succeeded'] as const;

const gatewayPurpose: Record<EmployerPaymentRow['purpose'], EmployerPaymentPurpose> = {
  invoice: 'employer_invoice',
  top_up: 'employer_top_up',
};

const invoiceMissing = () => notFound('INVOICE_NOT_FOUND', 'There is no such invoice.');

/** "Visa ending 4242", as the receipt and the portal name a card. */
export const cardLabel = (brand: string | null, last4: string | null) =>
  last4 ? `${brand ? brand.charAt(0).toUpperCase() + brand.slice(1) : 'Card'} ending ${last4}` : null;

/**
 * Pays an open invoice of the admin's group by card, exactly once. Under the invoice's row lock, a
 * request joins the invoice's live attempt (a double submit, a second tab) or starts the next one,
 * whose key (`employer-invoice:{invoice}:{n}`) is the gateway's idempotency key: the gateway
 * charges a key once, and the invoice is settled once, by whichever of this request and the
 * gateway's webhook comes first (`settleEmployerPayment`). A decline leaves the invoice open.
 */
export async function payInvoiceByCard(
  deps: EmployerPaymentDeps,
  admin: PayingAdmin,
  invoiceId: string,
  paymentMethod: string,
): Promise<EmployerPaymentAnswer> {
  const attempt = await deps.db.transaction(async (tx) => {
    const [invoice] = await tx
      .select()
      .from(employerInvoices)
      .where(and(eq(employerInvoices.id, invoiceId), eq(employerInvoices.groupId, admin.groupId)))
      .for('update');
    if (!invoice || invoice.status === 'draft') throw invoiceMissing();
    if (invoice.status !== 'open') throw conflict('INVOICE_NOT_OPEN', employerBillingMessages.notOpen);
    // an invoice on the issuer's hosted page is paid there, never twice over two roads
    if (invoice.hostedUrl) throw conflict('INVOICE_PAID_AT_ISSUER', employerBillingMessages.hostedElsewhere);
    return joinOrStart(tx, deps.gateway.name, admin, {
      purpose: 'invoice',
      invoiceId: invoice.id,
      amountCents: invoice.totalCents,
      keyPrefix: `employer-invoice:${invoice.id}`,
      paymentMethod,
    });
  });
  return payAttempt(deps, admin, attempt, `Invoice INV-${await invoiceNumber(deps.db, invoiceId)}`);
}

/**
 * Adds money to the group's prepaid testing bank by card, exactly once per `requestKey` (the
 * form's own key, the same for a double submit): the ledger's top-up carries the gateway's payment
 * id as its reference, whose unique index is the backstop.
 */
export async function topUpBankByCard(
  deps: EmployerPaymentDeps,
  admin: PayingAdmin,
  input: { amountCents: number; paymentMethod: string; requestKey: string },
): Promise<EmployerPaymentAnswer> {
  const attempt = await deps.db.transaction(async (tx) => {
    const [group] = await tx.select().from(employerGroups).where(eq(employerGroups.id, admin.groupId)).for('update');
    if (!group) throw notFound('EMPLOYER_GROUP_NOT_FOUND', 'There is no such employer group.');
    if (group.billingMode !== 'prepaid') throw conflict('BANK_NOT_PREPAID', employerBillingMessages.notPrepaid);
    const key = `employer-top-up:${group.id}:${input.requestKey}`;
    const [twin] = await tx.select().from(employerPayments).where(eq(employerPayments.attemptKey, key));
    if (twin) {
      if (twin.amountCents !== input.amountCents) throw conflict('TOP_UP_KEY_REUSED', 'This top-up was sent already with another amount.');
      return twin;
    }
    const { amountCents, paymentMethod } = input;
    return startAttempt(tx, deps.gateway.name, admin, { purpose: 'top_up', attemptKey: key, amountCents, paymentMethod });
  });
  return payAttempt(deps, admin, attempt, `Testing bank top-up, ${formatMoney(input.amountCents)}`);
}

/**
 * After the bank's check (3-D Secure): the gateway is asked again about the group's payment and
 * its answer settled, as the first request's would have been.
 */
export async function confirmEmployerPayment(deps: EmployerPaymentDeps, admin: PayingAdmin, paymentId: string) {
  const [attempt] = await deps.db
    .select()
    .from(employerPayments)
    .where(and(eq(employerPayments.id, paymentId), eq(employerPayments.groupId, admin.groupId)));
  if (!attempt) throw notFound('PAYMENT_NOT_FOUND', 'There is no such payment.');
  if (!attempt.gatewayPaymentId) throw conflict('PAYMENT_NOT_STARTED', employerBillingMessages.awaitingBank);
  const gatewayPaymentId = attempt.gatewayPaymentId;
  const outcome = await askGateway(() => deps.gateway.retrieve(gatewayPaymentId));
  return answerOf(deps, attempt, outcome, 'employer-admin');
}

async function invoiceNumber(db: Executor, invoiceId: string) {
  const [row] = await db.select({ number: employerInvoices.number }).from(employerInvoices).where(eq(employerInvoices.id, invoiceId));
  return row?.number ?? '';
}

/** The invoice's live attempt, joined; or a new one (a declined card's retry, a card changed during the bank's check). */
async function joinOrStart(
  tx: Executor,
  gateway: PaymentGateway['name'],
  admin: PayingAdmin,
  input: { purpose: 'invoice'; invoiceId: string; amountCents: number; keyPrefix: string; paymentMethod: string },
): Promise<EmployerPaymentRow> {
  const [live] = await tx
    .select()
    .from(employerPayments)
    .where(and(eq(employerPayments.invoiceId, input.invoiceId), inArray(employerPayments.status, [...liveStatuses])))
    .orderBy(desc(employerPayments.createdAt))
    .limit(1);
  if (live && !(live.status === 'requires_action' && live.paymentMethod !== input.paymentMethod)) return live;
  if (live) {
    // the admin left the bank's check and chose another card: that attempt is given up
    await tx
      .update(employerPayments)
      .set({ status: 'failed', failureCode: 'abandoned', updatedAt: new Date() })
      .where(eq(employerPayments.id, live.id));
  }
  const [{ value: earlier } = { value: 0 }] = await tx
    .select({ value: count() })
    .from(employerPayments)
    .where(eq(employerPayments.invoiceId, input.invoiceId));
  return startAttempt(tx, gateway, admin, { ...input, attemptKey: `${input.keyPrefix}:${earlier + 1}` });
}

/** A new attempt of the admin's to pay, started: written down before the gateway is asked, under its own key. */
async function startAttempt(
  tx: Executor,
  gateway: PaymentGateway['name'],
  admin: PayingAdmin,
  input: { purpose: EmployerPaymentRow['purpose']; invoiceId?: string; attemptKey: string; paymentMethod: string; amountCents: number },
): Promise<EmployerPaymentRow> {
  const [started] = await tx
    .insert(employerPayments)
    .values({
      groupId: admin.groupId,
      purpose: input.purpose,
      invoiceId: input.invoiceId,
      gateway,
      attemptKey: input.attemptKey,
      paymentMethod: input.paymentMethod,
      amountCents: input.amountCents,
      status: 'started',
      actorId: admin.user.id,
    })
    .returning();
  return started!;
}

/** Asks the gateway (outside any transaction) with the attempt's own key and card, then settles its answer. */
async function payAttempt(deps: EmployerPaymentDeps, admin: PayingAdmin, attempt: EmployerPaymentRow, description: string) {
  // a co-admin joining another admin's attempt asks with what it was first asked with: that admin's e-mail
  const [starter] =
    attempt.actorId && attempt.actorId !== admin.user.id
      ? await deps.db.select({ email: users.email }).from(users).where(eq(users.id, attempt.actorId))
      : [];
  const customerEmail = starter?.email ?? admin.user.email;
  const outcome = await askGateway(() =>
    deps.gateway.pay({
      amountCents: attempt.amountCents,
      currency: 'usd',
      // the joined attempt's own card: the gateway's key is always asked with what it was first asked with
      paymentMethod: attempt.paymentMethod,
      customerId: null,
      customerEmail,
      saveForLater: false,
      idempotencyKey: attempt.attemptKey,
      description,
      metadata: { employerPaymentId: attempt.id, purpose: gatewayPurpose[attempt.purpose] },
    }),
  );
  return answerOf(deps, attempt, outcome, 'employer-admin');
}

async function answerOf(
  deps: EmployerPaymentDeps,
  attempt: EmployerPaymentRow,
  outcome: PaymentOutcome,
  actor: string,
): Promise<EmployerPaymentAnswer> {
  const settled = await deps.db.transaction((tx) => settleEmployerPayment(tx, deps.events, attempt.id, outcome, actor));
  if (settled.status === 'succeeded') {
    return {
      status: 'succeeded',
      paymentId: settled.id,
      amountCents: settled.amountCents,
      card: cardLabel(settled.cardBrand, settled.cardLast4),
    };
  }
  if (settled.status === 'failed') {
    throw new AppError(
      402,
      'CARD_DECLINED',
      settled.purpose === 'invoice' ? employerBillingMessages.declined : employerBillingMessages.topUpDeclined,
    );
  }
  if (outcome.status === 'requires_action' && outcome.clientSecret) {
    return { status: 'requires_action', paymentId: settled.id, clientSecret: outcome.clientSecret };
  }
  return { status: 'processing', paymentId: settled.id };
}

const statusOf = (outcome: PaymentOutcome): EmployerPaymentRow['status'] => (outcome.status === 'declined' ? 'failed' : outcome.status);

/**
 * Writes what the gateway said about an employer's payment and, when the money was taken, pays the
 * invoice (through `recordInvoicePaid`, as the operator's "mark paid" does, recorded as by card)
 * or credits the bank — once, whoever comes first: the admin's request, its return from the bank's
 * check, or the gateway's webhook. Under the attempt's row lock; a success is final (a late
 * failure report keeps it), and the invoice's and the ledger's own conditions hold the rest.
 */
export async function settleEmployerPayment(
  tx: Executor,
  events: EventRecorder,
  employerPaymentId: string,
  outcome: PaymentOutcome,
  actor: string,
): Promise<EmployerPaymentRow> {
  const [before] = await tx.select().from(employerPayments).where(eq(employerPayments.id, employerPaymentId)).for('update');
  if (!before) throw new Error(`no employer payment ${employerPaymentId}`);
  if (before.status === 'succeeded') return before;
  const reported = statusOf(outcome);
  const [attempt] = await tx
    .update(employerPayments)
    .set({
      status: reported,
      gatewayPaymentId: before.gatewayPaymentId ?? outcome.id,
      cardBrand: outcome.cardBrand ?? before.cardBrand,
      cardLast4: outcome.cardLast4 ?? before.cardLast4,
      failureCode: reported === 'failed' ? (outcome.declineCode ?? 'card_declined') : null,
      updatedAt: new Date(),
    })
    .where(eq(employerPayments.id, before.id))
    .returning();
  if (!attempt || attempt.status !== 'succeeded') return attempt!;
  const reference = attempt.gatewayPaymentId ?? outcome.id;
  const card = cardLabel(attempt.cardBrand, attempt.cardLast4);
  const who = { id: attempt.actorId, role: actor };
  if (attempt.purpose === 'invoice' && attempt.invoiceId) {
    const paid = await recordInvoicePaid(tx, events, attempt.invoiceId, {
      via: 'card',
      reference,
      how: card ? `card (${card})` : 'card',
      at: new Date(),
      actor: who,
      detail: { employerPaymentId: attempt.id },
    });
    // money taken for an invoice paid meanwhile another way (a transfer marked, a void): the operator is told in the audit
    if (!paid) {
      await recordAudit(tx, {
        actor: who,
        action: 'employer_invoice.card_payment_unapplied',
        subjectType: 'employer_invoice',
        subjectId: attempt.invoiceId,
        detail: { employerPaymentId: attempt.id, reference, amountCents: attempt.amountCents },
      });
    }
    return attempt;
  }
  await creditBank(tx, attempt, reference, who);
  return attempt;
}

/** The top-up's ledger line, once: under the group's lock, its reference (the gateway's payment id) unique per group. */
async function creditBank(tx: Executor, attempt: EmployerPaymentRow, reference: string, who: { id: string | null; role: string }) {
  await tx.select({ id: employerGroups.id }).from(employerGroups).where(eq(employerGroups.id, attempt.groupId)).for('update');
  const [entry] = await tx
    .insert(employerBankEntries)
    .values({ groupId: attempt.groupId, kind: 'top_up', amountCents: attempt.amountCents, reference, actorId: attempt.actorId })
    .onConflictDoNothing()
    .returning({ id: employerBankEntries.id });
  if (!entry) return;
  const [moved] = await moveBalance(tx, attempt.groupId, attempt.amountCents);
  await recordAudit(tx, {
    actor: who,
    action: 'employer_group.bank_top_up_by_card',
    subjectType: 'employer_group',
    subjectId: attempt.groupId,
    detail: {
      amountCents: attempt.amountCents,
      reference,
      employerPaymentId: attempt.id,
      card: cardLabel(attempt.cardBrand, attempt.cardLast4),
      balanceCents: moved?.balanceCents ?? null,
    },
  });
}

/**
 * The gateway's webhook about an employer's card payment, settled in the webhook's transaction by
 * the same code as the portal's request: a success pays the invoice or credits the bank once.
 */
export const settleReportedEmployerPayment = onEvent({
  name: 'employers.settle-reported-payment',
  on: 'employer_payment.reported',
  mode: 'in-transaction',
  async handle(tx, { payload }, events) {
    const [attempt] = await tx
      .select({ id: employerPayments.id })
      .from(employerPayments)
      .where(eq(employerPayments.id, payload.employerPaymentId));
    if (!attempt) return;
    const outcome: PaymentOutcome = {
      status: payload.outcome === 'succeeded' ? 'succeeded' : 'declined',
      id: payload.paymentId,
      amountCents: payload.amountCents,
      customerId: null,
      savedPaymentMethod: null,
      cardBrand: null,
      cardLast4: null,
      clientSecret: null,
      declineCode: payload.outcome === 'failed' ? 'card_declined' : null,
    };
    await settleEmployerPayment(tx, events, attempt.id, outcome, 'payment-provider');
  },
});

/** The group's card payments, newest first, as the portal lists them (its invoices' and its top-ups'). */
export async function paymentsOfGroup(db: Executor, groupId: string) {
  const rows = await db
    .select()
    .from(employerPayments)
    .where(eq(employerPayments.groupId, groupId))
    .orderBy(desc(employerPayments.createdAt))
    .limit(50);
  return rows.map((row) => ({
    id: row.id,
    purpose: row.purpose,
    invoiceId: row.invoiceId,
    amountCents: row.amountCents,
    status: row.status,
    card: cardLabel(row.cardBrand, row.cardLast4),
    at: row.createdAt.toISOString(),
  }));
}
