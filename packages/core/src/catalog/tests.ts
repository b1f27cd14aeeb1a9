import type { AreaSlug } from './areas.ts';
import { getBiomarker, type Biomarker } from './biomarkers.ts';
import type { KitSlug } from './kits.ts';

export type LabTestType = 'blood' | 'saliva';

/** A lab test the shop sells: a "test option" of the specification §3. */
export interface LabTest {
  id: number;
  slug: string;
  title: string;
  /** the name the Complete bundle lists it by (specification §1) */
  bundleName: string;
  overview: string;
  description: string;
  type: LabTestType;
  area: AreaSlug;
  sampleType: string;
  /** how many samples are collected: cortisol and melatonin are taken 3 times in one day */
  samples: number;
  /** the kit of the Complete bundle this test ships in (see kits.ts) */
  kit: KitSlug;
  biomarkers: readonly Biomarker[];
}

const fingerPrick = 'Finger-prick blood, collected at home with the kit or drawn at a partner lab';
const salivaThreeTimes = (times: string) => `Saliva, 3 samples on the same day (${times}), collected at home`;

// Ids 1, 53, 65, 68 and 207 are the specification's (§3). The spec gives none for Energy
// Vitamins, Melatonin and Thyroid Hormones: 66, 54 and 69 were chosen next to their kit-mates.
export const tests: readonly LabTest[] = [
  {
    id: 1,
    slug: 'cholesterol-lipids',
    title: 'Cholesterol & Lipids Test',
    bundleName: 'Cholesterol & Lipids',
    overview: 'Your cholesterol and blood fats: the numbers behind heart health and weight.',
    description:
      'Measures total, LDL and HDL cholesterol and triglycerides from a few drops of blood. Together they show how your body handles dietary fat and sugar and what your long-term heart risk looks like, and they move within weeks of a change in diet.',
    type: 'blood',
    area: 'diet',
    sampleType: fingerPrick,
    samples: 1,
    kit: 'blood',
    biomarkers: [getBiomarker('total-cholesterol'), getBiomarker('ldl'), getBiomarker('hdl'), getBiomarker('triglycerides')],
  },
  {
    id: 65,
    slug: 'sugar-inflammation',
    title: 'CRP & HbA1c Test',
    bundleName: 'Sugar & Inflammation',
    overview: 'Your average blood sugar and the inflammation signal, in one finger-prick.',
    description:
      'HbA1c shows how well your body has handled sugar over the last three months; hs-CRP shows whether there is ongoing inflammation. Both are linked to bloating, weight gain and heart health, and both respond to what you eat.',
    type: 'blood',
    area: 'diet',
    sampleType: fingerPrick,
    samples: 1,
    kit: 'blood',
    biomarkers: [getBiomarker('hs-crp'), getBiomarker('hba1c')],
  },
  {
    id: 66,
    slug: 'energy-vitamins',
    title: 'Energy Vitamins Test',
    bundleName: 'Energy Vitamins',
    overview: 'The vitamins and minerals most often low when you feel drained.',
    description:
      'Measures vitamin D, folate and magnesium. Low levels are common, easy to miss and straightforward to correct with food, sunlight or a supplement chosen on the result rather than on a guess.',
    type: 'blood',
    area: 'energy',
    sampleType: fingerPrick,
    samples: 1,
    kit: 'blood',
    biomarkers: [getBiomarker('vitamin-d'), getBiomarker('folate'), getBiomarker('magnesium')],
  },
  {
    id: 53,
    slug: 'cortisol',
    title: 'Cortisol Test',
    bundleName: 'Cortisol',
    overview: 'Your stress hormone, morning to night, from three saliva samples.',
    description:
      'Cortisol should peak after waking and fall towards bedtime. Three samples on one day show the shape of your curve, which says more about stress, anxiety, low mood and poor sleep than a single number can.',
    type: 'saliva',
    area: 'stress',
    sampleType: salivaThreeTimes('morning, afternoon and bedtime'),
    samples: 3,
    kit: 'daily-rhythm-saliva',
    biomarkers: [getBiomarker('cortisol')],
  },
  {
    id: 54,
    slug: 'melatonin',
    title: 'Melatonin Test',
    bundleName: 'Melatonin',
    overview: 'Your sleep hormone through the evening and night, from three saliva samples.',
    description:
      'Melatonin should rise in the evening and stay up through the night. Three samples show whether it rises, and when, which helps explain trouble falling asleep, waking at night or feeling unrested.',
    type: 'saliva',
    area: 'sleep',
    sampleType: salivaThreeTimes('early evening, bedtime and on waking'),
    samples: 3,
    kit: 'daily-rhythm-saliva',
    biomarkers: [getBiomarker('melatonin')],
  },
  {
    id: 68,
    slug: 'focus',
    title: 'Focus Test',
    bundleName: 'Focus',
    overview: 'Iron stores and vitamin B12: common, fixable causes of fatigue and brain fog.',
    description:
      'Measures ferritin, iron and vitamin B12. Low iron stores and low B12 are among the most frequent reasons for tiredness, poor concentration and brain fog, and both can be corrected once you know.',
    type: 'blood',
    area: 'energy',
    sampleType: fingerPrick,
    samples: 1,
    kit: 'blood',
    biomarkers: [getBiomarker('ferritin'), getBiomarker('iron'), getBiomarker('vitamin-b12')],
  },
  {
    id: 69,
    slug: 'thyroid-hormones',
    title: 'Thyroid Hormones Test',
    bundleName: 'Thyroid Hormones',
    overview: 'TSH, free T4 and free T3: how fast your metabolism is running.',
    description:
      'The thyroid sets the pace of your metabolism. An underactive thyroid is a common, treatable cause of fatigue, weight gain, feeling cold and low mood, and an overactive one of anxiety and weight loss.',
    type: 'blood',
    area: 'energy',
    sampleType: fingerPrick,
    samples: 1,
    kit: 'blood',
    biomarkers: [getBiomarker('tsh'), getBiomarker('free-t4'), getBiomarker('free-t3')],
  },
  {
    id: 207,
    slug: 'testosterone-dhea',
    title: 'Testosterone & DHEA Test',
    bundleName: 'Libido',
    overview: 'The sex hormones behind desire, mood and energy, for women and men.',
    description:
      'Measures testosterone and DHEA, with estradiol and progesterone for the female cycle. Together they help explain low libido, irregular cycles, PMS and fatigue. Women collect on the cycle day the instructions give, since the levels change through the month.',
    type: 'saliva',
    area: 'sex-drive',
    sampleType: 'Saliva, 1 morning sample (women: on the cycle day the instructions give), collected at home',
    samples: 1,
    kit: 'hormone-saliva',
    biomarkers: [getBiomarker('testosterone'), getBiomarker('dhea'), getBiomarker('estradiol'), getBiomarker('progesterone')],
  },
];

const testsById = new Map(tests.map((test) => [test.id, test]));
const testsBySlug = new Map(tests.map((test) => [test.slug, test]));

export function findTest(id: number): LabTest | undefined {
  return testsById.get(id);
}

/** Throws on an unknown id: use it where the id comes from the catalog itself. */
export function getTest(id: number): LabTest {
  const test = testsById.get(id);
  if (!test) throw new RangeError(`Unknown test ${id}`);
  return test;
}

export function findTestBySlug(slug: string): LabTest | undefined {
  return testsBySlug.get(slug);
}

export function testsForArea(area: AreaSlug): LabTest[] {
  return tests.filter((test) => test.area === area);
}
