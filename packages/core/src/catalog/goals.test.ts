import { describe, expect, it } from 'vitest';
import { areaSlugs } from './areas.ts';
import { b2bGoalNames, b2bGoalPlanItems, employerGroups, findEmployerGroup } from './b2b.ts';
import { findGoal, getGoal, goalPlanItems, goals, goalsForArea, starterTestForGoal } from './goals.ts';
import { getTest } from './tests.ts';

describe('goal mappings (specification §3)', () => {
  it.each([
    { slug: 'weight-management', name: 'Weight Management', goalId: 2, starterTestId: 1, test: 'Cholesterol & Lipids Test' },
    { slug: 'fatigue', name: 'Fatigue', goalId: 0, starterTestId: 68, test: 'Focus Test' },
    { slug: 'brain-fog', name: 'Brain Fog', goalId: 1, starterTestId: 68, test: 'Focus Test' },
    { slug: 'anxiety-depression', name: 'Anxiety & Depression', goalId: 8, starterTestId: 53, test: 'Cortisol Test' },
    { slug: 'heart-health', name: 'Heart Health', goalId: 13, starterTestId: 1, test: 'Cholesterol & Lipids Test' },
    { slug: 'womens-health', name: "Women's Health", goalId: 10, starterTestId: 207, test: 'Testosterone & DHEA Test' },
    { slug: 'bloating', name: 'Bloating', goalId: 2, starterTestId: 65, test: 'CRP & HbA1c Test' },
    // the spec gives Sleep no test: the Melatonin Test is our decision
    { slug: 'sleep', name: 'Sleep', goalId: 3, starterTestId: 54, test: 'Melatonin Test' },
  ])('$slug is goalId $goalId with starter test $starterTestId', ({ slug, name, goalId, starterTestId, test }) => {
    expect(getGoal(slug)).toMatchObject({ slug, name, goalId, starterTestId });
    expect(starterTestForGoal(slug)).toMatchObject({ id: starterTestId, title: test });
  });

  it('offers exactly these eight goals, each slug once', () => {
    expect(goals.map((goal) => goal.slug)).toEqual([
      'weight-management',
      'fatigue',
      'brain-fog',
      'anxiety-depression',
      'heart-health',
      'womens-health',
      'bloating',
      'sleep',
    ]);
  });

  it('identifies a goal by its slug, since Weight Management and Bloating share goalId 2', () => {
    expect(goals.filter((goal) => goal.goalId === 2).map((goal) => goal.slug)).toEqual(['weight-management', 'bloating']);
  });

  it("puts each goal in its starter test's area", () => {
    for (const goal of goals) expect(getTest(goal.starterTestId).area, goal.slug).toBe(goal.area);
  });
});

describe('goal lookups', () => {
  it.each(['nope', '', 'constructor', '__proto__', 'Fatigue'])('findGoal(%j) is undefined', (slug) => {
    expect(findGoal(slug)).toBeUndefined();
  });

  it('getGoal and starterTestForGoal throw on an unknown slug', () => {
    expect(() => getGoal('nope')).toThrow(RangeError);
    expect(() => starterTestForGoal('nope')).toThrow(RangeError);
  });

  it.each([
    { area: 'diet', slugs: ['weight-management', 'heart-health', 'bloating'] },
    { area: 'stress', slugs: ['anxiety-depression'] },
    { area: 'sleep', slugs: ['sleep'] },
    { area: 'energy', slugs: ['fatigue', 'brain-fog'] },
    { area: 'sex-drive', slugs: ['womens-health'] },
  ] as const)('goalsForArea($area)', ({ area, slugs }) => {
    expect(goalsForArea(area).map((goal) => goal.slug)).toEqual(slugs);
  });

  it('gives every area at least one goal', () => {
    for (const area of areaSlugs) expect(goalsForArea(area).length, area).toBeGreaterThan(0);
  });
});

describe('goal plan items', () => {
  it('carries the fields of the specification §3 for every goal', () => {
    expect(goalPlanItems).toHaveLength(goals.length);
    expect(goalPlanItems.find((item) => item.goalName === 'anxiety-depression')).toEqual({
      area: 'stress',
      title: 'Anxiety & Depression',
      description: expect.any(String),
      goalId: 8,
      goalName: 'anxiety-depression',
      showMore: '/goal/anxiety-depression',
      starterTest: 'Cortisol Test',
      starterTestId: 53,
    });
  });
});

describe('B2B goals and employer groups', () => {
  it('names the three B2B goals', () => {
    expect(b2bGoalNames).toEqual(['preventative-health', 'fatigue', 'mental-health']);
    expect(b2bGoalPlanItems.map((item) => item.goalName)).toEqual(['preventative-health', 'fatigue', 'mental-health']);
  });

  it.each(['bolton', 'trialmember'])('gives %s the three goal options', (slug) => {
    const group = findEmployerGroup(slug);
    expect(group?.slug).toBe(slug);
    expect(group?.goalOptions.map((item) => item.goalName)).toEqual([...b2bGoalNames]);
  });

  it('knows no other employer group', () => {
    expect(Object.keys(employerGroups)).toEqual(['bolton', 'trialmember']);
    expect(findEmployerGroup('acme')).toBeUndefined();
    expect(findEmployerGroup('toString')).toBeUndefined();
  });

  it.each([
    { goalName: 'preventative-health', goalId: 13, starterTestId: 1 },
    { goalName: 'fatigue', goalId: 0, starterTestId: 68 },
    { goalName: 'mental-health', goalId: 8, starterTestId: 53 },
  ])('$goalName borrows goalId $goalId and test $starterTestId', ({ goalName, goalId, starterTestId }) => {
    expect(b2bGoalPlanItems.find((item) => item.goalName === goalName)).toMatchObject({
      goalId,
      starterTestId,
      starterTest: getTest(starterTestId).title,
    });
  });
});
