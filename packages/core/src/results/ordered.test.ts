import { describe, expect, it } from 'vitest';
import { testsOfOrder } from '../orders/order-kits.ts';
import { biomarkersOrdered, compareWithOrdered, resultsRefusal } from './ordered.ts';

const focus = [{ productCode: 'base-quiz', testId: 68 }];
const complete = [{ productCode: 'base-complete', testId: null }];

describe('the tests and biomarkers of an order', () => {
  it('are the line’s own test for a starter test, with nothing for a line that carries no test', () => {
    expect(testsOfOrder([...focus, { productCode: 'base-improvement-plan', testId: null }]).map((test) => test.id)).toEqual([68]);
    expect(biomarkersOrdered(focus)).toEqual(['ferritin', 'iron', 'vitamin-b12']);
    expect(biomarkersOrdered(focus, 'blood')).toEqual(['ferritin', 'iron', 'vitamin-b12']);
    expect(biomarkersOrdered(focus, 'daily-rhythm-saliva')).toEqual([]);
    expect(biomarkersOrdered([{ productCode: 'nutritional-plan', testId: null }])).toEqual([]);
  });

  it('are every test of the bundle for the Complete bundle, kit by kit', () => {
    expect(testsOfOrder(complete)).toHaveLength(8);
    expect(biomarkersOrdered(complete, 'daily-rhythm-saliva')).toEqual(['cortisol', 'melatonin']);
    expect(biomarkersOrdered(complete, 'blood')).toHaveLength(15);
    expect(biomarkersOrdered(complete)).toHaveLength(21);
  });

  it('adds a second test of the same kit, each biomarker once', () => {
    const twoTests = [
      { productCode: 'base-quiz', testId: 1 },
      { productCode: 'fast-track', testId: 65 },
      { productCode: 'base-quiz', testId: 1 },
    ];
    expect(biomarkersOrdered(twoTests, 'blood')).toEqual(['total-cholesterol', 'ldl', 'hdl', 'triglycerides', 'hs-crp', 'hba1c']);
  });
});

describe('entered results against the order', () => {
  const ordered = biomarkersOrdered(focus, 'blood');
  const where = 'the Finger-prick blood kit of order #1042';

  it('are accepted when they are exactly the ones ordered, in units the catalog takes', () => {
    const entered = [
      { biomarker: 'ferritin', unit: 'ng/mL' },
      { biomarker: 'iron', unit: 'µmol/L' },
      { biomarker: ' vitamin-b12 ', unit: ' pg/mL ' },
    ];
    const comparison = compareWithOrdered(ordered, entered);
    expect(comparison).toEqual({ notOrdered: [], missing: [], wrongUnits: [] });
    expect(resultsRefusal(comparison, ordered, where)).toBeNull();
  });

  it('refuses biomarkers not ordered, naming them and the ones that were', () => {
    const entered = [
      { biomarker: 'ldl', unit: 'mg/dL' },
      { biomarker: 'hs-crp', unit: 'mg/L' },
      { biomarker: 'hba1c', unit: '%' },
      { biomarker: 'glucose', unit: 'mg/dL' },
    ];
    const comparison = compareWithOrdered(ordered, entered);
    expect(comparison.notOrdered).toEqual(['ldl', 'hs-crp', 'hba1c', 'glucose']);
    expect(comparison.missing).toEqual(['ferritin', 'iron', 'vitamin-b12']);
    expect(resultsRefusal(comparison, ordered, where)).toEqual({
      code: 'RESULTS_NOT_ORDERED',
      message:
        'LDL cholesterol, hs-CRP (C-reactive protein), HbA1c and "glucose" were not ordered: the Finger-prick blood kit of order #1042 takes results for Ferritin, Iron and Vitamin B12 only.',
    });
  });

  it('refuses results for a kit that holds no ordered test', () => {
    const comparison = compareWithOrdered([], [{ biomarker: 'cortisol', unit: 'ng/mL' }]);
    expect(resultsRefusal(comparison, [], 'the Daily rhythm saliva kit of order #7')).toEqual({
      code: 'RESULTS_NOT_ORDERED',
      message: 'Cortisol was not ordered: the Daily rhythm saliva kit of order #7 takes no results.',
    });
  });

  it('refuses a unit the biomarker does not take, with the units it does', () => {
    const entered = [
      { biomarker: 'ferritin', unit: 'ng/mL' },
      { biomarker: 'iron', unit: 'mg/dL' },
      { biomarker: 'vitamin-b12', unit: 'pg/mL' },
    ];
    const comparison = compareWithOrdered(ordered, entered);
    expect(comparison.wrongUnits).toEqual([{ biomarker: 'iron', unit: 'mg/dL', accepted: ['µg/dL', 'ug/dL', 'µmol/L', 'umol/L'] }]);
    expect(resultsRefusal(comparison, ordered, where)).toEqual({
      code: 'RESULTS_WRONG_UNIT',
      message: 'Iron: the unit must be µg/dL or ug/dL or µmol/L or umol/L, not "mg/dL".',
    });
  });

  it('refuses an incomplete set, naming what is missing', () => {
    const comparison = compareWithOrdered(ordered, [{ biomarker: 'ferritin', unit: 'ng/mL' }]);
    expect(comparison.missing).toEqual(['iron', 'vitamin-b12']);
    expect(resultsRefusal(comparison, ordered, where)).toEqual({
      code: 'RESULTS_INCOMPLETE',
      message:
        'Iron and Vitamin B12 are missing: the Finger-prick blood kit of order #1042 takes results for Ferritin, Iron and Vitamin B12, all at once.',
    });
  });
});
