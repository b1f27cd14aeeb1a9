import type { GoalPlanItem } from './goals.ts';
import { getTest } from './tests.ts';

/** The goals an employer's people choose from (specification §3). */
export const b2bGoalNames = ['preventative-health', 'fatigue', 'mental-health'] as const;
export type B2bGoalName = (typeof b2bGoalNames)[number];

// The specification names the B2B goals but gives them no numbers or tests. Each borrows the
// goalId and starter test of the consumer goal it matches: mental health is Anxiety & Depression
// (8, Cortisol), fatigue is Fatigue (0, Focus), preventative health is Heart Health (13,
// Cholesterol & Lipids), the most common preventive screen.
type B2bGoal = Pick<GoalPlanItem, 'area' | 'title' | 'description' | 'goalId'> & { starterTestId: number };

const b2bGoals: Record<B2bGoalName, B2bGoal> = {
  'preventative-health': {
    area: 'diet',
    title: 'Preventative Health',
    description: 'Catch rising cholesterol and blood fats early, years before they cause trouble.',
    goalId: 13,
    starterTestId: 1,
  },
  fatigue: {
    area: 'energy',
    title: 'Fatigue',
    description: 'Find the iron or vitamin gap behind the afternoon slump.',
    goalId: 0,
    starterTestId: 68,
  },
  'mental-health': {
    area: 'stress',
    title: 'Mental Health',
    description: 'See how stress shows up in your body through the day, and what helps.',
    goalId: 8,
    starterTestId: 53,
  },
};

export const b2bGoalPlanItems: readonly GoalPlanItem[] = b2bGoalNames.map((name) => ({
  ...b2bGoals[name],
  goalName: name,
  starterTest: getTest(b2bGoals[name].starterTestId).title,
}));

export const employerGroupSlugs = ['bolton', 'trialmember'] as const;
export type EmployerGroupSlug = (typeof employerGroupSlugs)[number];

/** An employer group page (/b2b/{b2b}) with the goals its people choose from. */
export interface EmployerGroup {
  slug: EmployerGroupSlug;
  /** how the pages name the group to its members */
  name: string;
  goalOptions: readonly GoalPlanItem[];
}

// Both groups of the specification get the same three options.
export const employerGroups: Record<EmployerGroupSlug, EmployerGroup> = {
  bolton: { slug: 'bolton', name: 'Bolton', goalOptions: b2bGoalPlanItems },
  trialmember: { slug: 'trialmember', name: 'Trial members', goalOptions: b2bGoalPlanItems },
};

export function findEmployerGroup(slug: string): EmployerGroup | undefined {
  return Object.hasOwn(employerGroups, slug) ? employerGroups[slug as EmployerGroupSlug] : undefined;
}
