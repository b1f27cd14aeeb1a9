import { formatMoney, type BankStatement } from '@shop/core';
import { Cell, cell, ConsoleTable } from '../console/console-table';
import { calendarMonth } from '../../lib/dates';

/** The prepaid bank's monthly statements (never its live balance, decision 0057), newest first; a month's draws are shown once five people stand behind them. */
export function BankStatements({ statements }: { statements: BankStatement[] }) {
  if (statements.length === 0) return <p className="mt-3 text-sm text-muted">No statement yet: the first comes after this month ends.</p>;
  return (
    <ConsoleTable
      caption="Monthly statements of the testing bank, newest first"
      headings={['Month', 'Opening', 'Top-ups', 'Adjustments', 'Covered tests drawn', 'Closing']}
      empty={false}
    >
      {statements.map((statement) => (
        <tr key={statement.period}>
          <th scope="row" className={`${cell} font-semibold`}>
            {calendarMonth(statement.period)}
          </th>
          <Cell>{formatMoney(statement.openingCents)}</Cell>
          <Cell>{formatMoney(statement.topUpCents)}</Cell>
          <Cell>{formatMoney(statement.adjustmentCents)}</Cell>
          <Cell>
            {statement.people === null
              ? 'Carried to a later month (fewer than 5 people)'
              : `${formatMoney(statement.drawnCents)} for ${statement.people} people`}
          </Cell>
          <Cell>{formatMoney(statement.closingCents)}</Cell>
        </tr>
      ))}
    </ConsoleTable>
  );
}
