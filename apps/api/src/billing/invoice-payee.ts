import type { Env } from '../env.ts';

/** Where a transfer paying an invoice goes. */
export interface PayeeBankAccount {
  accountName: string;
  bankName: string;
  routingNumber: string;
  accountNumber: string;
}

/**
 * The seller an embedded invoice names and how it is paid: the shop's legal name and address, the
 * bank account a transfer goes to (or remittance instructions), and the portal where it is paid
 * online by card.
 */
export interface InvoicePayee {
  legalName: string;
  address: string;
  bank: PayeeBankAccount | null;
  remittance: string | null;
  /** the employer portal, where an admin pays the invoice by card */
  payOnlineUrl: string;
}

/**
 * The example seller outside production, when none is configured: obviously not a real account
 * (production refuses to start without the real one, see env-production.ts).
 */
export const exampleSeller = {
  legalName: 'Base Health Example, Inc. (example seller)',
  address: '100 Example Street, Suite 1, Springfield, IL 62701',
  bank: {
    accountName: 'Base Health Example, Inc.',
    bankName: 'Example Bank, N.A. (example only)',
    routingNumber: '110000000',
    accountNumber: '000123456789',
  },
} as const;

type PayeeVariables = Pick<
  Env,
  | 'PUBLIC_URL'
  | 'SELLER_LEGAL_NAME'
  | 'SELLER_ADDRESS'
  | 'INVOICE_BANK_ACCOUNT_NAME'
  | 'INVOICE_BANK_NAME'
  | 'INVOICE_BANK_ROUTING_NUMBER'
  | 'INVOICE_BANK_ACCOUNT_NUMBER'
  | 'INVOICE_REMITTANCE'
>;

/** The payee the environment names (SELLER_*, INVOICE_BANK_*, INVOICE_REMITTANCE), with the example's values for what it leaves out. */
export function invoicePayeeFrom(env: PayeeVariables): InvoicePayee {
  const configuredBank =
    env.INVOICE_BANK_ACCOUNT_NAME && env.INVOICE_BANK_NAME && env.INVOICE_BANK_ROUTING_NUMBER && env.INVOICE_BANK_ACCOUNT_NUMBER
      ? {
          accountName: env.INVOICE_BANK_ACCOUNT_NAME,
          bankName: env.INVOICE_BANK_NAME,
          routingNumber: env.INVOICE_BANK_ROUTING_NUMBER,
          accountNumber: env.INVOICE_BANK_ACCOUNT_NUMBER,
        }
      : null;
  return {
    legalName: env.SELLER_LEGAL_NAME ?? exampleSeller.legalName,
    address: env.SELLER_ADDRESS ?? exampleSeller.address,
    // remittance instructions alone replace the example account; with neither, the example's stands
    bank: configuredBank ?? (env.INVOICE_REMITTANCE ? null : { ...exampleSeller.bank }),
    remittance: env.INVOICE_REMITTANCE ?? null,
    payOnlineUrl: `${env.PUBLIC_URL}/business/portal/billing`,
  };
}

/** How a transfer is made, as the PDF and the portal print it: one line each. */
export function transferLines(payee: Pick<InvoicePayee, 'bank' | 'remittance'>): string[] {
  const lines: string[] = [];
  if (payee.bank) {
    lines.push(
      `Account name: ${payee.bank.accountName}`,
      `Bank: ${payee.bank.bankName}`,
      `Routing number (ABA): ${payee.bank.routingNumber}`,
      `Account number: ${payee.bank.accountNumber}`,
    );
  }
  if (payee.remittance) lines.push(payee.remittance);
  return lines;
}
