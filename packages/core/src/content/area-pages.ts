import type { AreaSlug } from '../catalog/areas.ts';
import type { FaqEntry } from './types.ts';

/** The copy of an area's testing-plan page (specification §2: "Area testing plan pages"). */
export interface AreaPage {
  area: AreaSlug;
  headline: string;
  intro: string;
  /** signs that bring people to this area */
  symptoms: readonly string[];
  faqs: readonly FaqEntry[];
}

export const areaPages: Record<AreaSlug, AreaPage> = {
  diet: {
    area: 'diet',
    headline: 'A diet testing plan built on your blood',
    intro:
      'Cholesterol, blood fats, blood sugar and inflammation show how your body handles what you eat. Test them, eat for them, and retest to see them move.',
    symptoms: [
      'Weight that will not shift',
      'Bloating after meals',
      'Energy crashes after eating',
      'A family history of heart disease',
      'Cravings for sugar',
    ],
    faqs: [
      {
        question: 'Which tests are in the diet plan?',
        answer: 'The Cholesterol & Lipids Test and the CRP & HbA1c Test: total, LDL and HDL cholesterol, triglycerides, hs-CRP and HbA1c.',
      },
      {
        question: 'Do I need to fast?',
        answer: 'For the most comparable lipid results, collect in the morning before breakfast. Water is fine.',
      },
      {
        question: 'Will I have to follow a strict diet?',
        answer: 'No. The plan changes a few meals at a time, around food you like, and the retests show which changes matter for you.',
      },
    ],
  },
  stress: {
    area: 'stress',
    headline: 'A stress testing plan that follows your cortisol',
    intro:
      'Cortisol should be high when you wake and low at bedtime. Three saliva samples in one day show your curve, and the plan works on the part of the day that needs it.',
    symptoms: [
      'Feeling wired but tired',
      'Waking in the small hours',
      'Anxiety or low mood',
      'Craving salt or sugar under pressure',
      'Getting ill often',
    ],
    faqs: [
      {
        question: 'Why three samples?',
        answer:
          'One number cannot show a rhythm. Morning, afternoon and bedtime samples show whether your cortisol rises and falls as it should.',
      },
      {
        question: 'Is this a test for anxiety or depression?',
        answer:
          'No test can diagnose them. The cortisol curve shows how your body responds to stress, which helps choose what to change. If you are struggling, please also talk to your doctor.',
      },
      {
        question: 'What can I do about a flat curve?',
        answer:
          'Regular sleep and meal times, daylight in the morning, movement and a wind-down routine all help; your plan says which to start with.',
      },
    ],
  },
  sleep: {
    area: 'sleep',
    headline: 'A sleep testing plan that starts with melatonin',
    intro:
      'Melatonin tells your body it is night. Three saliva samples across one evening and morning show when it rises, and your plan shifts your routine around it.',
    symptoms: [
      'Trouble falling asleep',
      'Waking up unrested',
      'Feeling sleepy late in the morning',
      'Working shifts or crossing time zones',
      'Screens until bedtime',
    ],
    faqs: [
      {
        question: 'When do I collect the samples?',
        answer:
          'In the early evening, at bedtime and on waking, on one ordinary day. The kit tells you to keep lights dim during the evening samples.',
      },
      {
        question: 'Should I stop taking melatonin supplements?',
        answer:
          'Yes, for the test: a supplement would be measured too. The instructions say how many days before to pause, and check with your doctor first if it was prescribed.',
      },
      {
        question: 'Can the test find sleep apnea?',
        answer: 'No. Loud snoring or stopping breathing at night needs a doctor and a sleep study.',
      },
    ],
  },
  energy: {
    area: 'energy',
    headline: 'An energy testing plan for tiredness and brain fog',
    intro:
      'Iron stores, vitamin B12, vitamin D and thyroid hormones are the usual, fixable suspects behind tiredness. Find which one is yours and fix that.',
    symptoms: ['Tired even after a full night', 'Brain fog or poor focus', 'Feeling cold', 'Hair thinning', 'Short of breath on stairs'],
    faqs: [
      {
        question: 'Which tests are in the energy plan?',
        answer:
          'The Focus Test (ferritin, iron, vitamin B12), the Energy Vitamins Test (vitamin D, folate, magnesium) and the Thyroid Hormones Test (TSH, free T4, free T3).',
      },
      {
        question: 'Should I take iron in the meantime?',
        answer: 'Please test first: too much iron is harmful too, and supplements change the result.',
      },
      {
        question: 'What if my thyroid result is off?',
        answer: 'Your report says so clearly and our clinicians advise you to see your doctor, who can confirm it and treat it.',
      },
    ],
  },
  'sex-drive': {
    area: 'sex-drive',
    headline: 'A sex drive testing plan for women and men',
    intro:
      'Testosterone, DHEA, estradiol and progesterone shape desire, mood and energy. One morning saliva sample shows where yours stand.',
    symptoms: [
      'Low libido',
      'Irregular or painful periods',
      'PMS or mood swings',
      'Low energy and motivation',
      'Changes around perimenopause',
    ],
    faqs: [
      {
        question: 'When should women collect the sample?',
        answer: 'On the cycle day the instructions give, in the morning, because these hormones change through the month.',
      },
      {
        question: 'Do hormonal contraceptives affect the result?',
        answer: 'Yes, they change the levels measured. Tell us in your medical profile so the result is read correctly.',
      },
      { question: 'Is the test for men too?', answer: 'Yes. Men’s results focus on testosterone and DHEA.' },
    ],
  },
};
