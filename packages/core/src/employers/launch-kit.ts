import { getProduct } from '../catalog/products.ts';
import { formatMoney } from '../money/money.ts';
import { coveredCents, coveredProgramProduct, type EligibilityMethod } from './groups.ts';

/**
 * When a prepaid group's testing bank is "low" and "empty" (decision 0086), as data: the bank is
 * low once it holds less than the cover of `lowBelowCoveredOrders` employees' covered orders, and
 * empty once it cannot cover the next one. The admins hear of a draw that takes it from above the
 * low line to below it once (each crossing has its own e-mail), and of an employee an empty bank
 * refused at most once per group and UTC day.
 */
export const bankNoticeRule = {
  lowBelowCoveredOrders: 3,
} as const;

export const bankLevels = ['ok', 'low', 'empty'] as const;
export type BankLevel = (typeof bankLevels)[number];

/**
 * The most one employee's covered order draws from the bank: the group's cover of the starter test
 * at its list price (every goal's starter test is the same product), and the Improvement Program
 * when the group covers it too.
 */
export function coveredOrderCents(group: { coverCents: number | null; includesProgram: boolean }): number {
  const test = coveredCents(group.coverCents, getProduct('base-quiz').priceCents);
  return test + (group.includesProgram ? getProduct(coveredProgramProduct).priceCents : 0);
}

/** Where a balance stands against the rule: empty below one covered order, low below `lowBelowCoveredOrders` of them. */
export function bankLevel(balanceCents: number, orderCents: number): BankLevel {
  if (balanceCents < orderCents) return 'empty';
  if (balanceCents < orderCents * bankNoticeRule.lowBelowCoveredOrders) return 'low';
  return 'ok';
}

/** Whether a move of the balance took it from above the low line to below it: the one draw a low-balance e-mail is sent for. */
export function crossedLowLine(beforeCents: number, afterCents: number, orderCents: number): boolean {
  return bankLevel(beforeCents, orderCents) === 'ok' && bankLevel(afterCents, orderCents) !== 'ok';
}

/** The words of the low-balance and empty-bank notices: the portal's banner and the admins' e-mails. Aggregate only. */
export const bankNoticeMessages = {
  lowSubject: (group: string) => `${group}: your testing bank is running low`,
  low: (group: string) =>
    `The prepaid testing bank of ${group} now holds less than the cover of ${bankNoticeRule.lowBelowCoveredOrders} employees’ covered tests.`,
  emptySubject: (group: string) => `${group}: an employee’s covered test was refused, your testing bank is empty`,
  empty: (group: string) =>
    `Today an employee of ${group} could not order their covered test: the prepaid testing bank cannot cover it. Nothing was ordered or charged.`,
  whatHappens:
    'When the bank cannot cover a test, employees are refused their covered test (they may buy it at its normal price) until the bank is topped up.',
  lowBanner: `Your testing bank is running low: it holds less than the cover of ${bankNoticeRule.lowBelowCoveredOrders} employees’ covered tests.`,
  emptyBanner: 'Your testing bank is empty: it cannot cover the next employee’s test, so employees are refused their covered test.',
  topUp: 'Top it up so that your employees keep their cover.',
  onceADay: 'We send this e-mail at most once a day.',
} as const;

/** How an employee proves they are eligible, as the launch kit tells them. */
export function eligibilityInstructions(method: EligibilityMethod, emailDomains: readonly string[]): string {
  if (method === 'code') return 'You will need the eligibility code your benefits team gives you: each code works once.';
  if (method === 'census')
    return 'You confirm you are on our list of eligible employees with your name, date of birth and work e-mail or employee ID.';
  const domains = emailDomains.map((domain) => `@${domain}`).join(' or ');
  return `You confirm with your work e-mail (${domains}): we e-mail you a link to open.`;
}

/** What an employer covers, as the launch kit shows its admins: read from the group's record. */
export interface LaunchKitCover {
  groupName: string;
  link: string;
  /** the group page's sentence ("Your employer covers one lab test and the Improvement Program") */
  cover: string;
  goals: readonly { title: string; starterTest: string }[];
  planYearStart: string;
  planYearEnd: string;
  eligibility: EligibilityMethod;
  emailDomains: readonly string[];
}

const longDate = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/**
 * The announcement e-mail a benefits team sends its employees: the link, what is covered, how to
 * prove eligibility and that results stay private. It names no employee; the team sends it itself.
 */
export function launchAnnouncement(kit: LaunchKitCover): { subject: string; body: string } {
  const goals = kit.goals.map((goal) => `- ${goal.title}: ${goal.starterTest}`).join('\n');
  const body = [
    'Hello,',
    `${kit.groupName} now offers a health benefit with Base: ${kit.cover.replace(/^Your employer covers/, 'we cover')} for the goal you choose, once a plan year, at home or at a partner lab.`,
    `Choose one goal:\n${goals}`,
    `${eligibilityInstructions(kit.eligibility, kit.emailDomains)}`,
    `Start here: ${kit.link}`,
    `The offer runs until ${longDate(kit.planYearEnd)}. Your results are yours alone: we only ever see how many people took part, never who or what they found.`,
    `Your benefits team`,
  ].join('\n\n');
  return { subject: `Your health benefit with ${kit.groupName}`, body };
}

/** A cap of the plan year in words, or null when there is none. */
export function capWords(capEmployees: number | null, capSpendCents: number | null): string | null {
  const caps = [
    capEmployees !== null ? `the first ${capEmployees} employees` : null,
    capSpendCents !== null ? `up to ${formatMoney(capSpendCents)} in all` : null,
  ].filter((cap): cap is string => cap !== null);
  return caps.length > 0 ? `Covered for ${caps.join(', and ')} this plan year.` : null;
}
