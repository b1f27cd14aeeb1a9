import { describe, expect, it } from 'vitest';
import { getProduct } from '../catalog/products.ts';
import { isStarterOnly, programAfterResultsMessages, programOfferSuggestions, PROGRAM_AFTER_RESULTS_CODE } from './after-results.ts';

describe('the program after results', () => {
  it('costs what the program costs with a starter test, charged when bought', () => {
    expect(getProduct(PROGRAM_AFTER_RESULTS_CODE)).toMatchObject({ priceCents: 14005, charge: 'now', title: 'Improvement Program' });
  });

  it('follows a starter test bought without a program: with add-on tests or fast-track, not with anything else', () => {
    expect(isStarterOnly(['base-quiz'])).toBe(true);
    expect(isStarterOnly(['base-quiz', 'base-quiz', 'fast-track'])).toBe(true);
    expect(isStarterOnly(['base-quiz', 'base-improvement-plan'])).toBe(false);
    expect(isStarterOnly(['base-improvement-plan-pay-upfront'])).toBe(false);
    expect(isStarterOnly(['base-quiz', 'health-coach'])).toBe(false);
    expect(isStarterOnly(['fast-track'])).toBe(false);
    expect(isStarterOnly([])).toBe(false);
  });

  it('says what the values outside their range suggest, in the plan’s words and the catalog’s order, and nothing of the rest', () => {
    const suggestions = programOfferSuggestions([
      { biomarker: 'cortisol', flag: 'high' },
      { biomarker: 'ferritin', flag: 'low' },
      { biomarker: 'hba1c', flag: 'normal' },
      { biomarker: 'not-a-biomarker', flag: 'high' },
    ]);
    expect(suggestions).toHaveLength(2);
    expect(suggestions.find((line) => line.startsWith('Your ferritin was below range: '))).toContain('store of iron');
    expect(suggestions.some((line) => line.startsWith('Your cortisol was above range: '))).toBe(true);
    expect(programOfferSuggestions([{ biomarker: 'hba1c', flag: 'normal' }])).toEqual([]);
    // no promise of a cure: the words say it explains, and is no diagnosis
    expect(programAfterResultsMessages.note).toContain('it is not a diagnosis');
  });
});
