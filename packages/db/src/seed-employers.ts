import { b2bGoalNames } from '@shop/core';
import type { Executor } from './client.ts';
import { employerGroups } from './schema/index.ts';

/**
 * The employer groups of the specification, bolton and trialmember, each with its three goals:
 * made once, then theirs to change in the console (a later start never overwrites them). Their
 * plan year is the calendar year they were made in; bolton proves eligibility by census,
 * trialmember by codes.
 */
export async function seedEmployerGroups(db: Executor, today = new Date()): Promise<void> {
  const year = today.getUTCFullYear();
  const common = {
    goals: [...b2bGoalNames],
    coverCents: null,
    includesProgram: false,
    capEmployees: null,
    capSpendCents: null,
    planYearStart: `${year}-01-01`,
    planYearEnd: `${year}-12-31`,
  };
  await db
    .insert(employerGroups)
    .values([
      { ...common, slug: 'bolton', name: 'Bolton', logoText: 'BOLTON', eligibility: 'census' },
      { ...common, slug: 'trialmember', name: 'Trial members', logoText: 'TRIAL', eligibility: 'code' },
    ])
    .onConflictDoNothing({ target: employerGroups.slug });
}
