import { completeBundleTestIds, kits, type KitSlug } from '../catalog/kits.ts';
import { tests, type LabTest } from '../catalog/tests.ts';
import type { KitStatus } from './kit-track.ts';

/** Products that carry the whole Complete bundle, so all of its kits. */
const completeProducts: ReadonlySet<string> = new Set(['base-complete', 'base-complete-improvement-plan-pay-upfront']);

export interface PlannedKit {
  kitSlug: KitSlug;
  title: string;
  status: KitStatus;
}

/**
 * The tests an order bought, in the catalog's order: the Complete bundle's eight for a line that
 * carries the bundle, the line's own test for any other (a starter test, a retest, a delivery of
 * a test subscription). Its kits and the biomarkers its results must hold follow from them.
 */
export function testsOfOrder(items: ReadonlyArray<{ productCode: string; testId: number | null }>): LabTest[] {
  const ids = new Set<number>();
  for (const item of items) {
    if (completeProducts.has(item.productCode)) for (const id of completeBundleTestIds) ids.add(id);
    else if (item.testId !== null) ids.add(item.testId);
  }
  return tests.filter((test) => ids.has(test.id));
}

/**
 * The kits an approved order starts with: one per kit its tests ship in (the Complete bundle
 * three, a starter test one), in `preparing` for a home kit or `lab_order_sent` for a partner lab.
 */
export function kitsForOrder(items: ReadonlyArray<{ productCode: string; testId: number | null }>, method: 'home' | 'lab'): PlannedKit[] {
  const slugs = new Set<KitSlug>(testsOfOrder(items).map((test) => test.kit));
  return kits
    .filter((kit) => slugs.has(kit.slug))
    .map((kit) => ({ kitSlug: kit.slug, title: kit.name, status: method === 'home' ? 'preparing' : 'lab_order_sent' }));
}

/** Products that carry the Improvement Program, billed on results or already paid (upfront, or by a gift). */
const programProducts: ReadonlySet<string> = new Set([
  'base-improvement-plan',
  'base-improvement-plan-pay-upfront',
  'base-complete-improvement-plan',
  'base-complete-improvement-plan-pay-upfront',
]);

/** Whether an order's results start the Improvement Program: some line of it carries the program. */
export function orderIncludesProgram(items: ReadonlyArray<{ productCode: string }>): boolean {
  return items.some((item) => programProducts.has(item.productCode));
}
