import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq } from 'drizzle-orm';
import { employerBillingMessages } from '@shop/core';
import { employerGroups, employerInvoices, type Database } from '@shop/db';
import { recordAudit } from '../audit/log.ts';
import type { InvoicingPort } from '../billing/invoicing.ts';
import { AppError, conflict, notFound } from '../errors.ts';
import type { EventRecorder } from '../events/bus.ts';
import type { PayingAdmin } from './employer-payments.ts';
import { invoiceOfGroup } from './invoice-views.ts';
import { issueInvoice } from './invoices.ts';

const month = (date: Date) => date.toISOString().slice(0, 7);
const TWIN_ISSUE_WAIT_MS = 5_000;
const TWIN_ISSUE_POLL_MS = 100;

/**
 * A prepaid group's admin asks for an invoice of an amount to add to the testing bank (decision
 * 0088): recorded `draft` under the group's lock, once per `requestKey` (the form's own key, the
 * same for a double submit; the unique (group, request key) is the backstop), then issued through
 * the invoicing port as the monthly invoices are (the embedded PDF, or Stripe Invoicing), which
 * records `employer_invoice.issued` and so e-mails the group's admins. Nothing is credited now:
 * `recordInvoicePaid` credits the bank when it is paid, by card, at the issuer or by a transfer an
 * operator marks. A twin request answers the same invoice (and issues it, if the first request's
 * issue did not finish, or waits for it while it is under way); another amount under the same key is refused.
 */
export async function requestTopUpInvoice(
  deps: { db: Database; events: EventRecorder },
  port: InvoicingPort,
  admin: PayingAdmin,
  input: { amountCents: number; requestKey: string },
  now = new Date(),
) {
  const invoiceId = await deps.db.transaction(async (tx) => {
    const [group] = await tx.select().from(employerGroups).where(eq(employerGroups.id, admin.groupId)).for('update');
    if (!group) throw notFound('EMPLOYER_GROUP_NOT_FOUND', 'There is no such employer group.');
    const [twin] = await tx
      .select()
      .from(employerInvoices)
      .where(and(eq(employerInvoices.groupId, group.id), eq(employerInvoices.requestKey, input.requestKey)));
    if (twin) {
      if (twin.totalCents !== input.amountCents) throw conflict('TOP_UP_KEY_REUSED', 'This top-up was sent already with another amount.');
      return twin.id;
    }
    if (group.billingMode !== 'prepaid') throw conflict('BANK_NOT_PREPAID', employerBillingMessages.notPrepaid);
    const [draft] = await tx
      .insert(employerInvoices)
      .values({
        groupId: group.id,
        kind: 'bank_top_up',
        period: month(now),
        status: 'draft',
        totalCents: input.amountCents,
        requestKey: input.requestKey,
      })
      .returning({ id: employerInvoices.id, number: employerInvoices.number });
    await recordAudit(tx, {
      actor: { id: admin.user.id, role: 'employer_admin' },
      action: 'employer_group.top_up_invoice_requested',
      subjectType: 'employer_group',
      subjectId: group.id,
      detail: { invoiceId: draft!.id, number: draft!.number, amountCents: input.amountCents },
      ...(admin.ip ? { ip: admin.ip } : {}),
    });
    return draft!.id;
  });
  try {
    await issueInvoice(deps, port, invoiceId, now);
  } catch {
    // the draft stays, its claim let go: the same form sent again issues it, as does the invoice job's next run
    await deps.db
      .update(employerInvoices)
      .set({ issuingSince: null })
      .where(and(eq(employerInvoices.id, invoiceId), eq(employerInvoices.status, 'draft')));
    throw new AppError(502, 'INVOICE_NOT_ISSUED', employerBillingMessages.topUpInvoiceFailed);
  }
  // a twin request (a double submit) may be issuing it right now: its answer waits for that issue,
  // a few seconds at most, so both answer the issued invoice; past that, the draft as it stands
  let invoice = await invoiceOfGroup(deps.db, admin.groupId, invoiceId, { drafts: true });
  for (let waited = 0; invoice.status === 'draft' && waited < TWIN_ISSUE_WAIT_MS; waited += TWIN_ISSUE_POLL_MS) {
    await sleep(TWIN_ISSUE_POLL_MS);
    invoice = await invoiceOfGroup(deps.db, admin.groupId, invoiceId, { drafts: true });
  }
  return invoice;
}
