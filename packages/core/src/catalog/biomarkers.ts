/**
 * What each test measures, in plain words. A result is always read against the lab's reference
 * range printed on the report, and by a clinician; these texts explain, they do not diagnose.
 */
export interface Biomarker {
  slug: string;
  title: string;
  /** what it measures and what a high or a low result usually means */
  description: string;
}

export const biomarkers = {
  'total-cholesterol': {
    title: 'Total cholesterol',
    description:
      'All the cholesterol carried in your blood, the "bad" and the "good" together. High levels raise the risk of heart disease over the years, but the number is best read alongside LDL and HDL. Very low levels are uncommon and can come with poor nutrition or an overactive thyroid.',
  },
  ldl: {
    title: 'LDL cholesterol',
    description:
      'The cholesterol that can build up in artery walls. High LDL is one of the main modifiable risks for heart attack and stroke; diet, exercise and sometimes medication bring it down. Low LDL is generally good news.',
  },
  hdl: {
    title: 'HDL cholesterol',
    description:
      'The cholesterol that carries excess fat back to the liver. Higher HDL is linked with lower heart risk; low HDL often goes with inactivity, smoking, excess weight or insulin resistance.',
  },
  triglycerides: {
    title: 'Triglycerides',
    description:
      'Fat from food and from surplus sugar, stored and carried in your blood. High triglycerides often follow a diet heavy in sugar, refined carbs or alcohol and raise heart risk. Low values are rarely a concern.',
  },
  'hs-crp': {
    title: 'hs-CRP (C-reactive protein)',
    description:
      'A protein the liver releases when there is inflammation somewhere in the body. A raised level can point to low-grade, long-term inflammation linked with heart disease, or simply to a recent infection or injury, so a single high result is worth repeating. Low is what you want.',
  },
  hba1c: {
    title: 'HbA1c',
    description:
      'Your average blood sugar over the last two to three months, read from the sugar stuck to red blood cells. A high result suggests prediabetes or diabetes; a normal one means your body has been handling sugar well. Anaemia and some blood conditions can make it read falsely high or low.',
  },
  'vitamin-d': {
    title: 'Vitamin D',
    description:
      'The vitamin your skin makes in sunlight, needed for bones, muscles and the immune system. Low levels are very common, especially in winter, and can go with tiredness, aches and low mood. Very high levels almost always come from taking too much as a supplement.',
  },
  folate: {
    title: 'Folate (vitamin B9)',
    description:
      'A B vitamin from leafy greens and beans that your body needs to make healthy red blood cells. Low folate can cause tiredness and a type of anaemia, and matters before and during pregnancy. High levels usually reflect supplements and are rarely a problem on their own.',
  },
  magnesium: {
    title: 'Magnesium',
    description:
      'A mineral used by muscles, nerves and energy metabolism. Low levels can go with cramps, fatigue and poor sleep, and with some medicines such as acid reflux tablets. Blood holds only a small part of your magnesium, so a normal result does not fully rule out low stores.',
  },
  cortisol: {
    title: 'Cortisol',
    description:
      'Your main stress hormone. It should be highest soon after waking and fall through the day, which is why it is sampled three times. A flat curve or a high evening level can go with long-term stress and poor sleep; consistently very high or very low levels need a doctor to rule out a gland disorder.',
  },
  melatonin: {
    title: 'Melatonin',
    description:
      'The hormone that rises in the evening to prepare you for sleep, sampled three times to see its curve. A low or late rise can go with trouble falling asleep, late screens and bright light at night, or shift work. Melatonin supplements taken before sampling make the result unreliable.',
  },
  ferritin: {
    title: 'Ferritin',
    description:
      'The protein that stores iron; the best single measure of your iron reserves. Low ferritin is a common, fixable cause of tiredness, hair loss and poor concentration, especially in women with heavy periods. High ferritin can come from inflammation, liver strain or iron overload and needs a closer look.',
  },
  iron: {
    title: 'Iron',
    description:
      'The iron circulating in your blood right now, used to carry oxygen. It changes with meals and time of day, so it is read together with ferritin: low iron with low ferritin points to deficiency. High iron can come from supplements or, rarely, an inherited overload condition.',
  },
  'vitamin-b12': {
    title: 'Vitamin B12',
    description:
      'A vitamin found in animal foods, needed for nerves and red blood cells. Low B12 can cause fatigue, brain fog, tingling and a type of anaemia; it is common in vegans, older adults and people on metformin or acid reflux tablets. High levels usually reflect supplements.',
  },
  tsh: {
    title: 'TSH (thyroid-stimulating hormone)',
    description:
      'The signal your brain sends to the thyroid. A high TSH usually means the thyroid is underactive (hypothyroidism: tiredness, weight gain, feeling cold); a low TSH usually means it is overactive (anxiety, weight loss, a racing heart).',
  },
  'free-t4': {
    title: 'Free T4',
    description:
      'The main hormone the thyroid makes. Low free T4 with a high TSH confirms an underactive thyroid; high free T4 with a low TSH points to an overactive one.',
  },
  'free-t3': {
    title: 'Free T3',
    description:
      'The active form of thyroid hormone that sets how fast your cells burn energy. Low levels can go with an underactive thyroid, illness or strict dieting; high levels with an overactive thyroid.',
  },
  testosterone: {
    title: 'Testosterone',
    description:
      'A sex hormone made by both men and women that supports sex drive, muscle, mood and energy. Low levels can mean low libido and fatigue; in women, high levels can point to polycystic ovary syndrome (PCOS). Levels are highest in the morning.',
  },
  dhea: {
    title: 'DHEA',
    description:
      'A hormone from the adrenal glands that the body turns into testosterone and estrogen. It falls naturally with age; low levels can go with low libido and energy, and high levels, in women, with PCOS or excess androgen symptoms such as acne.',
  },
  estradiol: {
    title: 'Estradiol',
    description:
      'The main estrogen in women before menopause, also present in men. It changes across the menstrual cycle, so the result is read against the day of your cycle. Low estradiol can go with irregular periods, hot flushes and low libido; high levels with heavy periods and breast tenderness.',
  },
  progesterone: {
    title: 'Progesterone',
    description:
      'A hormone that rises after ovulation to prepare the womb for pregnancy. A low level in the second half of the cycle can mean ovulation did not happen and can go with irregular or heavy periods and poor sleep. It is naturally low after menopause and in men.',
  },
} as const satisfies Record<string, Omit<Biomarker, 'slug'>>;

export type BiomarkerSlug = keyof typeof biomarkers;

export function getBiomarker(slug: BiomarkerSlug): Biomarker {
  return { slug, ...biomarkers[slug] };
}
