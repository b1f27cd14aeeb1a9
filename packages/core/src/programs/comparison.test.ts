import { describe, expect, it } from 'vitest';
import { evaluateResult } from '../results/evaluate.ts';
import { changeSince, compareResults } from './comparison.ts';
import { resultOf } from './test-results.ts';

describe('the comparison of the starter test with its retests', () => {
  const starter = [evaluateResult(resultOf('hba1c', 6.1)), evaluateResult(resultOf('ferritin', 20))];

  it('puts each retest’s value beside the starter test’s, with the change and its direction', () => {
    const rows = compareResults(starter, [
      { sequence: 2, results: [evaluateResult(resultOf('hba1c', 5.5))] },
      { sequence: 1, results: [evaluateResult(resultOf('hba1c', 5.8)), evaluateResult(resultOf('ferritin', 35))] },
    ]);
    expect(rows.map((row) => row.biomarker)).toEqual(['hba1c', 'ferritin']);
    const [hba1c, ferritin] = rows;
    expect(hba1c!.starter).toMatchObject({ value: 6.1, unit: '%', flag: 'high' });
    expect(hba1c!.retests.map((retest) => [retest.sequence, retest.measurement.flag, retest.change])).toEqual([
      [1, 'high', { direction: 'down', by: 0.3, display: 'Down 0.3 % since your starter test' }],
      [2, 'normal', { direction: 'down', by: 0.6, display: 'Down 0.6 % since your starter test' }],
    ]);
    // a biomarker the second retest did not measure has one retest only
    expect(ferritin!.retests).toHaveLength(1);
    expect(ferritin!.retests[0]!.change).toMatchObject({ direction: 'up', by: 15 });
  });

  it('rounds the change as the biomarker is printed, and says when nothing moved', () => {
    expect(changeSince({ value: 5.81, unit: '%' }, { value: 5.84, unit: '%' }, 'hba1c')).toEqual({
      direction: 'same',
      by: 0,
      display: 'No change since your starter test',
    });
  });

  it('does not subtract values in two units', () => {
    expect(changeSince({ value: 190, unit: 'mg/dL' }, { value: 4.9, unit: 'mmol/L' }, 'ldl')).toBeNull();
  });

  it('compares only what the starter test measured, each biomarker once', () => {
    const twice = [...starter, evaluateResult(resultOf('hba1c', 9))];
    const rows = compareResults(twice, [{ sequence: 1, results: [evaluateResult(resultOf('tsh', 2))] }]);
    expect(rows.map((row) => [row.biomarker, row.starter.value, row.retests.length])).toEqual([
      ['hba1c', 6.1, 0],
      ['ferritin', 20, 0],
    ]);
  });
});
