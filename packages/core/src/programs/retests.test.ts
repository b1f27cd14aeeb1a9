import { describe, expect, it } from 'vitest';
import { retestLines, retestSchedule, retestsDue } from './retests.ts';

describe('the program’s retests', () => {
  it('are made on the first day of week 4 and of week 8', () => {
    expect(retestSchedule('2026-03-10')).toEqual([
      { sequence: 1, week: 4, dueOn: '2026-03-31' },
      { sequence: 2, week: 8, dueOn: '2026-04-28' },
    ]);
  });

  it('fall due on their day, not before, and none once the program’s two months are over', () => {
    expect(retestsDue('2026-03-10', '2026-03-30')).toEqual([]);
    expect(retestsDue('2026-03-10', '2026-03-31').map((retest) => retest.sequence)).toEqual([1]);
    expect(retestsDue('2026-03-10', '2026-04-27').map((retest) => retest.sequence)).toEqual([1]);
    expect(retestsDue('2026-03-10', '2026-04-28').map((retest) => retest.sequence)).toEqual([1, 2]);
    // the last day of the program (2026-05-09) still makes a missed retest, the day after does not
    expect(retestsDue('2026-03-10', '2026-05-09').map((retest) => retest.sequence)).toEqual([1, 2]);
    expect(retestsDue('2026-03-10', '2026-05-10')).toEqual([]);
  });

  it('refuses what is not a day', () => {
    expect(() => retestSchedule('March 10')).toThrow(RangeError);
  });
});

describe('a retest’s lines', () => {
  it('repeat the starter test at $0 and leave the program out', () => {
    const lines = retestLines(
      [
        { productCode: 'base-quiz', testId: 53, title: 'Cortisol Test' },
        { productCode: 'base-improvement-plan', testId: 53, title: 'Improvement Program' },
      ],
      1,
    );
    expect(lines).toEqual([
      { productCode: 'base-quiz', testId: 53, title: 'Cortisol Test: program retest 1', unitPriceCents: 0, quantity: 1, charge: 'now' },
    ]);
  });

  it('take the test out of a line that carried the program with it', () => {
    const [line] = retestLines(
      [{ productCode: 'base-improvement-plan-pay-upfront', testId: 1, title: 'Starter test + Improvement Program' }],
      2,
    );
    expect(line).toMatchObject({ productCode: 'base-quiz', testId: 1, title: 'Starter test: program retest 2' });
    const [complete] = retestLines(
      [{ productCode: 'base-complete-improvement-plan-pay-upfront', testId: null, title: 'Complete bundle' }],
      1,
    );
    expect(complete).toMatchObject({ productCode: 'base-complete', testId: null });
  });

  it('ship each kit once and nothing that ships no kit', () => {
    const lines = retestLines(
      [
        { productCode: 'base-quiz', testId: 53, title: 'Cortisol Test' },
        { productCode: 'fast-track', testId: 53, title: 'Fast track' },
        { productCode: 'base-daily', testId: null, title: 'Base Daily' },
        { productCode: 'base-monitor', testId: 1, title: 'Monthly test' },
        { productCode: 'base-quiz', testId: 1, title: 'Cholesterol & Lipids Test (gift)' },
      ],
      1,
    );
    expect(lines.map((line) => line.title)).toEqual(['Cortisol Test: program retest 1', 'Cholesterol & Lipids Test: program retest 1']);
  });
});
