import { getTest } from './tests.ts';

/** Every slug /test/{biomarker} answers to (specification §2). */
export const biomarkerSlugs = [
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
] as const;
export type BiomarkerPageSlug = (typeof biomarkerSlugs)[number];

/** The slugs that have a page of their own; every other slug redirects to one of these. */
export const canonicalBiomarkerSlugs = [
  'cortisol',
  'testosterone',
  'vitamin-d',
  'crp',
  't3',
  'ferritin',
  'ldl',
  'female-hormones-test',
  'melatonin',
] as const;
export type CanonicalBiomarkerSlug = (typeof canonicalBiomarkerSlugs)[number];

// A slug goes to the page of the test that measures it: the thyroid slugs to t3, the lipids to
// ldl, HbA1c to crp (one test), iron, B12 and "fatigue" to ferritin (the Focus Test), the female
// hormones to their own page.
const canonicalOf = new Map<string, CanonicalBiomarkerSlug>([
  ...canonicalBiomarkerSlugs.map((slug) => [slug, slug] as const),
  ['vitamind', 'vitamin-d'],
  ['femalehormonestest', 'female-hormones-test'],
  ['tsh', 't3'],
  ['t4', 't3'],
  ['hypothyroidism', 't3'],
  ['hdl', 'ldl'],
  ['totalcholesterol', 'ldl'],
  ['triglycerides', 'ldl'],
  ['hba1c', 'crp'],
  ['iron', 'ferritin'],
  ['fatigue', 'ferritin'],
  ['vitaminb12', 'ferritin'],
  ['estradiol', 'female-hormones-test'],
  ['progesterone', 'female-hormones-test'],
]);

/**
 * The page a biomarker slug belongs to: itself when canonical, its canonical page otherwise (the
 * web redirects there), undefined for a slug the shop does not know. Exact match: slugs are
 * lower case in every link the shop makes.
 */
export function canonicalBiomarkerSlug(slug: string): CanonicalBiomarkerSlug | undefined {
  return canonicalOf.get(slug);
}

export function isCanonicalBiomarkerSlug(slug: string): slug is CanonicalBiomarkerSlug {
  return canonicalOf.get(slug) === slug;
}

export interface BiomarkerPage {
  slug: CanonicalBiomarkerSlug;
  title: string;
  /** what the biomarker measures */
  measures: string;
  /** how the sample is collected: the selling test's sample type */
  sampleType: string;
  /** what a result means, high and low */
  resultMeaning: string;
  /** the test that sells it */
  testId: number;
}

type PageText = Omit<BiomarkerPage, 'slug' | 'sampleType'>;

const pages: Record<CanonicalBiomarkerSlug, PageText> = {
  cortisol: {
    title: 'Cortisol test',
    measures: 'Cortisol, your main stress hormone, at three points of one day.',
    resultMeaning:
      'A healthy curve is high in the morning and low at night. A flat curve or a high evening level often goes with long-term stress, anxiety and poor sleep. Very high or very low levels throughout need a doctor to rule out an adrenal disorder.',
    testId: 53,
  },
  testosterone: {
    title: 'Testosterone test',
    measures: 'Testosterone and DHEA, the hormones behind sex drive, muscle and energy in women and men.',
    resultMeaning:
      'Low levels can explain low libido, fatigue and low mood. In women, high levels can point to PCOS. Levels fall with age, so results are read against your age and sex.',
    testId: 207,
  },
  'vitamin-d': {
    title: 'Vitamin D test',
    measures: 'Vitamin D, made by your skin in sunlight and needed for bones, muscles and immunity.',
    resultMeaning:
      'Low vitamin D is very common, especially in winter, and can go with tiredness, aches and low mood; it is easy to correct. A high level almost always means too much from supplements.',
    testId: 66,
  },
  crp: {
    title: 'CRP & HbA1c test',
    measures: 'hs-CRP, a signal of inflammation, and HbA1c, your average blood sugar over three months.',
    resultMeaning:
      'A raised CRP points to ongoing inflammation, or to a recent infection, so it is worth repeating. A raised HbA1c suggests prediabetes or diabetes. Both respond to diet and exercise.',
    testId: 65,
  },
  t3: {
    title: 'Thyroid test (TSH, T4, T3)',
    measures: 'TSH, free T4 and free T3: the signal to your thyroid and the hormones it makes.',
    resultMeaning:
      'A high TSH with low T4 means an underactive thyroid (hypothyroidism): fatigue, weight gain, feeling cold. A low TSH with high T4 or T3 means an overactive one: anxiety, weight loss, a racing heart.',
    testId: 69,
  },
  ferritin: {
    title: 'Ferritin & iron test',
    measures: 'Ferritin (your iron stores), iron and vitamin B12: the usual causes of fatigue and brain fog.',
    resultMeaning:
      'Low ferritin means low iron stores, a common and fixable cause of tiredness and poor focus. Low B12 can cause fatigue and tingling. A high ferritin can come from inflammation or iron overload and needs a closer look.',
    testId: 68,
  },
  ldl: {
    title: 'Cholesterol test (LDL, HDL, triglycerides)',
    measures: 'Total, LDL and HDL cholesterol and triglycerides: the fats in your blood.',
    resultMeaning:
      'High LDL and triglycerides raise heart risk over time; a higher HDL lowers it. All of them move with diet, exercise and weight within weeks.',
    testId: 1,
  },
  'female-hormones-test': {
    title: 'Female hormones test',
    measures: 'Estradiol and progesterone, with testosterone and DHEA, through the menstrual cycle.',
    resultMeaning:
      'Results are read against the day of your cycle. A low progesterone after ovulation can mean ovulation did not happen; an imbalance between estrogen and progesterone can go with heavy or irregular periods, PMS and poor sleep.',
    testId: 207,
  },
  melatonin: {
    title: 'Melatonin test',
    measures: 'Melatonin, the hormone that tells your body it is night, at three points of one day.',
    resultMeaning:
      'A low or late evening rise can explain trouble falling asleep and feeling unrested, and often follows late screens, bright light at night or shift work.',
    testId: 54,
  },
};

export const biomarkerPages: readonly BiomarkerPage[] = canonicalBiomarkerSlugs.map((slug) => ({
  slug,
  ...pages[slug],
  sampleType: getTest(pages[slug].testId).sampleType,
}));

/** The page for any known slug (canonical or not), or undefined. */
export function findBiomarkerPage(slug: string): BiomarkerPage | undefined {
  const canonical = canonicalBiomarkerSlug(slug);
  return canonical === undefined ? undefined : biomarkerPages.find((page) => page.slug === canonical);
}
