import type { ReactNode } from 'react';
import { formatMoney } from '@shop/core';
import { calendarMonth } from '../../lib/dates';

/** An invoice as the portal and the console list it, with where its PDF downloads. */
export interface ListedInvoice {
  id: string;
  number: string;
  period: string;
  status: 'draft' | 'open' | 'paid' | 'void';
  totalCents: number;
  issuedOn: string | null;
  dueOn: string | null;
  hostedUrl: string | null;
  pdfUrl: string | null;
}

const statusLabels: Record<ListedInvoice['status'], string> = { draft: 'Being issued', open: 'Open', paid: 'Paid', void: 'Void' };

/** A group's monthly invoices, newest first: each month's covered orders, billed in arrears. */
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
    <div className="relative mt-4 overflow-x-auto rounded-2xl bg-white shadow-sm">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-slate-200 text-muted">
          <tr>
            {['Invoice', 'Month', 'Total', 'Status', 'Due', ''].map((title, index) => (
              <th key={index} scope="col" className="px-4 py-3">
                {title}
              </th>
            ))}
            {actions ? <th scope="col" className="px-4 py-3" /> : null}
          </tr>
        </thead>
        <tbody>
          {invoices.map((invoice) => (
            <tr key={invoice.id} className="border-b border-slate-100 last:border-0">
              <th scope="row" className="px-4 py-3 font-semibold">
                {invoice.number}
              </th>
              <td className="px-4 py-3">{calendarMonth(invoice.period)}</td>
              <td className="px-4 py-3">{formatMoney(invoice.totalCents)}</td>
              <td className="px-4 py-3">{statusLabels[invoice.status]}</td>
              <td className="px-4 py-3">{invoice.status === 'open' ? invoice.dueOn : ''}</td>
              <td className="px-4 py-3">
                {invoice.pdfUrl ? (
                  <a href={invoice.pdfUrl} className="font-semibold text-brand underline">
                    PDF<span className="sr-only"> of {invoice.number}</span>
                  </a>
                ) : invoice.hostedUrl ? (
                  <a href={invoice.hostedUrl} className="font-semibold text-brand underline">
                    View<span className="sr-only"> {invoice.number}</span>
                  </a>
                ) : null}
              </td>
              {actions ? <td className="px-4 py-3">{actions(invoice)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
