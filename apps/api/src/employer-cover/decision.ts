import { coveredCents, employerMessages, inPlanYear, type BillingMode } from '@shop/core';

/** What a covered cart's decision reads of its group. */
export interface CoverGroup {
  name: string;
  coverCents: number | null;
  capEmployees: number | null;
  capSpendCents: number | null;
  planYearStart: string;
  planYearEnd: string;
  billingMode: BillingMode;
  bankBalanceCents: number;
}

/** Everything the employer's part of a cart depends on, read by the cart's preview or, under locks, by the checkout. */
export interface CoverFacts {
  group: CoverGroup;
  /** the enrollment already has its covered order */
  used: boolean;
  /** the cover of this very cart's order, when it is the covered one (its card remainder still to pay) */
  claimedByThisCart: number | null;
  /** false when the employee was enrolled from a census line that has since been removed */
  stillEligible: boolean;
  /** the group's covered orders this plan year (counted only when it has a cap) */
  spent: { orders: number; cents: number };
  /** the goal's starter test as priced in the cart, no more than is due */
  starterCents: number;
  /** the Improvement Program billed on results, as priced in the cart, when the group covers it (0 otherwise) */
  programCents: number;
  /** today, YYYY-MM-DD */
  today: string;
}

export type CoverRefusalCode = 'ALREADY_COVERED' | 'OUTSIDE_PLAN_YEAR' | 'NOT_ELIGIBLE' | 'COVER_CAP_REACHED' | 'BANK_EMPTY';

export type CoverDecision =
  | { outcome: 'none' }
  /** `coveredCents` is taken off what is due now, `programCents` off what is billed on results */
  | { outcome: 'covered'; coveredCents: number; programCents: number; prepaid: boolean }
  | { outcome: 'refused'; code: CoverRefusalCode; message: string };

const refused = (code: CoverRefusalCode, message: string): CoverDecision => ({ outcome: 'refused', code, message });

/**
 * What the employer pays of a covered cart, or why it pays nothing and the order cannot be placed.
 * The cart's preview and the checkout's claim both ask this, so the summary shows what placing the
 * order does. A prepaid bank that holds less than the cover refuses the order whole (decision 0046):
 * an employee's one covered test a year is never spent on a few dollars of cover. A group that
 * covers the Improvement Program pays it in full with the test (decision 0051): the caps and the
 * bank are measured against both.
 */
export function decideCover(facts: CoverFacts): CoverDecision {
  const { group } = facts;
  // the order is placed: its page shows the cover it was placed with, whatever has changed since
  if (facts.claimedByThisCart !== null) {
    // what was claimed holds the program with the test: the program's part is what the cart still bills on results
    const programCents = Math.min(facts.programCents, facts.claimedByThisCart);
    return {
      outcome: 'covered',
      coveredCents: facts.claimedByThisCart - programCents,
      programCents,
      prepaid: group.billingMode === 'prepaid',
    };
  }
  if (facts.used) return refused('ALREADY_COVERED', employerMessages.alreadyCovered);
  if (!inPlanYear(group, facts.today)) return refused('OUTSIDE_PLAN_YEAR', employerMessages.outsidePlanYear);
  if (!facts.stillEligible) return refused('NOT_ELIGIBLE', employerMessages.censusNoMatch);
  const testCents = coveredCents(group.coverCents, facts.starterCents);
  // a cart without the goal's starter test has nothing to cover: the order is an ordinary one
  if (testCents === 0) return { outcome: 'none' };
  const cents = testCents + facts.programCents;
  if (group.capEmployees !== null && facts.spent.orders >= group.capEmployees) {
    return refused('COVER_CAP_REACHED', employerMessages.capReached);
  }
  if (group.capSpendCents !== null && facts.spent.cents + cents > group.capSpendCents) {
    return refused('COVER_CAP_REACHED', employerMessages.capReached);
  }
  const prepaid = group.billingMode === 'prepaid';
  if (prepaid && group.bankBalanceCents < cents) return refused('BANK_EMPTY', employerMessages.bankEmpty);
  return { outcome: 'covered', coveredCents: testCents, programCents: facts.programCents, prepaid };
}
