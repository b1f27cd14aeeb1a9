/**
 * What an employer may read of its employees' orders (decision 0057): never a figure that stands
 * for fewer than MIN_GROUP people. A money movement that follows from one person's order (a charge,
 * a draw, a decline's credit or return, a guarantee) is only ever shown summed with those of at
 * least MIN_GROUP people; until enough have gathered it is carried, unseen, to a later period.
 */
export const MIN_GROUP = 5;

/** The label of the line that small product lines are folded into. */
export const MERGED_LINE = 'Tests and programs';

/** One person's money movement: who (any stable id of the person), what product line, and how much (signed). */
export interface PersonMovement {
  person: string;
  product: string;
  amountCents: number;
}

/** A line an employer may read: a product (or the merged line), how many people are behind it, the net amount. */
export interface GroupLine {
  label: string;
  people: number;
  amountCents: number;
}

const peopleOf = (movements: readonly PersonMovement[]) => new Set(movements.map((movement) => movement.person)).size;
const sumOf = (movements: readonly PersonMovement[]) => movements.reduce((total, movement) => total + movement.amountCents, 0);

/** Whether a set of movements may be shown at all: MIN_GROUP people or more behind it. */
export const isShowable = (movements: readonly PersonMovement[]) => peopleOf(movements) >= MIN_GROUP;

/**
 * The lines of a showable set: a product with MIN_GROUP people or more keeps its line; the others
 * fold into one MERGED_LINE. When that fold itself stands for fewer than MIN_GROUP people, every
 * line folds into one, so no line can be read off as the total less the others. An empty answer
 * means the set is not showable: carry it.
 */
export function groupLines(movements: readonly PersonMovement[], labels: Readonly<Record<string, string>> = {}): GroupLine[] {
  if (!isShowable(movements)) return [];
  const byProduct = new Map<string, PersonMovement[]>();
  for (const movement of movements) byProduct.set(movement.product, [...(byProduct.get(movement.product) ?? []), movement]);
  const kept = [...byProduct].filter(([, rows]) => peopleOf(rows) >= MIN_GROUP);
  const folded = [...byProduct].filter(([, rows]) => peopleOf(rows) < MIN_GROUP).flatMap(([, rows]) => rows);
  const whole = (rows: readonly PersonMovement[], label: string): GroupLine => ({
    label,
    people: peopleOf(rows),
    amountCents: sumOf(rows),
  });
  if (folded.length > 0 && peopleOf(folded) < MIN_GROUP) return [whole(movements, MERGED_LINE)];
  const lines = kept.map(([product, rows]) => whole(rows, labels[product] ?? product)).sort((a, b) => a.label.localeCompare(b.label));
  return folded.length > 0 ? [...lines, whole(folded, MERGED_LINE)] : lines;
}

/** A period's movements that follow from people, and the group's own money (top-ups, corrections: nobody's order). */
export interface PeriodMovements {
  period: string;
  people: readonly PersonMovement[];
  topUpCents: number;
  adjustmentCents: number;
}

/**
 * A prepaid bank's monthly statement as the employer reads it. `drawnCents` is what the period
 * released (draws less returns and guarantees, as one figure, positive when money went out);
 * `people` is how many are behind it, null when the period's movements were carried.
 */
export interface BankStatement {
  period: string;
  openingCents: number;
  topUpCents: number;
  adjustmentCents: number;
  drawnCents: number;
  people: number | null;
  closingCents: number;
}

/**
 * The statements of consecutive periods: each period's people movements join those carried from
 * before, and are released as one figure once MIN_GROUP people stand behind them. What is carried
 * at the last period stays unseen (the live balance is the shop's, not the employer's).
 */
export function bankStatements(periods: readonly PeriodMovements[]): BankStatement[] {
  let carried: PersonMovement[] = [];
  let openingCents = 0;
  return periods.map((period) => {
    carried = [...carried, ...period.people];
    const release = isShowable(carried);
    const drawnCents = release ? -sumOf(carried) : 0;
    const people = release ? peopleOf(carried) : null;
    if (release) carried = [];
    const statement: BankStatement = {
      period: period.period,
      openingCents,
      topUpCents: period.topUpCents,
      adjustmentCents: period.adjustmentCents,
      drawnCents,
      people,
      closingCents: openingCents + period.topUpCents + period.adjustmentCents - drawnCents,
    };
    openingCents = statement.closingCents;
    return statement;
  });
}

/** The months from `first` to `last` (YYYY-MM), both included. */
export function monthsBetween(first: string, last: string): string[] {
  const months: string[] = [];
  let [year, month] = first.split('-').map(Number) as [number, number];
  for (let guard = 0; guard < 1200; guard += 1) {
    const label = `${year}-${String(month).padStart(2, '0')}`;
    if (label > last) break;
    months.push(label);
    [year, month] = month === 12 ? [year + 1, 1] : [year, month + 1];
  }
  return months;
}

/**
 * A running count as the employer reads it (the portal's figures: enrolled, ordered, kits returned,
 * results ready, program started, codes used): taken at the end of each ended month, oldest first,
 * and moved only when the count has gone MIN_GROUP or more away from the figure last shown. Between
 * two readings the figure either stays or moves by MIN_GROUP people or more, so no reading, and no
 * difference between two, stands for fewer than MIN_GROUP people. Until MIN_GROUP are counted the
 * figure is 0, which the portal shows as "fewer than 5".
 */
export function steppedCount(monthEndCounts: readonly number[]): number {
  let shown = 0;
  for (const counted of monthEndCounts) if (Math.abs(counted - shown) >= MIN_GROUP) shown = counted;
  return shown;
}

/** The end of each month of `months` (YYYY-MM) as an instant: the first moment, in UTC, of the month after. */
export const monthEnds = (months: readonly string[]) =>
  months.map((label) => {
    const [year, month] = label.split('-').map(Number) as [number, number];
    return new Date(Date.UTC(year, month, 1));
  });
