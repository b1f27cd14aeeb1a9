import { formatMoney, type BankStatement } from '@shop/core';
import { calendarMonth } from '../../lib/dates';

/** The prepaid bank's monthly statements (never its live balance, decision 0057), newest first; a month's draws are shown once five people stand behind them. */
export function BankStatements({ statements }: { statements: BankStatement[] }) {
  if (statements.length === 0) return <p className="mt-3 text-sm text-muted">No statement yet: the first comes after this month ends.</p>;
  return (
    <div className="relative mt-4 overflow-x-auto rounded-2xl bg-white shadow-sm">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-slate-200 text-muted">
          <tr>
            {['Month', 'Opening', 'Top-ups', 'Adjustments', 'Covered tests drawn', 'Closing'].map((title) => (
              <th key={title} scope="col" className="px-4 py-3">
                {title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {statements.map((statement) => (
            <tr key={statement.period} className="border-b border-slate-100 last:border-0">
              <th scope="row" className="px-4 py-3 font-semibold">
                {calendarMonth(statement.period)}
              </th>
              <td className="px-4 py-3">{formatMoney(statement.openingCents)}</td>
              <td className="px-4 py-3">{formatMoney(statement.topUpCents)}</td>
              <td className="px-4 py-3">{formatMoney(statement.adjustmentCents)}</td>
              <td className="px-4 py-3">
                {statement.people === null
                  ? 'Carried to a later month (fewer than 5 people)'
                  : `${formatMoney(statement.drawnCents)} for ${statement.people} people`}
              </td>
              <td className="px-4 py-3">{formatMoney(statement.closingCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
