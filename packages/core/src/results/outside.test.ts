import { describe, expect, it } from 'vitest';
import { checkOutsideReport, outsideResultsRefusal, outsideResultWords } from './outside.ts';

// 2026-12-08 02:00 UTC is still December 7 in New York
const now = new Date('2026-12-08T02:00:00Z');

describe('an outside report’s lab and collection day', () => {
  it('keeps a named lab and a past day, the name tidied', () => {
    expect(checkOutsideReport({ labName: '  Quest   Diagnostics ', collectedOn: '2026-11-30' }, now)).toEqual({
      ok: true,
      labName: 'Quest Diagnostics',
      collectedOn: '2026-11-30',
    });
  });

  it('takes today in Eastern time, and refuses the Eastern tomorrow', () => {
    expect(checkOutsideReport({ labName: 'Labcorp', collectedOn: '2026-12-07' }, now).ok).toBe(true);
    expect(checkOutsideReport({ labName: 'Labcorp', collectedOn: '2026-12-08' }, now)).toEqual({
      ok: false,
      field: 'collectedOn',
      message: outsideResultWords.collectedOnFuture,
    });
  });

  it('refuses a missing name, a name too long, a day that does not exist and a day too old', () => {
    expect(checkOutsideReport({ labName: '   ', collectedOn: '2026-11-30' }, now)).toMatchObject({ field: 'labName' });
    expect(checkOutsideReport({ labName: 'x'.repeat(101), collectedOn: '2026-11-30' }, now)).toMatchObject({
      message: outsideResultWords.labNameTooLong,
    });
    expect(checkOutsideReport({ labName: 'Labcorp', collectedOn: '2026-02-30' }, now)).toMatchObject({
      message: outsideResultWords.collectedOnMissing,
    });
    expect(checkOutsideReport({ labName: 'Labcorp', collectedOn: '30/11/2026' }, now)).toMatchObject({ field: 'collectedOn' });
    expect(checkOutsideReport({ labName: 'Labcorp', collectedOn: '1999-12-31' }, now)).toMatchObject({
      message: outsideResultWords.collectedOnTooOld,
    });
  });
});

describe('the values entered from an outside report', () => {
  it('takes any known biomarker in a unit the catalog takes for it, not only a kit’s', () => {
    expect(
      outsideResultsRefusal([
        { biomarker: 'ldl', unit: 'mmol/L' },
        { biomarker: 'ferritin', unit: 'ng/mL' },
        { biomarker: 'testosterone', unit: 'pg/mL' },
      ]),
    ).toBeNull();
  });

  it('names every biomarker it does not know, before any unit', () => {
    expect(
      outsideResultsRefusal([
        { biomarker: 'ldl', unit: 'furlongs' },
        { biomarker: 'unobtainium', unit: 'mg/dL' },
        { biomarker: 'vibes', unit: 'mg/dL' },
      ]),
    ).toEqual({
      code: 'RESULTS_UNKNOWN_BIOMARKER',
      message: '"unobtainium", "vibes" are not biomarkers we know: enter each value under one of the record’s biomarkers, or leave it out.',
    });
  });

  it('names the biomarker and the units it takes when a unit is wrong', () => {
    expect(outsideResultsRefusal([{ biomarker: 'ldl', unit: 'ng/mL' }])).toEqual({
      code: 'RESULTS_WRONG_UNIT',
      message: 'LDL cholesterol: the unit must be mg/dL or mmol/L, not "ng/mL".',
    });
  });
});
