import { describe, expect, it } from 'vitest';
import {
  bankStatements,
  groupLines,
  isShowable,
  MERGED_LINE,
  MIN_GROUP,
  monthEnds,
  monthsBetween,
  steppedCount,
  type PersonMovement,
} from './groups-of-five.ts';

const people = (count: number, product: string, amountCents: number, from = 0): PersonMovement[] =>
  Array.from({ length: count }, (_, index) => ({ person: `p${from + index}`, product, amountCents }));

describe('groups of five', () => {
  it('shows nothing of fewer than five people, however many movements they make', () => {
    expect(MIN_GROUP).toBe(5);
    const four = [...people(4, 'test', 7995), ...people(4, 'test', -7995)];
    expect(isShowable(four)).toBe(false);
    expect(groupLines(four)).toEqual([]);
  });

  it('nets a decline into its product line once five people stand behind it', () => {
    const lines = groupLines([...people(5, 'test', 7995), { person: 'p0', product: 'test', amountCents: -7995 }], {
      test: 'Starter tests',
    });
    expect(lines).toEqual([{ label: 'Starter tests', people: 5, amountCents: 4 * 7995 }]);
  });

  it('folds small product lines into one line, and everything into one when the fold is itself small', () => {
    const mixed = [...people(6, 'test', 100), ...people(3, 'program', 50, 10), ...people(2, 'other', 10, 20)];
    expect(groupLines(mixed)).toEqual([
      { label: 'test', people: 6, amountCents: 600 },
      { label: MERGED_LINE, people: 5, amountCents: 170 },
    ]);
    const oneSmall = [...people(6, 'test', 100), ...people(2, 'program', 50, 10)];
    expect(groupLines(oneSmall)).toEqual([{ label: MERGED_LINE, people: 8, amountCents: 700 }]);
  });

  it('carries a bank period’s draws until five people are behind them, top-ups shown as they come', () => {
    const statements = bankStatements([
      { period: '2026-10', people: [], topUpCents: 100_000, adjustmentCents: 0 },
      { period: '2026-11', people: people(2, 'test', -7995), topUpCents: 0, adjustmentCents: 0 },
      {
        period: '2026-12',
        people: [...people(3, 'test', -7995, 2), { person: 'p0', product: 'test', amountCents: 7995 }],
        topUpCents: 0,
        adjustmentCents: -500,
      },
    ]);
    expect(statements[1]).toEqual({
      period: '2026-11',
      openingCents: 100_000,
      topUpCents: 0,
      adjustmentCents: 0,
      drawnCents: 0,
      people: null,
      closingCents: 100_000,
    });
    expect(statements[2]).toEqual({
      period: '2026-12',
      openingCents: 100_000,
      topUpCents: 0,
      adjustmentCents: -500,
      drawnCents: 4 * 7995,
      people: 5,
      closingCents: 100_000 - 500 - 4 * 7995,
    });
  });

  it('lists the months between two, across a year', () => {
    expect(monthsBetween('2026-11', '2027-02')).toEqual(['2026-11', '2026-12', '2027-01', '2027-02']);
    expect(monthsBetween('2027-03', '2027-02')).toEqual([]);
  });
});

describe('a running count as the employer reads it', () => {
  it('is 0 until five are counted at a month’s end', () => {
    expect(steppedCount([])).toBe(0);
    expect(steppedCount([1, 2, 4])).toBe(0);
    expect(steppedCount([1, 2, 5])).toBe(5);
  });

  it('moves only by five or more, so no two readings differ by fewer than five people', () => {
    const counts = [0, 3, 5, 6, 9, 10, 11, 14, 16, 15, 12, 10];
    const readings = counts.map((_, month) => steppedCount(counts.slice(0, month + 1)));
    expect(readings).toEqual([0, 0, 5, 5, 5, 10, 10, 10, 16, 16, 16, 10]);
    for (let month = 1; month < readings.length; month += 1) {
      const moved = Math.abs(readings[month]! - readings[month - 1]!);
      expect(moved === 0 || moved >= MIN_GROUP).toBe(true);
    }
  });

  it('never shows a count that was not true at a month’s end', () => {
    const counts = [2, 7, 8, 13];
    expect(counts).toContain(steppedCount(counts));
  });

  it('takes each month at its end: the first moment of the month after, in UTC', () => {
    expect(monthEnds(['2026-11', '2026-12']).map((end) => end.toISOString())).toEqual([
      '2026-12-01T00:00:00.000Z',
      '2027-01-01T00:00:00.000Z',
    ]);
  });
});
