import type { ReactNode } from 'react';
import { employerInvoiceKindLabels, formatMoney, type EmployerInvoiceKind } from '@shop/core';
import { Cell, cell, ConsoleTable } from '../console/console-table';
import { calendarMonth } from '../../lib/dates';

/** An invoice as the portal and the console list it, with where its PDF downloads. */
export interface ListedInvoice {
  id: string;
  number: string;
  /** what it bills: a month's covered orders, or an amount for the prepaid testing bank */
  kind: EmployerInvoiceKind;
  period: string;
  status: 'draft' | 'open' | 'paid' | 'void';
  totalCents: number;
  issuedOn: string | null;
  dueOn: string | null;
  hostedUrl: string | null;
  pdfUrl: string | null;
}

const statusLabels: Record<ListedInvoice['status'], string> = { draft: 'Being issued', open: 'Open', paid: 'Paid', void: 'Void' };

/** A group's invoices, newest first: each month's covered orders, billed in arrears, and the bank top-ups its admins asked for. */
export function EmployerInvoiceTable({
  invoices,
  actions,
}: {
  invoices: ListedInvoice[];
  actions?: (invoice: ListedInvoice) => ReactNode;
}) {
  if (invoices.length === 0)
    return (
      <p className="mt-3 text-sm text-muted">
        No invoice yet: covered tests are billed after the month ends, once five people or more are behind them.
      </p>
    );
  return (
    <ConsoleTable
      caption="Invoices, newest first"
      headings={['Invoice', 'For', 'Month', 'Total', 'Status', 'Due', '', ...(actions ? [''] : [])]}
      empty={false}
    >
      {invoices.map((invoice) => (
        <tr key={invoice.id}>
          <th scope="row" className={`${cell} font-semibold`}>
            {invoice.number}
          </th>
          <Cell>{employerInvoiceKindLabels[invoice.kind]}</Cell>
          <Cell>{calendarMonth(invoice.period)}</Cell>
          <Cell>{formatMoney(invoice.totalCents)}</Cell>
          <Cell>{statusLabels[invoice.status]}</Cell>
          <Cell>{invoice.status === 'open' ? invoice.dueOn : ''}</Cell>
          <Cell>
            {invoice.pdfUrl ? (
              <a href={invoice.pdfUrl} className="font-semibold text-brand underline">
                PDF<span className="sr-only"> of {invoice.number}</span>
              </a>
            ) : invoice.hostedUrl ? (
              <a href={invoice.hostedUrl} className="font-semibold text-brand underline">
                View<span className="sr-only"> {invoice.number}</span>
              </a>
            ) : null}
          </Cell>
          {actions ? <Cell>{actions(invoice)}</Cell> : null}
        </tr>
      ))}
    </ConsoleTable>
  );
}
