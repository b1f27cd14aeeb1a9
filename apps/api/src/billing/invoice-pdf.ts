import { formatMoney } from '@shop/core';
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

const columns = { description: margin, date: margin + contentWidth * 0.5, amount: margin + contentWidth };

/** An invoice as a PDF of plain text: who is billed, the period, a line per item and the total. */
export async function renderInvoicePdf(invoice: InvoiceToIssue): Promise<Uint8Array> {
  // the same moment always gives the same bytes, so the recorded PDF can be compared and cached
  const doc = new LayoutDocument({ title: `Base invoice INV-${invoice.number}`, createdAt: new Date(`${invoice.issuedOn}T00:00:00Z`) });
  const { fonts } = doc;

  const flow = new Flow(doc, (page) => drawRunningHead(page, fonts, 'Base · Invoice', `INV-${invoice.number}`));
  flow.paragraph(`Invoice INV-${invoice.number}`, { font: fonts.bold, size: 22 });
  flow.gap(4);
  const muted = { font: fonts.regular, size: 10.5, color: colors.muted };
  flow.paragraph(`Billed to ${invoice.customer.name}`, { font: fonts.regular, size: 12 });
  flow.paragraph(`Covered orders of ${invoice.period}, billed in arrears`, muted);
  flow.paragraph(`Issued ${invoice.issuedOn} · due ${invoice.dueOn}`, muted);
  flow.gap(16);
  row(flow, fonts, ['Item', 'Date', 'Amount'], true);
  for (const line of invoice.lines) row(flow, fonts, [line.description, line.date, formatMoney(line.amountCents)], false);
  flow.gap(6);
  row(flow, fonts, ['Total', '', formatMoney(invoice.totalCents)], true);
  drawPageFeet(doc, 'Base · Pay by bank transfer quoting the invoice number.');
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
