import type { BiomarkerSlug } from '../catalog/biomarkers.ts';
import { outreachFindingOf } from './critical.ts';
import type { ResultFlag } from './flag.ts';

/**
 * What a flagged value usually means, in plain words, per biomarker and side. They explain, they
 * do not diagnose: each is read with the clinician's review, and a lab's own range may flag a
 * side the default range leaves open, so every biomarker has both sides.
 */
export const flagExplanations: Readonly<Record<BiomarkerSlug, { low: string; high: string }>> = {
  'total-cholesterol': {
    low: 'Low total cholesterol is uncommon; it can come with eating very little, an overactive thyroid or some medicines.',
    high: 'High total cholesterol adds to heart risk over the years; your LDL and HDL say more about where it comes from.',
  },
  ldl: {
    low: 'Low LDL cholesterol is generally good for your heart and arteries.',
    high: 'High LDL cholesterol can build up in artery walls; food, activity and sometimes medicine bring it down.',
  },
  hdl: {
    low: 'Low HDL cholesterol means less fat is carried back to the liver; activity, not smoking and losing weight raise it.',
    high: 'High HDL cholesterol is usually linked with lower heart risk.',
  },
  triglycerides: {
    low: 'Low triglycerides are rarely a concern.',
    high: 'High triglycerides often follow meals heavy in sugar, refined carbohydrates or alcohol, and add to heart risk.',
  },
  'hs-crp': {
    low: 'A low hs-CRP is what you want: little sign of inflammation.',
    high: 'A raised hs-CRP points to inflammation somewhere in the body, from a recent cold or injury or from a long-lasting cause; a repeat test tells them apart.',
  },
  hba1c: {
    low: 'A low HbA1c can come with anaemia, recent blood loss or frequent low blood sugar.',
    high: 'A high HbA1c means your blood sugar has run high over the last two to three months, as in prediabetes or diabetes.',
  },
  'vitamin-d': {
    low: 'Low vitamin D is common, above all in winter; it matters for bones, muscles and immunity, and a supplement usually corrects it.',
    high: 'High vitamin D almost always comes from taking too much as a supplement.',
  },
  folate: {
    low: 'Low folate can cause tiredness and a kind of anaemia; leafy greens, beans and sometimes a supplement raise it.',
    high: 'High folate usually reflects supplements or fortified foods and is rarely a problem on its own.',
  },
  magnesium: {
    low: 'Low magnesium can go with cramps, tiredness and poor sleep, and with some medicines such as acid-reflux tablets.',
    high: 'High magnesium is unusual; it can come from supplements or laxatives, or from kidneys that clear it slowly.',
  },
  cortisol: {
    low: 'Low cortisol at this time of day can mean your stress-hormone rhythm is flattened, as in long-lasting stress or poor sleep.',
    high: 'High cortisol at this time of day can follow stress, short sleep or late caffeine; the pattern across the day matters most.',
  },
  melatonin: {
    low: 'Low melatonin can go with trouble falling asleep, light in the evening or shift work.',
    high: 'High melatonin at this time can follow a supplement or a shifted sleep rhythm.',
  },
  ferritin: {
    low: 'Low ferritin means your iron stores are running down, which can cause tiredness before anaemia shows.',
    high: 'High ferritin can come with inflammation, liver strain or too much iron stored in the body.',
  },
  iron: {
    low: 'Low blood iron can come from blood loss, too little iron in food or poor absorption.',
    high: 'High blood iron can follow a supplement or an iron-rich meal before the test, or too much iron stored.',
  },
  'vitamin-b12': {
    low: 'Low vitamin B12 can cause tiredness, tingling and a kind of anaemia; it is common with plant-based diets and some medicines.',
    high: 'High vitamin B12 usually reflects supplements or injections.',
  },
  tsh: {
    low: 'A low TSH can mean your thyroid is overactive, or that a thyroid medicine dose is high.',
    high: 'A high TSH can mean your thyroid is underactive, which can cause tiredness, weight gain and feeling cold.',
  },
  'free-t4': {
    low: 'Low free T4 can mean your thyroid makes too little hormone.',
    high: 'High free T4 can mean your thyroid makes too much hormone, or a thyroid medicine dose is high.',
  },
  'free-t3': {
    low: 'Low free T3 can follow an underactive thyroid, illness or eating very little.',
    high: 'High free T3 can mean your thyroid is overactive.',
  },
  testosterone: {
    low: 'Low testosterone can go with low energy, low mood and low sex drive.',
    high: 'High testosterone can come with conditions such as polycystic ovary syndrome, or with supplements.',
  },
  dhea: {
    low: 'Low DHEA can come with long-lasting stress and declines naturally with age.',
    high: 'High DHEA can come with stress, polycystic ovary syndrome or a supplement.',
  },
  estradiol: {
    low: 'Low estradiol is usual around menopause and can go with hot flushes and poor sleep.',
    high: 'High estradiol depends much on the point in the cycle; read it with the day of the cycle the sample was taken.',
  },
  progesterone: {
    low: 'Low progesterone after ovulation can go with a short second half of the cycle and heavier periods.',
    high: 'High progesterone is usual after ovulation and in pregnancy, or with a hormone supplement.',
  },
};

/** Said of a value at or beyond a limit where a clinician calls the person at once (critical.ts). */
export const criticalExplanation =
  'This value is beyond the limit at which a clinician calls you at once. If no clinician has spoken with you about it, call your doctor today.';

/** The flag of a value on the health record: a critical value is told apart from a merely high or low one. */
export const recordFlags = ['low', 'normal', 'high', 'critical'] as const;
export type RecordFlag = (typeof recordFlags)[number];

export const recordFlagLabels: Readonly<Record<RecordFlag, string>> = {
  low: 'Low',
  normal: 'Normal',
  high: 'High',
  critical: 'Critical',
};

/**
 * A value's flag with what it means: null for a value within its range. A value beyond a
 * critical outreach limit is "critical", explained by its side's text and the critical one.
 */
export function explainResult(result: { biomarker: string; value: number; flag: ResultFlag }): {
  flag: Exclude<RecordFlag, 'normal'>;
  text: string;
} | null {
  if (!Object.hasOwn(flagExplanations, result.biomarker)) return null;
  const biomarker = result.biomarker as BiomarkerSlug;
  const finding = outreachFindingOf({ biomarker, value: result.value });
  if (finding?.level === 'critical')
    return { flag: 'critical', text: `${flagExplanations[biomarker][finding.side]} ${criticalExplanation}` };
  if (result.flag === 'normal') return null;
  return { flag: result.flag, text: flagExplanations[biomarker][result.flag] };
}
