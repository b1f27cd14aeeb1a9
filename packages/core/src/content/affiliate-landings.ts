import { AFFILIATE_FRIEND_DISCOUNT_PERCENT } from '../promotions/affiliate.ts';
/** Up to this much per referred customer for an affiliate (specification §1). */
export const AFFILIATE_MAX_COMMISSION_CENTS = 10_000;
/** What the friend of an affiliate or a customer gets off (specification §1): the promotions' rule. */
export const FRIEND_DISCOUNT_PERCENT = AFFILIATE_FRIEND_DISCOUNT_PERCENT;

/** An affiliate's landing page (/affiliate/{code}): the banner on top and the header under it. */
export interface AffiliateLanding {
  code: string;
  banner: string;
  heading: string;
  intro: string;
}

const offer = `${FRIEND_DISCOUNT_PERCENT}% off your first test`;

// The codes the specification names. Codes are matched without regard to case: people type them.
const landings: readonly AffiliateLanding[] = [
  {
    code: 'girlboss20',
    banner: `GIRLBOSS20: ${offer}`,
    heading: 'Big plans need steady energy',
    intro:
      'Tired by mid-afternoon, wired at midnight? Find out what your hormones, iron and vitamins are doing, then follow a plan built on your own results.',
  },
  {
    code: 'hbr',
    banner: `Reader offer: ${offer}`,
    heading: 'Know your numbers before they make decisions for you',
    intro:
      'Stress, sleep and blood sugar shape how well you think. A simple at-home test shows where you stand, and a 2-month program shows what to change.',
  },
  {
    code: 'ness',
    banner: `Welcome from Ness: ${offer}`,
    heading: 'Take care of the inside, too',
    intro:
      'One finger-prick or saliva sample at home tells you what your body needs. Then food and habits, not guesswork, move the results.',
  },
  {
    code: 'FIXMYDIET',
    banner: `FIXMYDIET: ${offer}`,
    heading: 'Fix your diet with data, not rules',
    intro:
      'Cholesterol, blood sugar and inflammation respond to what you eat within weeks. Test them, get a nutrition plan made for your results, and retest to see it work.',
  },
];

const readableCode = /^[A-Za-z0-9_-]{1,40}$/;

/** The landing page for a code; any other code gets a welcome that names it, when it is readable. */
export function affiliateLanding(code: string): AffiliateLanding {
  const known = landings.find((landing) => landing.code.toLowerCase() === code.toLowerCase());
  if (known) return known;
  const named = readableCode.test(code) ? code : undefined;
  return {
    code: named ?? '',
    banner: named ? `You were invited with code ${named}: ${offer}` : `You were invited: ${offer}`,
    heading: 'Find out what your body needs',
    intro:
      'Start with one lab test chosen for your goal, at home or at a partner lab. When your results arrive, a 2-month program turns them into meals, habits and retests.',
  };
}

export const affiliateLandingCodes: readonly string[] = landings.map((landing) => landing.code);
