import { GIVEAWAY_DISCOUNT_PERCENT } from '../catalog/constants.ts';

/** The giveaway page's codes; every discount lies within the specification's 15–25% (§9). */
export interface GiveawayCode {
  code: string;
  percentOff: number;
  /** what it applies to */
  appliesTo: string;
}

export const giveawayCodes: readonly GiveawayCode[] = [
  { code: 'WELCOME15', percentOff: GIVEAWAY_DISCOUNT_PERCENT.min, appliesTo: 'Any starter test' },
  { code: 'PROGRAM20', percentOff: 20, appliesTo: 'A starter test with the Improvement Program' },
  { code: 'COMPLETE25', percentOff: GIVEAWAY_DISCOUNT_PERCENT.max, appliesTo: 'The Complete testing plan' },
];
