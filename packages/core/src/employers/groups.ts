import { z } from 'zod';
import { b2bGoalNames, b2bGoalPlanItems, type B2bGoalName } from '../catalog/b2b.ts';
import { getTest } from '../catalog/tests.ts';

/** How an employee proves they belong to the group. */
export const eligibilityMethods = ['code', 'census', 'domain'] as const;
export type EligibilityMethod = (typeof eligibilityMethods)[number];
export const eligibilityMethodLabels: Record<EligibilityMethod, string> = {
  code: 'Eligibility codes (single use)',
  census: 'Census of employees (CSV)',
  domain: 'Work e-mail at the employer’s domains (one-time link)',
};

/** An e-mail domain as an operator may type it (`@Acme.com`), kept lower-case without the `@`. */
const emailDomain = z
  .string()
  .trim()
  .toLowerCase()
  .transform((domain) => domain.replace(/^@/, ''))
  .pipe(z.string().regex(/^(?=.{3,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, { error: 'Use domains like acme.com' }));

/** The domain of an e-mail address, lower-case: what a work address is checked by. */
export function domainOfEmail(email: string): string {
  return email.trim().toLowerCase().split('@').pop() ?? '';
}

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Please enter a date as YYYY-MM-DD' });

/**
 * An employer group as an operator writes it: its address and names, the goals it offers, what it
 * covers (one starter test per employee per plan year; all of it, or up to an amount in cents), its
 * cap and plan year, and how eligibility is proven.
 */
export const employerGroupSchema = z
  .strictObject({
    slug: z
      .string()
      .trim()
      .regex(/^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/, { error: 'Use 1 to 40 lower-case letters, digits or dashes' }),
    name: z.string().trim().min(1, { error: 'Please enter the name employees know' }).max(80),
    logoText: z.string().trim().min(1, { error: 'Please enter the text of the logo' }).max(40),
    goals: z.array(z.enum(b2bGoalNames)).min(1, { error: 'Offer at least one goal' }).max(b2bGoalNames.length),
    /** null: the whole starter test; a number: up to that many cents of it, the rest paid by card */
    coverCents: z.int().min(1).max(10_000_000).nullable(),
    includesProgram: z.boolean(),
    capEmployees: z.int().min(1).max(1_000_000).nullable(),
    capSpendCents: z.int().min(1).max(1_000_000_000).nullable(),
    planYearStart: isoDate,
    planYearEnd: isoDate,
    eligibility: z.enum(eligibilityMethods),
    /** the work e-mail domains of a group that proves eligibility by `domain` */
    emailDomains: z.array(emailDomain).max(20, { error: 'At most 20 domains' }).default([]),
  })
  .refine((group) => group.eligibility !== 'domain' || group.emailDomains.length > 0, {
    error: 'Enter at least one e-mail domain',
    path: ['emailDomains'],
  })
  .refine((group) => group.planYearStart < group.planYearEnd, { error: 'The plan year must end after it starts', path: ['planYearEnd'] })
  .refine((group) => new Set(group.goals).size === group.goals.length, { error: 'Each goal once', path: ['goals'] });
export type EmployerGroupInput = z.infer<typeof employerGroupSchema>;

/** The starter test a goal's covered order holds. */
export function starterTestOfGoal(goal: B2bGoalName): { testId: number; title: string } {
  const item = b2bGoalPlanItems.find((candidate) => candidate.goalName === goal);
  const testId = item?.starterTestId;
  if (testId === undefined) throw new Error(`the goal ${goal} has no starter test`);
  return { testId, title: getTest(testId).title };
}

/** What the employer pays of an order: the cover, never more than what is due. */
export function coveredCents(coverCents: number | null, dueCents: number): number {
  return Math.max(0, Math.min(coverCents ?? dueCents, dueCents));
}

/** Whether a day (YYYY-MM-DD) lies in the plan year, both ends included. */
export function inPlanYear(group: { planYearStart: string; planYearEnd: string }, day: string): boolean {
  return group.planYearStart <= day && day <= group.planYearEnd;
}

/**
 * The Improvement Program a group with `includesProgram` covers: the one billed on results, put in
 * the covered cart beside the starter test and paid by the employer in full (decision 0051).
 */
export const coveredProgramProduct = 'base-improvement-plan';

/** The plan year's cover in words, for the group's page. */
export function describeCover(
  group: { coverCents: number | null; includesProgram: boolean },
  formatCents: (cents: number) => string,
): string {
  const test = group.coverCents === null ? 'one lab test' : `up to ${formatCents(group.coverCents)} of one lab test`;
  return group.includesProgram ? `Your employer covers ${test} and the Improvement Program` : `Your employer covers ${test}`;
}
