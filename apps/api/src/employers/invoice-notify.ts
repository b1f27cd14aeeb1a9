import { formatMoney, type EmployerInvoiceKind } from '@shop/core';
import { emailGroupAdmins } from '../employer-cover/group-admins.ts';
import { layout } from '../email/templates.ts';
import { onEvent } from '../events/bus.ts';
import { INVOICE_DUE_DAYS } from './invoices.ts';

/** What the issued e-mail says of the invoice: a month's covered tests, or a top-up of the testing bank asked for in the portal. */
function issuedWords(payload: { number: number; period: string; totalCents: number; kind?: EmployerInvoiceKind }, groupName: string) {
  const total = formatMoney(payload.totalCents);
  if (payload.kind === 'bank_top_up')
    return {
      subject: `Invoice INV-${payload.number} of ${groupName}: testing bank top-up`,
      lines: [
        `The invoice you asked for to add funds to ${groupName}'s testing bank is ready: INV-${payload.number}, ${total}.`,
        `Pay it by card in the employer portal, or by bank transfer quoting INV-${payload.number}. The testing bank is credited with ${total} once it is paid. It is due in ${INVOICE_DUE_DAYS} days.`,
      ],
    };
  return {
    subject: `Invoice INV-${payload.number} of ${groupName} for ${payload.period}`,
    lines: [
      `The invoice of ${groupName}'s covered tests, as of ${payload.period}, is ready: INV-${payload.number}, ${total}.`,
      `It bills covered tests and programs per product, each line for five people or more, never an order or a person. It is due in ${INVOICE_DUE_DAYS} days.`,
    ],
  };
}

/**
 * A group's employer admins hear that an invoice of theirs is ready in the portal (its month's, or a
 * bank top-up's), once each (the outbox's key holds against a replayed event). The e-mail names the
 * invoice, never an order.
 */
export const tellEmployerAdminsOfInvoice = (publicUrl: string) =>
  onEvent({
    name: 'employers.tell-admins-of-invoice',
    on: 'employer_invoice.issued',
    mode: 'queued',
    handle: (tx, { payload }) =>
      emailGroupAdmins(tx, payload.groupId, (groupName, email) => {
        const words = issuedWords(payload, groupName);
        return {
          message: layout('employer-invoice-issued', email, words.subject, words.lines, {
            label: 'See and pay the invoice',
            url: `${publicUrl}/business/portal/billing`,
          }),
          key: `employer-invoice:${payload.invoiceId}:${email}`,
        };
      }),
  });

/**
 * A group's employer admins get a receipt when one of its invoices is paid, however it was paid,
 * once each: the invoice, the amount, the day and how (never an order or a person).
 */
export const tellEmployerAdminsOfPayment = (publicUrl: string) =>
  onEvent({
    name: 'employers.tell-admins-of-invoice-payment',
    on: 'employer_invoice.paid',
    mode: 'queued',
    handle: (tx, { payload }) =>
      emailGroupAdmins(tx, payload.groupId, (groupName, email) => ({
        message: layout(
          'employer-invoice-paid',
          email,
          `Receipt: invoice INV-${payload.number} of ${groupName} is paid`,
          [
            `We received ${formatMoney(payload.totalCents)} for invoice INV-${payload.number} of ${groupName} (${payload.period}) on ${payload.paidAt.slice(0, 10)}, paid by ${payload.how}.`,
            ...(payload.kind === 'bank_top_up' ? [`${formatMoney(payload.totalCents)} is added to your testing bank.`] : []),
            'Thank you. The invoice shows as paid in your employer portal, where its PDF stays available.',
          ],
          { label: 'See your invoices', url: `${publicUrl}/business/portal/billing` },
        ),
        key: `employer-invoice-paid:${payload.invoiceId}:${email}`,
      })),
  });
