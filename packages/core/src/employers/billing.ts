import { z } from 'zod';
import { emailField } from '../checkout/schemas.ts';
import { usStates } from '../eligibility/us-states.ts';
import { stateOfZip } from '../eligibility/zip-states.ts';
import { formatMoney } from '../money/money.ts';

/** The least and the most an employer admin may add to the testing bank by card at once. */
export const MIN_CARD_TOP_UP_CENTS = 100_00;
export const MAX_CARD_TOP_UP_CENTS = 25_000_00;

export const employerBillingMessages = {
  line1: 'Please enter the street address',
  line2: 'Please keep the second address line under 100 characters',
  city: 'Please enter the city',
  state: 'Please choose the state',
  zip: 'Please enter a 5-digit ZIP code (or ZIP+4)',
  zipState: (state: string) => `This ZIP code is not in ${state}. Please check the state and the ZIP code.`,
  poNumber: 'Please keep the PO number to 40 letters, digits, spaces, dashes, dots or slashes',
  saved: 'Billing details saved. They are printed on the invoices issued from now on; invoices already issued keep what they printed.',
  topUpAmount: `Please enter an amount from ${formatMoney(MIN_CARD_TOP_UP_CENTS)} to ${formatMoney(MAX_CARD_TOP_UP_CENTS)}`,
  declined: 'Your card was declined. Nothing was charged and the invoice is still open. Please try another card.',
  topUpDeclined: 'Your card was declined. Nothing was charged and nothing was added. Please try another card.',
  notOpen: 'This invoice is not open any more: there is nothing to pay.',
  hostedElsewhere: 'This invoice is paid on its own payment page. Please use the link in the invoice list.',
  notPrepaid: 'Your group is billed by monthly invoice: there is no testing bank to add funds to.',
  awaitingBank: 'Your bank is still checking this payment. Please finish its check, or try again.',
  topUpInvoiceIssued: (number: string, amount: string) =>
    `Invoice ${number} of ${amount} is issued and e-mailed to your group's admins. Pay it by card below or by bank transfer: your testing bank is credited once it is paid.`,
  topUpInvoiceFailed: 'Your top-up invoice could not be issued. Please try again.',
} as const;

/** The buyer's billing details an employer admin keeps in the portal: a US postal address, the accounts-payable e-mail, a PO. */
export const employerBillingDetailsSchema = z
  .strictObject({
    line1: z.string({ error: employerBillingMessages.line1 }).trim().min(1, { error: employerBillingMessages.line1 }).max(100, {
      error: employerBillingMessages.line1,
    }),
    line2: z
      .string()
      .trim()
      .max(100, { error: employerBillingMessages.line2 })
      .transform((value) => value || null)
      .nullable()
      .default(null),
    city: z.string({ error: employerBillingMessages.city }).trim().min(1, { error: employerBillingMessages.city }).max(60, {
      error: employerBillingMessages.city,
    }),
    state: z.enum(usStates, { error: employerBillingMessages.state }),
    zip: z
      .string({ error: employerBillingMessages.zip })
      .trim()
      .regex(/^\d{5}(-\d{4})?$/, { error: employerBillingMessages.zip }),
    email: emailField,
    poNumber: z
      .string()
      .trim()
      .max(40, { error: employerBillingMessages.poNumber })
      .regex(/^[A-Za-z0-9 ./-]*$/, { error: employerBillingMessages.poNumber })
      .transform((value) => value || null)
      .nullable()
      .default(null),
  })
  .superRefine((details, ctx) => {
    const state = stateOfZip(details.zip);
    if (state && state !== details.state)
      ctx.addIssue({ code: 'custom', path: ['zip'], message: employerBillingMessages.zipState(details.state) });
  });
export type EmployerBillingDetails = z.infer<typeof employerBillingDetailsSchema>;

/** An amount added to the testing bank by card, in cents. */
export const employerCardTopUpSchema = z.strictObject({
  amountCents: z
    .int({ error: employerBillingMessages.topUpAmount })
    .min(MIN_CARD_TOP_UP_CENTS, { error: employerBillingMessages.topUpAmount })
    .max(MAX_CARD_TOP_UP_CENTS, { error: employerBillingMessages.topUpAmount }),
});

/** An amount added to the testing bank by invoice, in cents (the same bounds as by card), once per request key. */
export const employerTopUpInvoiceSchema = employerCardTopUpSchema.extend({
  requestKey: z.uuid({ error: 'Please reload the page and try again' }),
});

/** What an employer invoice bills (docs/decisions/0088-bank-top-up-by-invoice.md), as the portal and the console name it. */
export const employerInvoiceKindLabels = {
  covered_orders: 'Covered tests',
  bank_top_up: 'Bank top-up',
} as const;
export type EmployerInvoiceKind = keyof typeof employerInvoiceKindLabels;
export const employerInvoiceKinds = ['covered_orders', 'bank_top_up'] as const satisfies readonly EmployerInvoiceKind[];

/** How an invoice was paid, as the portal and the console say it. */
export const invoicePaidViaLabels = {
  transfer: 'bank transfer',
  card: 'card',
  issuer: 'the online invoice page',
} as const;
export type InvoicePaidVia = keyof typeof invoicePaidViaLabels;

/** Where an invoice stands for its employer: due, overdue (past its due day, still open), paid, or void. */
export type InvoiceStanding = 'draft' | 'due' | 'overdue' | 'paid' | 'void';

/**
 * An open invoice is overdue from the day after its due day (both YYYY-MM-DD, the shop's calendar in
 * UTC). A bank top-up's invoice never is: it bills nothing delivered (the bank is credited only once
 * it is paid), so leaving it unpaid owes nothing; it stays due until paid or voided.
 */
export function invoiceStanding(
  invoice: { status: 'draft' | 'open' | 'paid' | 'void'; dueOn: string | null; kind?: EmployerInvoiceKind },
  today: string,
): InvoiceStanding {
  if (invoice.status !== 'open') return invoice.status;
  if (invoice.kind === 'bank_top_up') return 'due';
  return invoice.dueOn !== null && today > invoice.dueOn ? 'overdue' : 'due';
}

/** A billing address as printed: its lines, the city line last. */
export function billingAddressLines(address: { line1: string; line2: string | null; city: string; state: string; zip: string }): string[] {
  return [address.line1, ...(address.line2 ? [address.line2] : []), `${address.city}, ${address.state} ${address.zip}`];
}
