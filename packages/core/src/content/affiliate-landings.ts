import { AFFILIATE_FRIEND_DISCOUNT_PERCENT } from '../promotions/affiliate.ts';
/** What the friend of an affiliate or a customer gets off (specification §1): the promotions' rule. */
export const FRIEND_DISCOUNT_PERCENT = AFFILIATE_FRIEND_DISCOUNT_PERCENT;

/** An affiliate's landing page (/affiliate/{code}): the banner on top and the header under it. */
export interface AffiliateLanding {
  code: string;
  banner: string;
  heading: string;
  intro: string;
}

/** An affiliate the shop starts with: who they are, and the landing of their code. */
export interface SeededAffiliate extends AffiliateLanding {
  name: string;
  email: string;
}

const offer = `${FRIEND_DISCOUNT_PERCENT}% off your first test`;

// The codes the specification names, written into the database at start when they are missing
// (an operator's later changes stay). Codes are matched without regard to case: people type them.
export const seededAffiliates: readonly SeededAffiliate[] = [
  {
    name: 'Girlboss',
    email: 'girlboss@affiliates.example.com',
    code: 'girlboss20',
    banner: `GIRLBOSS20: ${offer}`,
    heading: 'Big plans need steady energy',
    intro:
      'Tired by mid-afternoon, wired at midnight? Find out what your hormones, iron and vitamins are doing, then follow a plan built on your own results.',
  },
  {
    name: 'HBR',
    email: 'hbr@affiliates.example.com',
    code: 'hbr',
    banner: `Reader offer: ${offer}`,
    heading: 'Know your numbers before they make decisions for you',
    intro:
      'Stress, sleep and blood sugar shape how well you think. A simple at-home test shows where you stand, and a 2-month program shows what to change.',
  },
  {
    name: 'Ness',
    email: 'ness@affiliates.example.com',
    code: 'ness',
    banner: `Welcome from Ness: ${offer}`,
    heading: 'Take care of the inside, too',
    intro:
      'One finger-prick or saliva sample at home tells you what your body needs. Then food and habits, not guesswork, move the results.',
  },
  {
    name: 'Fix My Diet',
    email: 'fixmydiet@affiliates.example.com',
    code: 'FIXMYDIET',
    banner: `FIXMYDIET: ${offer}`,
    heading: 'Fix your diet with data, not rules',
    intro:
      'Cholesterol, blood sugar and inflammation respond to what you eat within weeks. Test them, get a nutrition plan made for your results, and retest to see it work.',
  },
];
