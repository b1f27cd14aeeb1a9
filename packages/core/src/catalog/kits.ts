import type { LabTest, LabTestType } from './tests.ts';
import { getTest, tests } from './tests.ts';

/**
 * The Complete bundle ships its 8 tests in 3 kits (specification §1). The split is ours: tests
 * share a kit when they share a collection, and the three collections differ in what and when.
 * - blood: every finger-prick test, since one set of drops fills all of them (and a partner-lab
 *   draw replaces the whole kit);
 * - daily-rhythm saliva: cortisol and melatonin are both sampled 3 times across one day, so their
 *   six tubes travel and are collected together;
 * - hormone saliva: sex hormones are one morning sample, and for women on a set day of the cycle,
 *   which is rarely the day the daily-rhythm samples are taken, so it is a kit of its own.
 */
export const kitSlugs = ['blood', 'daily-rhythm-saliva', 'hormone-saliva'] as const;
export type KitSlug = (typeof kitSlugs)[number];

export interface Kit {
  slug: KitSlug;
  name: string;
  type: LabTestType;
  description: string;
}

export const kits: readonly Kit[] = [
  {
    slug: 'blood',
    name: 'Finger-prick blood kit',
    type: 'blood',
    description: 'One finger-prick fills the sample card for every blood test, or visit a partner lab instead.',
  },
  {
    slug: 'daily-rhythm-saliva',
    name: 'Daily rhythm saliva kit',
    type: 'saliva',
    description: 'Six saliva tubes for cortisol and melatonin, collected at set times over one day.',
  },
  {
    slug: 'hormone-saliva',
    name: 'Hormone saliva kit',
    type: 'saliva',
    description: 'One morning saliva sample for the sex hormones, on the cycle day the instructions give.',
  },
];

export function testsInKit(slug: KitSlug): LabTest[] {
  return tests.filter((test) => test.kit === slug);
}

/** The Complete bundle's tests, in the specification's order (§1): all the tests the shop sells. */
export const completeBundleTestIds: readonly number[] = [1, 65, 66, 53, 54, 68, 69, 207];

export function completeBundleTests(): LabTest[] {
  return completeBundleTestIds.map(getTest);
}

/** The Complete bundle grouped as it ships: each kit with its tests. */
export function completeBundleKits(): Array<{ kit: Kit; tests: LabTest[] }> {
  const bundle = completeBundleTests();
  return kits.map((kit) => ({ kit, tests: bundle.filter((test) => test.kit === kit.slug) })).filter((group) => group.tests.length > 0);
}
