import { describe, expect, it } from 'vitest';
import { messages } from '../errors/api-error.ts';
import { areasToShow, goalForAnswers, recommend, symptomRules, type Recommendation } from './engine.ts';
import { getGoal } from '../catalog/goals.ts';
import { quizVariants } from './variants.ts';

const today = new Date('2026-11-21T12:00:00Z');
const adult = { sex: 'female', dateOfBirth: '1990-04-12' } as const;

function eligible(recommendation: Recommendation) {
  if (!recommendation.eligible) throw new Error(`expected a recommendation, got: ${recommendation.reason}`);
  return recommendation;
}

describe('a chosen goal leads to its starter test (specification §3)', () => {
  it.each([
    { goal: 'weight-management', goalId: 2, testId: 1, test: 'Cholesterol & Lipids Test', title: 'Your Weight Management starter plan' },
    { goal: 'fatigue', goalId: 0, testId: 68, test: 'Focus Test', title: 'Your Fatigue starter plan' },
    { goal: 'brain-fog', goalId: 1, testId: 68, test: 'Focus Test', title: 'Your Brain Fog starter plan' },
    { goal: 'anxiety-depression', goalId: 8, testId: 53, test: 'Cortisol Test', title: 'Your Anxiety & Depression starter plan' },
    { goal: 'heart-health', goalId: 13, testId: 1, test: 'Cholesterol & Lipids Test', title: 'Your Heart Health starter plan' },
    { goal: 'womens-health', goalId: 10, testId: 207, test: 'Testosterone & DHEA Test', title: "Your Women's Health starter plan" },
    { goal: 'bloating', goalId: 2, testId: 65, test: 'CRP & HbA1c Test', title: 'Your Bloating starter plan' },
    // the spec gives Sleep no test: the Melatonin Test is the catalog's decision
    { goal: 'sleep', goalId: 3, testId: 54, test: 'Melatonin Test', title: 'Your Sleep starter plan' },
  ] as const)('$goal -> test $testId', ({ goal, goalId, testId, test, title }) => {
    const result = eligible(recommend({ goal, ...adult }, today));
    expect(result.goal).toMatchObject({ slug: goal, goalId });
    expect(result.starterTest).toMatchObject({ id: testId, title: test });
    expect(result.title).toBe(title);
    expect(result.areas[0]).toBe(getGoal(goal).area);
  });

  it('never lets symptoms override a chosen goal', () => {
    expect(eligible(recommend({ goal: 'sleep', symptoms: ['bloating', 'brain-fog'], ...adult }, today)).goal.slug).toBe('sleep');
  });
});

describe('an area, refined by symptoms', () => {
  it.each([
    { area: 'diet', goal: 'weight-management', testId: 1 },
    { area: 'stress', goal: 'anxiety-depression', testId: 53 },
    { area: 'sleep', goal: 'sleep', testId: 54 },
    { area: 'energy', goal: 'fatigue', testId: 68 },
    { area: 'sex-drive', goal: 'womens-health', testId: 207 },
  ] as const)('$area alone -> $goal', ({ area, goal, testId }) => {
    const result = eligible(recommend({ area, ...adult }, today, 'quiz-base'));
    expect(result.goal.slug).toBe(goal);
    expect(result.starterTest.id).toBe(testId);
  });

  it.each([
    { area: 'diet', symptoms: ['bloating'], goal: 'bloating', testId: 65 },
    { area: 'diet', symptoms: ['tiredness', 'bloating'], goal: 'bloating', testId: 65 },
    { area: 'diet', symptoms: ['bloating', 'weight-gain'], goal: 'weight-management', testId: 1 },
    { area: 'diet', symptoms: ['none'], goal: 'weight-management', testId: 1 },
    { area: 'energy', symptoms: ['brain-fog'], goal: 'brain-fog', testId: 68 },
    { area: 'energy', symptoms: ['tiredness'], goal: 'fatigue', testId: 68 },
    // a symptom of another area does not move the goal out of the chosen area
    { area: 'stress', symptoms: ['bloating', 'brain-fog'], goal: 'anxiety-depression', testId: 53 },
    { area: 'sleep', symptoms: ['anxiety'], goal: 'sleep', testId: 54 },
  ] as const)('$area with $symptoms -> $goal', ({ area, symptoms, goal, testId }) => {
    const result = eligible(recommend({ area, symptoms: [...symptoms], ...adult }, today, 'quiz-base'));
    expect(result.goal.slug).toBe(goal);
    expect(result.starterTest.id).toBe(testId);
  });

  it('keeps every rule inside its area', () => {
    for (const rule of symptomRules) expect(getGoal(rule.goal).area, rule.goal).toBe(rule.area);
  });

  it('needs a goal or an area', () => {
    expect(() => goalForAnswers({ sex: 'male' })).toThrow(RangeError);
  });
});

describe('areas to show', () => {
  it('puts the goal area first, then the areas the answers point to, at most three', () => {
    expect(areasToShow(getGoal('bloating'), { symptoms: ['low-libido', 'poor-sleep', 'anxiety'] })).toEqual(['diet', 'sex-drive', 'sleep']);
    expect(areasToShow(getGoal('sleep'), { symptoms: ['poor-sleep'] })).toEqual(['sleep', 'stress', 'energy']);
    expect(areasToShow(getGoal('fatigue'), { sleepHours: 'under-5' })).toEqual(['energy', 'sleep', 'diet']);
    expect(areasToShow(getGoal('weight-management'), {})).toEqual(['diet', 'energy', 'stress']);
  });

  it('never repeats an area', () => {
    const areas = areasToShow(getGoal('fatigue'), { symptoms: ['tiredness', 'brain-fog'] });
    expect(new Set(areas).size).toBe(areas.length);
  });
});

describe('age (specification §5)', () => {
  it('refuses someone born 17 years and 364 days before today', () => {
    expect(recommend({ goal: 'fatigue', sex: 'male', dateOfBirth: '2008-11-22' }, today)).toEqual({
      eligible: false,
      reason: messages.underage,
    });
  });

  it('accepts someone 18 today', () => {
    expect(recommend({ goal: 'fatigue', sex: 'male', dateOfBirth: '2008-11-21' }, today).eligible).toBe(true);
  });

  it('refuses a minor in every variant that is not a gift', () => {
    const minor = { goal: 'fatigue', area: 'energy', sex: 'female', dateOfBirth: '2010-01-01' } as const;
    for (const variant of Object.values(quizVariants)) {
      if (variant.audience === 'gift') continue;
      expect(recommend(minor, today, variant).eligible, variant.slug).toBe(false);
    }
  });

  it('throws when a variant that checks age gets no date of birth', () => {
    expect(() => recommend({ goal: 'fatigue', sex: 'male' }, today, 'quiz')).toThrow(RangeError);
  });
});

describe('gift quizzes', () => {
  it('recommend without a date of birth and speak of "them"', () => {
    const byGoal = eligible(recommend({ goal: 'sleep', recipientSex: 'male' }, today, 'quiz-gift'));
    expect(byGoal.title).toBe('A Sleep starter test for them');
    expect(byGoal.starterTest.id).toBe(54);

    const byArea = eligible(
      recommend({ area: 'energy', symptoms: ['brain-fog'], recipientSex: 'female' }, today, quizVariants['quiz-gifting']),
    );
    expect(byArea.title).toBe('A Brain Fog starter test for them');
    expect(byArea.areas[0]).toBe('energy');
  });
});
