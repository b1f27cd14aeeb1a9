import { describe, expect, it } from 'vitest';
import {
  biomarkerPages,
  biomarkerSlugs,
  canonicalBiomarkerSlug,
  canonicalBiomarkerSlugs,
  findBiomarkerPage,
  isCanonicalBiomarkerSlug,
} from './biomarker-pages.ts';
import { getTest } from './tests.ts';

// the specification's lists (§2), written out again so that a change to the data shows here
const specSlugs = [
  'cortisol',
  'testosterone',
  'vitamind',
  'fatigue',
  'crp',
  'hba1c',
  'tsh',
  'ferritin',
  'iron',
  'vitaminb12',
  'triglycerides',
  't4',
  't3',
  'hypothyroidism',
  'estradiol',
  'melatonin',
  'ldl',
  'hdl',
  'progesterone',
  'femalehormonestest',
  'totalcholesterol',
];
const specCanonical = ['cortisol', 'testosterone', 'vitamin-d', 'crp', 't3', 'ferritin', 'ldl', 'female-hormones-test', 'melatonin'];

describe('biomarker slugs (specification §2)', () => {
  it('are the lists of the specification', () => {
    expect([...biomarkerSlugs]).toEqual(specSlugs);
    expect([...canonicalBiomarkerSlugs]).toEqual(specCanonical);
  });

  it.each([
    ['cortisol', 'cortisol'],
    ['testosterone', 'testosterone'],
    ['vitamind', 'vitamin-d'],
    ['fatigue', 'ferritin'],
    ['crp', 'crp'],
    ['hba1c', 'crp'],
    ['tsh', 't3'],
    ['ferritin', 'ferritin'],
    ['iron', 'ferritin'],
    ['vitaminb12', 'ferritin'],
    ['triglycerides', 'ldl'],
    ['t4', 't3'],
    ['t3', 't3'],
    ['hypothyroidism', 't3'],
    ['estradiol', 'female-hormones-test'],
    ['melatonin', 'melatonin'],
    ['ldl', 'ldl'],
    ['hdl', 'ldl'],
    ['progesterone', 'female-hormones-test'],
    ['femalehormonestest', 'female-hormones-test'],
    ['totalcholesterol', 'ldl'],
  ])('%s -> %s', (slug, canonical) => {
    expect(canonicalBiomarkerSlug(slug)).toBe(canonical);
  });

  it('resolves every slug of the specification to a canonical slug of the specification', () => {
    for (const slug of specSlugs) expect(specCanonical, slug).toContain(canonicalBiomarkerSlug(slug));
  });

  it.each(specCanonical)('maps the canonical %s to itself', (slug) => {
    expect(canonicalBiomarkerSlug(slug)).toBe(slug);
    expect(isCanonicalBiomarkerSlug(slug)).toBe(true);
  });

  it.each(['vitamind', 'hdl', 'femalehormonestest'])('does not call %s canonical', (slug) => {
    expect(isCanonicalBiomarkerSlug(slug)).toBe(false);
  });

  it.each(['', 'nope', 'vitamin-b12', 'Cortisol', 'constructor', '__proto__', 'toString'])('knows no slug %j', (slug) => {
    expect(canonicalBiomarkerSlug(slug)).toBeUndefined();
    expect(findBiomarkerPage(slug)).toBeUndefined();
  });
});

describe('biomarker pages', () => {
  it('has one page per canonical slug', () => {
    expect(biomarkerPages.map((page) => page.slug)).toEqual(specCanonical);
  });

  it.each([
    { slug: 'cortisol', testId: 53 },
    { slug: 'testosterone', testId: 207 },
    { slug: 'vitamin-d', testId: 66 },
    { slug: 'crp', testId: 65 },
    { slug: 't3', testId: 69 },
    { slug: 'ferritin', testId: 68 },
    { slug: 'ldl', testId: 1 },
    { slug: 'female-hormones-test', testId: 207 },
    { slug: 'melatonin', testId: 54 },
  ])('$slug is sold by test $testId', ({ slug, testId }) => {
    const page = findBiomarkerPage(slug);
    expect(page?.testId).toBe(testId);
    expect(page?.sampleType).toBe(getTest(testId).sampleType);
  });

  it('fills every field of every page', () => {
    for (const page of biomarkerPages) {
      for (const text of [page.title, page.measures, page.sampleType, page.resultMeaning]) {
        expect(text.length, page.slug).toBeGreaterThan(0);
      }
    }
  });

  it('sends every slug to a page of a test that measures it', () => {
    // the test a slug lands on must list the biomarker the slug names
    const measured: Record<string, string> = {
      vitamind: 'vitamin-d',
      hba1c: 'hba1c',
      crp: 'hs-crp',
      tsh: 'tsh',
      t4: 'free-t4',
      t3: 'free-t3',
      iron: 'iron',
      ferritin: 'ferritin',
      vitaminb12: 'vitamin-b12',
      ldl: 'ldl',
      hdl: 'hdl',
      triglycerides: 'triglycerides',
      totalcholesterol: 'total-cholesterol',
      estradiol: 'estradiol',
      progesterone: 'progesterone',
      testosterone: 'testosterone',
      cortisol: 'cortisol',
      melatonin: 'melatonin',
    };
    for (const [slug, biomarker] of Object.entries(measured)) {
      const page = findBiomarkerPage(slug);
      expect(page, slug).toBeDefined();
      expect(
        getTest(page!.testId).biomarkers.map((b) => b.slug),
        slug,
      ).toContain(biomarker);
    }
  });

  it('reaches the same page from a slug and from its canonical form', () => {
    expect(findBiomarkerPage('hypothyroidism')).toBe(findBiomarkerPage('t3'));
  });
});
