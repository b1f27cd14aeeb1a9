import { z } from 'zod';
import { employerMessages } from './messages.ts';

/** How a group pays for its covered orders: monthly invoices in arrears, or a prepaid testing bank. */
export const billingModes = ['invoice', 'prepaid'] as const;
export type BillingMode = (typeof billingModes)[number];

export const billingModeLabels: Record<BillingMode, string> = {
  invoice: 'Monthly invoice',
  prepaid: 'Prepaid testing bank',
};

export const billingModeSchema = z.strictObject({ mode: z.enum(billingModes) });

/** An operator's record of money the employer paid into its bank: the console's form and the API's body. */
export const bankTopUpSchema = z.strictObject({
  // a top-up of a million dollars or more is a typo, not a payment
  amountCents: z.int({ error: employerMessages.topUpAmount }).min(100, { error: employerMessages.topUpAmount }).max(100_000_000),
  reference: z.string().trim().min(1, { error: employerMessages.topUpReference }).max(120),
});
export type BankTopUp = z.infer<typeof bankTopUpSchema>;

/**
 * An operator's correction of a bank: money taken off (a top-up recorded twice or wrong, money paid
 * back to the employer), with why and the reference it is filed under. Never more than the balance.
 */
export const bankCorrectionSchema = z.strictObject({
  amountCents: z
    .int({ error: employerMessages.correctionAmount })
    .min(1, { error: employerMessages.correctionAmount })
    .max(100_000_000, { error: employerMessages.correctionAmount }),
  reference: z.string().trim().min(1, { error: employerMessages.correctionReference }).max(120),
  reason: z.string().trim().min(1, { error: employerMessages.correctionReason }).max(500),
});
export type BankCorrection = z.infer<typeof bankCorrectionSchema>;
