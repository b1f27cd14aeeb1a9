import { areas } from '../catalog/areas.ts';
import { goals } from '../catalog/goals.ts';
import { outOfRangeHeadline } from './guidance/index.ts';
import type { PlanSource } from './plan-types.ts';

/**
 * Why an item is in the member's plan, in a few words beside it: the result that brought it
 * ("Your ferritin was below range"), the goal or area of their quiz, or the everyday advice.
 */
export function planSourceLabel(source: PlanSource): string {
  switch (source.kind) {
    case 'biomarker':
      return outOfRangeHeadline(source.biomarker, source.flag);
    case 'goal':
      return `Your goal: ${goals.find((goal) => goal.slug === source.goal)?.name ?? source.goal}`;
    case 'area':
      return `Your area: ${areas.find((area) => area.slug === source.area)?.name ?? source.area}`;
    case 'general':
      return 'Everyday advice that suits most people';
  }
}
