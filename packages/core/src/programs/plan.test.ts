import { describe, expect, it } from 'vitest';
import { generalGuidance } from './goal-habits.ts';
import { buildPlan, planNote } from './plan.ts';
import { resultOf } from './test-results.ts';

const ids = (items: readonly { id: string }[]) => items.map((item) => item.id);

// a member with low iron stores, a high LDL and low vitamin D; the thyroid is fine
const starter = [resultOf('ferritin', 9), resultOf('tsh', 2.1), resultOf('vitamin-d', 18), resultOf('ldl', 142)];

describe('a plan from results', () => {
  it('has a section for each result outside its range, with its reason, value and range', () => {
    const plan = buildPlan({ results: starter });
    expect(plan.sections.map((section) => [section.biomarker, section.flag])).toEqual([
      ['ldl', 'high'],
      ['vitamin-d', 'low'],
      ['ferritin', 'low'],
    ]);
    expect(plan.sections[2]).toMatchObject({
      title: 'Ferritin',
      value: '9 ng/mL',
      range: '15 – 150 ng/mL',
      reason: expect.stringMatching(/^Your ferritin was below range: ferritin is your body’s store of iron/),
    });
    expect(ids(plan.sections[2]!.supplements)).toEqual(['iron']);
    expect(plan.general).toBeNull();
    expect(plan.note).toBe(planNote);
  });

  it('is the same for the same input, whatever order the lab sent the results in', () => {
    const once = buildPlan({ results: starter, goal: 'fatigue' });
    expect(buildPlan({ results: starter, goal: 'fatigue' })).toEqual(once);
    expect(buildPlan({ results: [...starter].reverse(), goal: 'fatigue' })).toEqual(once);
    expect(JSON.stringify(buildPlan({ results: [starter[2]!, starter[0]!, starter[3]!, starter[1]!], goal: 'fatigue' }))).toBe(
      JSON.stringify(once),
    );
  });

  it('lists a food, habit or supplement once, with every result that brought it, in section order', () => {
    const plan = buildPlan({ results: starter, goal: 'heart-health' });
    const favour = ids(plan.favour);
    expect(new Set(favour).size).toBe(favour.length);
    expect(plan.favour.find((food) => food.id === 'salmon')).toEqual({
      id: 'salmon',
      name: 'Salmon',
      category: 'protein',
      from: [
        { kind: 'biomarker', biomarker: 'ldl', flag: 'high' },
        { kind: 'biomarker', biomarker: 'vitamin-d', flag: 'low' },
      ],
    });
    expect(plan.favour.find((food) => food.id === 'lentils')?.from).toEqual([
      { kind: 'biomarker', biomarker: 'ldl', flag: 'high' },
      { kind: 'biomarker', biomarker: 'ferritin', flag: 'low' },
    ]);
    // LDL's foods first, then the ones vitamin D and ferritin add
    expect(favour.slice(0, 3)).toEqual(['oats', 'barley', 'lentils']);
    expect(plan.habits.find((habit) => habit.id === 'move-most-days')?.from).toEqual([
      { kind: 'biomarker', biomarker: 'ldl', flag: 'high' },
      { kind: 'goal', goal: 'heart-health' },
    ]);
    expect(plan.habits.find((habit) => habit.id === 'fill-half-plate')?.from).toEqual([{ kind: 'area', area: 'diet' }]);
    expect(ids(plan.supplements)).toEqual(['plant-sterols', 'vitamin-d', 'iron']);
    expect(ids(plan.limit)).toEqual([
      'butter-and-lard',
      'cheese-and-cream',
      'fatty-meat',
      'processed-meat',
      'pastries',
      'fried-food',
      'tea-coffee-with-meals',
    ]);
  });

  it('suggests nowhere a food another result limits, nor a supplement another result argues against', () => {
    // low circulating iron but high ferritin, as inflammation can give
    const plan = buildPlan({ results: [resultOf('iron', 35), resultOf('ferritin', 320)] });
    expect(ids(plan.favour)).not.toContain('red-meat');
    expect(ids(plan.favour)).not.toContain('fortified-cereal');
    expect(ids(plan.favour)).toContain('lentils');
    const ironSection = plan.sections.find((section) => section.biomarker === 'iron')!;
    expect(ids(ironSection.favour)).not.toContain('red-meat');
    expect(ids(plan.limit)).toContain('red-meat');
    expect(plan.limit.find((food) => food.id === 'red-meat')?.from).toEqual([{ kind: 'biomarker', biomarker: 'ferritin', flag: 'high' }]);
    expect(ids(plan.supplements)).toEqual([]);
    expect(ids(plan.habits)).toContain('no-extra-iron');
  });

  it('puts results with nothing to change after the others, each group in the catalog’s order', () => {
    const plan = buildPlan({
      results: [
        resultOf('magnesium', 1.2),
        { biomarker: 'ldl', value: 40, unit: 'mg/dL', range: { low: 50, high: 100 } },
        resultOf('total-cholesterol', 260),
        { biomarker: 'hdl', value: 95, unit: 'mg/dL', range: { low: 40, high: 80 } },
      ],
    });
    expect(plan.sections.map((section) => section.biomarker)).toEqual(['total-cholesterol', 'magnesium', 'ldl', 'hdl']);
    expect(plan.general).toBeNull();
  });

  it('refuses a biomarker listed twice', () => {
    expect(() => buildPlan({ results: [resultOf('ldl', 90), resultOf('ldl', 150)] })).toThrow(RangeError);
  });
});

describe('a plan with nothing to correct', () => {
  it('keeps to the general advice when every result is in range', () => {
    const plan = buildPlan({ results: [resultOf('ferritin', 80), resultOf('ldl', 90), resultOf('hdl', 40)] });
    expect(plan.sections).toEqual([]);
    expect(plan.general).toMatchObject({ title: 'Keep doing what works', reason: generalGuidance.reasons.allInRange });
    expect(plan.general!.reason).toMatch(/^All your results were within range\./);
    expect(ids(plan.favour)).toEqual([...generalGuidance.favour]);
    expect(ids(plan.limit)).toEqual(['sugary-drinks', 'processed-meat', 'ultra-processed']);
    expect(plan.favour.every((food) => food.from.length === 1 && food.from[0]!.kind === 'general')).toBe(true);
    expect(plan.supplements).toEqual([]);
  });

  it('says so when the results outside their range call for no change, or when there are no results yet', () => {
    const lowLdl = buildPlan({ results: [{ biomarker: 'ldl', value: 40, unit: 'mg/dL', range: { low: 50, high: 100 } }] });
    expect(lowLdl.sections).toHaveLength(1);
    expect(lowLdl.general?.reason).toBe(generalGuidance.reasons.nothingToChange);
    expect(buildPlan({ results: [] }).general?.reason).toBe(generalGuidance.reasons.noResults);
  });
});

describe('the goal and the area', () => {
  it('add their habits to an all-normal plan, the area taken from the goal when none is given', () => {
    const plan = buildPlan({ results: [resultOf('melatonin', 12)], goal: 'sleep' });
    expect(plan.goal).toBe('sleep');
    expect(plan.area).toBe('sleep');
    expect(ids(plan.habits)).toEqual([
      'regular-bedtime',
      'dim-lights-evening',
      'morning-daylight',
      'fill-half-plate',
      'move-most-days',
      'sleep-7-9',
    ]);
    expect(plan.habits[0]).toEqual({
      id: 'regular-bedtime',
      text: 'Go to bed and get up at the same times every day, weekends included.',
      from: [
        { kind: 'goal', goal: 'sleep' },
        { kind: 'area', area: 'sleep' },
      ],
    });
  });

  it('follow the results’ habits, and the area given wins over the goal’s', () => {
    const plan = buildPlan({ results: [resultOf('cortisol', 1.6)], goal: 'anxiety-depression', area: 'energy' });
    expect(plan.area).toBe('energy');
    expect(ids(plan.habits)).toEqual([
      'unwind',
      'regular-bedtime',
      'dim-lights-evening',
      'regular-meals',
      'move-most-days',
      'morning-daylight',
    ]);
    expect(plan.habits.find((habit) => habit.id === 'unwind')?.from).toEqual([
      { kind: 'biomarker', biomarker: 'cortisol', flag: 'high' },
      { kind: 'goal', goal: 'anxiety-depression' },
    ]);
  });

  it('are ignored when unknown', () => {
    const plan = buildPlan({ results: [], goal: 'longevity', area: 'mood' });
    expect(plan.goal).toBeNull();
    expect(plan.area).toBeNull();
    expect(ids(plan.habits)).toEqual([...generalGuidance.habits]);
    expect(
      buildPlan({ results: [], area: 'stress' })
        .habits.slice(0, 2)
        .map((habit) => habit.id),
    ).toEqual(['unwind', 'move-most-days']);
  });
});
