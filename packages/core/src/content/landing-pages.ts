import { PEOPLE_HELPED } from '../catalog/constants.ts';
import { BASE_DAILY_TEST_DISCOUNT_PERCENT } from '../catalog/products.ts';
import type { Point } from './offer-pages.ts';
import { timings } from './shared-text.ts';

/** A landing page's own words; the sections around them are shared. */
export interface LandingCopy {
  path: string;
  title: string;
  description: string;
  headline: string;
  intro: string;
}

export const giftPages = {
  gifts: {
    path: '/gifts',
    title: 'Give a health test',
    description: 'Give a starter test, or a starter test with the 2-month Improvement Program. They pick the test; you pick the date.',
    headline: 'Give someone the gift of knowing',
    intro: 'A lab test they choose for their own goal, delivered to their door. You pick the day they hear about it.',
  },
  'gifts-base': {
    path: '/gifts-base',
    title: 'Give a test and a plan',
    description: 'A starter test plus the 2-month Improvement Program: results, a plan, coaching and 2 retests.',
    headline: 'More than a test: give a plan',
    intro: 'The starter test shows what is going on; the 2-month Improvement Program helps them change it, with coaching and retests.',
  },
  'goal-gift': {
    path: '/goal-gift',
    title: 'A gift for their health goal',
    description: 'Weight, energy, sleep, stress or hormones: give a test for the goal they care about.',
    headline: 'A gift for the goal they care about',
    intro: 'Sleeping badly, always tired, thinking about their heart? Give a test for it, and they choose the test in a short quiz.',
  },
} as const satisfies Record<string, LandingCopy>;
export type GiftPageKey = keyof typeof giftPages;

export const giftSteps: readonly Point[] = [
  { title: 'Choose the gift', text: 'A starter test, or a starter test with the 2-month program.' },
  { title: 'Pick the date', text: 'They receive an e-mail with your message on the day you choose.' },
  { title: 'They choose their test', text: `A short quiz finds the right test; the kit arrives in ${timings.giftKitDelivery}.` },
];

export const marketplaceCopy = {
  title: 'Products marketplace',
  description:
    'Tests at the member price, the foods your plan favours and the supplements to discuss with your clinician, chosen for your results.',
  headline: 'The products marketplace',
  intro:
    'Tests at your member price, the foods your plan favours and the supplements to discuss with your clinician, chosen for your results in your Base Daily account.',
  points: [
    {
      title: 'Matched to your results',
      text: 'Your marketplace shows what fits your plan, by the same rules as your meals, and says why.',
    },
    {
      title: 'Chosen, not sponsored',
      text: 'No brand pays to be there, and no other company learns anything about you from it. We sell only the tests: the foods are at any grocery store, and a supplement is for your clinician to weigh.',
    },
    {
      title: 'Part of Base Daily',
      text: `Members get the marketplace with their meal plans, food logger and ${BASE_DAILY_TEST_DISCOUNT_PERCENT}% off tests.`,
    },
  ],
} as const;

export const tiktokCopy = {
  title: 'Saw us on TikTok?',
  description: 'Lab tests at home, explained simply, with a plan that follows your results.',
  headline: 'Saw us on TikTok? Here is how it works',
  intro: `${PEOPLE_HELPED.toLocaleString('en-US')} people have tested with us. Take the two-minute quiz, test at home, and get a plan built on your own results.`,
} as const;
