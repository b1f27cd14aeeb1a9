import { describe, expect, it } from 'vitest';
import { areaSlugs, areas, getArea, isAreaSlug } from './areas.ts';
import { COMPLETE_BUNDLE_KIT_COUNT, COMPLETE_BUNDLE_TEST_COUNT } from './constants.ts';
import { completeBundleKits, completeBundleTestIds, completeBundleTests, kits, testsInKit } from './kits.ts';
import { findTest, findTestBySlug, getTest, tests, testsForArea } from './tests.ts';

describe('the tests of the specification (§3)', () => {
  it.each([
    { id: 1, title: 'Cholesterol & Lipids Test', type: 'blood', area: 'diet' },
    { id: 53, title: 'Cortisol Test', type: 'saliva', area: 'stress' },
    { id: 65, title: 'CRP & HbA1c Test', type: 'blood', area: 'diet' },
    { id: 68, title: 'Focus Test', type: 'blood', area: 'energy' },
    { id: 207, title: 'Testosterone & DHEA Test', type: 'saliva', area: 'sex-drive' },
    // ids the specification does not give: ours
    { id: 54, title: 'Melatonin Test', type: 'saliva', area: 'sleep' },
    { id: 66, title: 'Energy Vitamins Test', type: 'blood', area: 'energy' },
    { id: 69, title: 'Thyroid Hormones Test', type: 'blood', area: 'energy' },
  ])('test $id is the $title', ({ id, title, type, area }) => {
    expect(getTest(id)).toMatchObject({ id, title, type, area });
  });

  it.each([
    { id: 53, samples: 3 },
    { id: 54, samples: 3 },
  ])('test $id is saliva taken $samples times in one day', ({ id, samples }) => {
    const test = getTest(id);
    expect(test).toMatchObject({ type: 'saliva', samples });
    expect(test.sampleType).toMatch(/^Saliva, 3 samples on the same day/);
  });

  it('has unique ids and slugs', () => {
    expect(new Set(tests.map((test) => test.id)).size).toBe(tests.length);
    expect(new Set(tests.map((test) => test.slug)).size).toBe(tests.length);
  });

  it('describes every test and every biomarker in words', () => {
    for (const test of tests) {
      expect(Number.isInteger(test.id) && test.id >= 0, test.title).toBe(true);
      for (const text of [test.slug, test.title, test.overview, test.description, test.sampleType]) {
        expect(text.length, test.title).toBeGreaterThan(0);
      }
      expect(test.sampleType.toLowerCase(), test.title).toContain(test.type === 'blood' ? 'finger-prick blood' : 'saliva');
      expect(test.biomarkers.length, test.title).toBeGreaterThan(0);
      for (const biomarker of test.biomarkers) {
        expect(biomarker.slug, test.title).toMatch(/^[a-z0-9-]+$/);
        expect(biomarker.title.length, biomarker.slug).toBeGreaterThan(0);
        expect(biomarker.description.length, biomarker.slug).toBeGreaterThan(80);
      }
    }
  });
});

describe('test lookups', () => {
  it('finds a test by id and by slug', () => {
    expect(findTest(53)?.slug).toBe('cortisol');
    expect(findTestBySlug('focus')?.id).toBe(68);
  });

  it.each([0, 2, -1, 1.5, Number.NaN])('knows no test %s', (id) => {
    expect(findTest(id)).toBeUndefined();
    expect(() => getTest(id)).toThrow(RangeError);
  });

  it.each(['', 'nope', 'constructor', 'Cortisol'])('knows no test slug %j', (slug) => {
    expect(findTestBySlug(slug)).toBeUndefined();
  });

  it.each([
    { area: 'diet', ids: [1, 65] },
    { area: 'stress', ids: [53] },
    { area: 'sleep', ids: [54] },
    { area: 'energy', ids: [66, 68, 69] },
    { area: 'sex-drive', ids: [207] },
  ] as const)('testsForArea($area)', ({ area, ids }) => {
    expect(testsForArea(area).map((test) => test.id)).toEqual(ids);
  });
});

describe('areas', () => {
  it('are the five of the specification, each with a name and a line', () => {
    expect(areas.map((area) => area.slug)).toEqual(['diet', 'stress', 'sleep', 'energy', 'sex-drive']);
    expect(areaSlugs).toEqual(areas.map((area) => area.slug));
    for (const area of areas) expect(area.name.length * area.description.length, area.slug).toBeGreaterThan(0);
    expect(getArea('sex-drive').name).toBe('Sex drive');
  });

  it.each([
    ['diet', true],
    ['sex-drive', true],
    ['Diet', false],
    ['toString', false],
  ] as const)('isAreaSlug(%j) is %s', (value, expected) => {
    expect(isAreaSlug(value)).toBe(expected);
  });
});

describe('the Complete bundle (specification §1)', () => {
  it('is 8 tests in 3 kits', () => {
    expect(completeBundleTests()).toHaveLength(COMPLETE_BUNDLE_TEST_COUNT);
    expect(COMPLETE_BUNDLE_TEST_COUNT).toBe(8);
    expect(completeBundleKits()).toHaveLength(COMPLETE_BUNDLE_KIT_COUNT);
    expect(COMPLETE_BUNDLE_KIT_COUNT).toBe(3);
    expect(kits).toHaveLength(3);
  });

  it('lists the tests by the names of the specification, in its order', () => {
    expect(completeBundleTests().map((test) => test.bundleName)).toEqual([
      'Cholesterol & Lipids',
      'Sugar & Inflammation',
      'Energy Vitamins',
      'Cortisol',
      'Melatonin',
      'Focus',
      'Thyroid Hormones',
      'Libido',
    ]);
  });

  it('takes cortisol and melatonin 3 times each, the rest once', () => {
    expect(completeBundleTests().map((test) => [test.bundleName, test.samples])).toEqual([
      ['Cholesterol & Lipids', 1],
      ['Sugar & Inflammation', 1],
      ['Energy Vitamins', 1],
      ['Cortisol', 3],
      ['Melatonin', 3],
      ['Focus', 1],
      ['Thyroid Hormones', 1],
      ['Libido', 1],
    ]);
  });

  it('is every test the shop sells, each once', () => {
    expect([...completeBundleTestIds].sort((a, b) => a - b)).toEqual(tests.map((test) => test.id).sort((a, b) => a - b));
  });

  it('ships the tests in these kits', () => {
    const byKit = completeBundleKits().map(({ kit, tests: inKit }) => [kit.slug, inKit.map((test) => test.bundleName)]);
    expect(byKit).toEqual([
      ['blood', ['Cholesterol & Lipids', 'Sugar & Inflammation', 'Energy Vitamins', 'Focus', 'Thyroid Hormones']],
      ['daily-rhythm-saliva', ['Cortisol', 'Melatonin']],
      ['hormone-saliva', ['Libido']],
    ]);
  });

  it('puts each test in a kit of its own sample type', () => {
    for (const kit of kits) {
      for (const test of testsInKit(kit.slug)) expect(test.type, test.title).toBe(kit.type);
    }
  });
});
