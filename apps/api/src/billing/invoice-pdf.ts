import { billingAddressLines, formatMoney } from '@shop/core';
import {
  colors,
  contentWidth,
  drawPageFeet,
  drawRule,
  drawRunningHead,
  Flow,
  LayoutDocument,
  margin,
  type Fonts,
} from '../reports/pdf-layout.ts';
import type { InvoiceToIssue } from './invoicing.ts';
import { transferLines, type InvoicePayee } from './invoice-payee.ts';

const columns = { description: margin, date: margin + contentWidth * 0.5, amount: margin + contentWidth };

/**
 * An invoice as a PDF of plain text: the seller, who is billed (their billing address,
 * accounts-payable e-mail and PO when given), the number and dates, a line per item, the total,
 * and how to pay it: online in the employer portal, or by transfer quoting the number.
 */
export async function renderInvoicePdf(invoice: InvoiceToIssue, payee: InvoicePayee): Promise<Uint8Array> {
  // the same moment always gives the same bytes, so the recorded PDF can be compared and cached
  const doc = new LayoutDocument({ title: `Base invoice INV-${invoice.number}`, createdAt: new Date(`${invoice.issuedOn}T00:00:00Z`) });
  const { fonts } = doc;
  const number = `INV-${invoice.number}`;

  const flow = new Flow(doc, (page) => drawRunningHead(page, fonts, 'Base · Invoice', number));
  flow.paragraph(`Invoice ${number}`, { font: fonts.bold, size: 22 });
  flow.gap(4);
  const muted = { font: fonts.regular, size: 10.5, color: colors.muted };
  const plain = { font: fonts.regular, size: 10.5 };
  const label = { font: fonts.bold, size: 10.5 };
  flow.paragraph(`From ${payee.legalName}`, plain);
  flow.paragraph(payee.address, muted);
  flow.gap(8);
  flow.paragraph(`Billed to ${invoice.customer.name}`, { font: fonts.regular, size: 12 });
  const { billing } = invoice.customer;
  for (const line of billing.address ? billingAddressLines(billing.address) : []) flow.paragraph(line, muted);
  if (billing.email) flow.paragraph(`Accounts payable: ${billing.email}`, muted);
  if (billing.poNumber) flow.paragraph(`PO number: ${billing.poNumber}`, plain);
  flow.gap(8);
  flow.paragraph(`Invoice number ${number}`, plain);
  flow.paragraph(
    invoice.kind === 'bank_top_up'
      ? 'Funds for your prepaid testing bank, credited to it once this invoice is paid'
      : `Covered orders of ${invoice.period}, billed in arrears`,
    muted,
  );
  flow.paragraph(`Issued ${invoice.issuedOn} · due ${invoice.dueOn}`, muted);
  flow.gap(16);
  row(flow, fonts, ['Item', 'Date', 'Amount'], true);
  for (const line of invoice.lines) row(flow, fonts, [line.description, line.date, formatMoney(line.amountCents)], false);
  flow.gap(6);
  row(flow, fonts, ['Total', '', formatMoney(invoice.totalCents)], true);
  flow.gap(14);
  flow.ensure(120);
  flow.paragraph('How to pay', { font: fonts.bold, size: 12 });
  flow.gap(2);
  flow.paragraph(`Online by card: ${payee.payOnlineUrl} (sign in as an employer admin; Pay by card).`, plain);
  flow.gap(4);
  flow.paragraph(`By bank transfer (ACH or wire), quoting ${number}:`, label);
  for (const line of transferLines(payee)) flow.paragraph(line, plain);
  drawPageFeet(doc, `${payee.legalName} · Please quote ${number} with your payment.`);
  return doc.save();
}

/** One line of the table: the item, its date, and its amount set flush right. */
function row(flow: Flow, fonts: Fonts, [description, date, amount]: [string, string, string], bold: boolean): void {
  const font = bold ? fonts.bold : fonts.regular;
  const size = 10;
  flow.ensure(20);
  const y = flow.y - 14;
  flow.page.drawText(description, { x: columns.description, y, size, font, color: colors.ink });
  flow.page.drawText(date, { x: columns.date, y, size, font, color: colors.ink });
  flow.page.drawText(amount, { x: columns.amount - font.widthOfTextAtSize(amount, size), y, size, font, color: colors.ink });
  flow.gap(20);
  drawRule(flow.page, flow.y);
}
