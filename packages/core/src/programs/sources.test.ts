import { describe, expect, it } from 'vitest';
import { buildPlan } from './plan.ts';
import { planSourceLabel } from './sources.ts';
import { resultOf } from './test-results.ts';

describe('why an item is in a plan', () => {
  it('names the result, the goal, the area or the everyday advice', () => {
    expect(planSourceLabel({ kind: 'biomarker', biomarker: 'ferritin', flag: 'low' })).toBe('Your ferritin was below range');
    expect(planSourceLabel({ kind: 'biomarker', biomarker: 'triglycerides', flag: 'high' })).toBe('Your triglycerides were above range');
    expect(planSourceLabel({ kind: 'goal', goal: 'heart-health' })).toBe('Your goal: Heart Health');
    expect(planSourceLabel({ kind: 'area', area: 'stress' })).toBe('Your area: Stress');
    expect(planSourceLabel({ kind: 'general' })).toBe('Everyday advice that suits most people');
  });

  it('begins the reason of the result’s section', () => {
    const plan = buildPlan({ results: [resultOf('ferritin', 9)] });
    expect(plan.sections[0]!.reason.startsWith(`${planSourceLabel({ kind: 'biomarker', biomarker: 'ferritin', flag: 'low' })}: `)).toBe(
      true,
    );
  });
});
