import { describe, expect, it } from 'vitest';
import { isAreaSlug } from './areas.ts';
import { b2bGoalPlanItems, employerGroups } from './b2b.ts';
import { biomarkerPages } from './biomarker-pages.ts';
import { goalPlanItems, goals } from './goals.ts';
import { completeBundleTestIds } from './kits.ts';
import { findTest, tests } from './tests.ts';

/** Every place the catalog names a test by id, with where it is named. */
function referencedTestIds(): Array<[where: string, id: number | undefined]> {
  return [
    ...goals.map((goal): [string, number] => [`goal ${goal.slug}`, goal.starterTestId]),
    ...goalPlanItems.map((item): [string, number | undefined] => [`goal plan item ${item.goalName}`, item.starterTestId]),
    ...b2bGoalPlanItems.map((item): [string, number | undefined] => [`b2b goal ${item.goalName}`, item.starterTestId]),
    ...Object.values(employerGroups).flatMap((group) =>
      group.goalOptions.map((item): [string, number | undefined] => [`${group.slug} ${item.goalName}`, item.starterTestId]),
    ),
    ...biomarkerPages.map((page): [string, number] => [`biomarker page ${page.slug}`, page.testId]),
    ...completeBundleTestIds.map((id): [string, number] => ['complete bundle', id]),
  ];
}

describe('catalog integrity', () => {
  it('refers only to tests that exist', () => {
    const references = referencedTestIds();
    expect(references.length).toBeGreaterThan(30);
    for (const [where, id] of references) {
      expect(id, where).toBeDefined();
      expect(findTest(id!), `${where} names test ${id}`).toBeDefined();
    }
  });

  it('names each starter test by its title', () => {
    for (const item of [...goalPlanItems, ...b2bGoalPlanItems]) {
      expect(item.starterTest, item.goalName).toBe(findTest(item.starterTestId!)?.title);
    }
  });

  it('puts every test, goal and plan item in a known area', () => {
    for (const test of tests) expect(isAreaSlug(test.area), test.slug).toBe(true);
    for (const goal of goals) expect(isAreaSlug(goal.area), goal.slug).toBe(true);
    for (const item of [...goalPlanItems, ...b2bGoalPlanItems]) expect(isAreaSlug(item.area), item.goalName).toBe(true);
  });
});
