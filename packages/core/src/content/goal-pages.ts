import type { GoalSlug } from '../catalog/goals.ts';

/** The copy of a /goal/{goal} page, beside the goal's catalog entry. */
export interface GoalPage {
  headline: string;
  intro: string;
  /** why the starter test is the one for this goal */
  whyThisTest: string;
}

export const goalPages: Record<GoalSlug, GoalPage> = {
  'weight-management': {
    headline: 'Weight management that starts with your blood',
    intro: 'Weight is not only calories. How your body handles fat and sugar decides which changes pay off for you.',
    whyThisTest:
      'Cholesterol and triglycerides show how your body deals with dietary fat and sugar, and they respond within weeks, so your retests show progress long before the scale does.',
  },
  fatigue: {
    headline: 'Always tired? Find the reason',
    intro:
      'Tiredness that sleep does not fix often has a measurable cause. Low iron stores and low vitamin B12 are among the most common, and both can be corrected.',
    whyThisTest: 'The Focus Test measures ferritin, iron and vitamin B12 from one finger-prick.',
  },
  'brain-fog': {
    headline: 'Clear the fog',
    intro: 'Forgetting words, losing your train of thought, reading the same line twice: poor focus often comes with low iron or B12.',
    whyThisTest: 'The Focus Test checks ferritin, iron and vitamin B12, the nutrients your brain needs to carry oxygen and make energy.',
  },
  'anxiety-depression': {
    headline: 'Understand your stress response',
    intro:
      'Anxiety and low mood have many causes, and no blood test can diagnose them. Your cortisol curve shows how your body handles stress, which tells you where to start.',
    whyThisTest:
      'The Cortisol Test takes three saliva samples across one day, so you see the shape of your stress hormone, not a single moment.',
  },
  'heart-health': {
    headline: 'Know your heart numbers',
    intro: 'Cholesterol and blood fats build up risk silently over years. Knowing them is the first step, and food and habits move them.',
    whyThisTest: 'The Cholesterol & Lipids Test measures total, LDL and HDL cholesterol and triglycerides.',
  },
  'womens-health': {
    headline: 'Hormones, cycle, mood and energy',
    intro:
      'Irregular cycles, PMS, low libido and tiredness often trace back to a hormone balance that shifts through the month and through life.',
    whyThisTest: 'The Testosterone & DHEA Test also measures estradiol and progesterone, collected on a set day of your cycle.',
  },
  bloating: {
    headline: 'Get to the bottom of bloating',
    intro: 'Bloating can come from many places. Inflammation and blood sugar swings are two you can measure and change with food.',
    whyThisTest: 'The CRP & HbA1c Test shows ongoing inflammation and your average blood sugar over three months.',
  },
  sleep: {
    headline: 'Sleep on a plan',
    intro: 'Melatonin tells your body that night has come. When it rises late or weakly, falling asleep gets hard.',
    whyThisTest: 'The Melatonin Test takes three saliva samples across the evening and the morning.',
  },
};
