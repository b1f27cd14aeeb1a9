import type { ClinicFeeLedger } from '@shop/client';
import { card, day } from './dashboard-ui';

const stateLabels: Record<ClinicFeeLedger['entries'][number]['state'], string> = {
  earned: 'Earned',
  paid_out: 'Paid out',
  refunded: 'Refunded',
};

/** The fees the clinic's clients paid, for its admins: each one earned or refunded with its order, and what is owed. */
export function Fees({ fees }: { fees: ClinicFeeLedger }) {
  const totals = [
    { label: 'Earned', value: fees.earned },
    { label: 'Refunded', value: fees.refunded },
    { label: 'Paid out', value: fees.paidOut },
    { label: 'Owed to your clinic', value: fees.owed },
  ];
  return (
    <section aria-labelledby="fees-heading" className="mt-12">
      <h2 id="fees-heading" className="text-2xl font-bold">
        Your fees
      </h2>
      <p className="mt-1 text-sm text-muted">
        The fees your clients paid with their orders. A fee is refunded with its order; what is earned is paid out to your clinic once the
        order’s refund window has passed.
      </p>
      <dl className={`${card} mt-4 grid grid-cols-2 gap-4 sm:grid-cols-4`}>
        {totals.map((total) => (
          <div key={total.label}>
            <dt className="text-sm text-muted">{total.label}</dt>
            <dd className="text-xl font-bold">{total.value}</dd>
          </div>
        ))}
      </dl>
      {fees.entries.length === 0 ? (
        <p className="mt-3 text-sm text-muted">No fees yet: add one when you order tests for a client.</p>
      ) : (
        <table className={`${card} mt-4 w-full text-left text-sm`}>
          <thead>
            <tr className="text-muted">
              <th className="py-1 font-semibold">Date</th>
              <th className="py-1 font-semibold">Order</th>
              <th className="py-1 font-semibold">Client</th>
              <th className="py-1 font-semibold">Fee</th>
              <th className="py-1 font-semibold">State</th>
            </tr>
          </thead>
          <tbody>
            {fees.entries.map((entry) => (
              <tr key={entry.id} className="border-t border-slate-100">
                <td className="py-1">{day(entry.createdAt)}</td>
                <td className="py-1">{entry.orderNumber}</td>
                <td className="py-1">{entry.clientName ?? '—'}</td>
                <td className="py-1">{entry.amount}</td>
                <td className="py-1">{stateLabels[entry.state]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
