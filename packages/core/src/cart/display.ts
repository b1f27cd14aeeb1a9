import { COMPLETE_BUNDLE_TEST_COUNT, findTest, getArea, type DeliveryFrequency } from '../catalog/index.ts';
import { isMembership, membershipTerms } from '../subscriptions/membership.ts';
import { dayOf, deliveryDay } from '../subscriptions/schedule.ts';
import { kindOf, type CartLine } from './rules.ts';

/**
 * The cart's descriptive display values of the specification §3 (firstTest, baseCompleteTests,
 * area, goal, date), worked out once on the server so every summary says the same thing.
 */
export interface CartDescription {
  /** the title of the first test in the cart: the starter test when there is one */
  firstTest: string | null;
  /** how many tests the Complete bundle in the cart holds; 0 without it */
  baseCompleteTests: number;
  /** the area of the first test */
  area: string | null;
  /** the goal of the quiz the starter test came from */
  goal: string | null;
  /** a test subscription's next delivery and charge after the first, as a date for people */
  date: string | null;
  /** the same date as YYYY-MM-DD, for machines */
  dateIso: string | null;
  /** a membership in the cart (Base Daily): what the customer agrees to, amount, day and how to cancel */
  membershipTerms: string | null;
}

const longDate = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

export function describeCart(lines: readonly CartLine[], goal: string | null, now: Date): CartDescription {
  const tested = lines.filter((line) => line.testId !== null);
  const first = tested.find((line) => kindOf(line) === 'starter') ?? tested[0];
  const test = first?.testId == null ? undefined : findTest(first.testId);
  const hasComplete = lines.some(
    (line) => line.productCode === 'base-complete' || line.productCode === 'base-complete-improvement-plan-pay-upfront',
  );
  const subscription = lines.find((line) => line.productCode === 'base-monitor' && line.frequency);
  const membership = lines.find((line) => isMembership(line.productCode));
  const next = subscription?.frequency ? nextDelivery(now, subscription.frequency) : null;
  return {
    firstTest: test?.title ?? null,
    baseCompleteTests: hasComplete ? COMPLETE_BUNDLE_TEST_COUNT : 0,
    area: test ? getArea(test.area).name : null,
    goal: lines.some((line) => kindOf(line) === 'starter') ? goal : null,
    date: next ? longDate.format(next) : null,
    dateIso: next ? next.toISOString().slice(0, 10) : null,
    membershipTerms: membership ? membershipTerms(membership.productCode, dayOf(now)) : null,
  };
}

/**
 * The delivery after the one this order ships: a month or a quarter later, on the same day of
 * the month or, in a shorter month, on its last day (January 31 -> February 28); the
 * subscription's calendar (subscriptions/schedule.ts) is the one rule.
 */
export function nextDelivery(from: Date, frequency: DeliveryFrequency): Date {
  return new Date(`${deliveryDay(dayOf(from), frequency, 2)}T00:00:00.000Z`);
}
