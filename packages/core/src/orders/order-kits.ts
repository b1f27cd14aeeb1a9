import { completeBundleKits, kits, type KitSlug } from '../catalog/kits.ts';
import { getTest, tests } from '../catalog/tests.ts';
import type { KitStatus } from './kit-track.ts';

/** Products that carry the whole Complete bundle, so all of its kits. */
const completeProducts: ReadonlySet<string> = new Set(['base-complete', 'base-complete-improvement-plan-pay-upfront']);

export interface PlannedKit {
  kitSlug: KitSlug;
  title: string;
  status: KitStatus;
}

/**
 * The kits an approved order starts with: one per kit its tests ship in (the Complete bundle
 * three, a starter test one), in `preparing` for a home kit or `lab_order_sent` for a partner lab.
 */
export function kitsForOrder(items: ReadonlyArray<{ productCode: string; testId: number | null }>, method: 'home' | 'lab'): PlannedKit[] {
  const slugs = new Set<KitSlug>();
  for (const item of items) {
    if (completeProducts.has(item.productCode)) for (const group of completeBundleKits()) slugs.add(group.kit.slug);
    else if (item.testId !== null && tests.some((test) => test.id === item.testId)) slugs.add(getTest(item.testId).kit);
  }
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
