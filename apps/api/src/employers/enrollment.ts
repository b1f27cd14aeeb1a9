import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  b2bGoalPlanItems,
  coveredProgramProduct,
  describeCover,
  employerMessages,
  formatMoney,
  inPlanYear,
  matchesCensusRow,
  normalizeGiftCode,
  starterTestOfGoal,
  type B2bGoalName,
  type EligibilityMethod,
} from '@shop/core';
import {
  cartItems,
  employerCartCovers,
  employerCodes,
  employerCoveredOrders,
  employerEnrollments,
  employerGroups,
  type Database,
  type Executor,
} from '@shop/db';
import { addCartItem, createCart, type CartRow } from '../cart/repository.ts';
import { AppError, badRequest, conflict, notFound } from '../errors.ts';
import { hashEligibilityCode } from './codes.ts';
import { censusCandidates, type CensusSealer } from './census-seal.ts';
import { spendWorkEmailLink } from './work-email-links.ts';

export type EmployerGroupRow = typeof employerGroups.$inferSelect;

export async function findGroupBySlug(db: Executor, slug: string): Promise<EmployerGroupRow | undefined> {
  const [row] = await db.select().from(employerGroups).where(eq(employerGroups.slug, slug));
  return row;
}

/** A group as its page shows it to employees: never its census, codes or figures. */
export function publicGroupView(group: EmployerGroupRow) {
  return {
    slug: group.slug,
    name: group.name,
    logoText: group.logoText,
    cover: describeCover(group, formatMoney),
    fullyCovered: group.coverCents === null,
    includesProgram: group.includesProgram,
    eligibility: group.eligibility as EligibilityMethod,
    // the domains an employee's work e-mail must be at: their employer's own, nothing secret
    emailDomains: group.eligibility === 'domain' ? group.emailDomains : [],
    planYearEnd: group.planYearEnd,
    goals: b2bGoalPlanItems
      .filter((item) => group.goals.includes(item.goalName))
      .map((item) => ({
        slug: item.goalName as B2bGoalName,
        title: item.title,
        description: item.description,
        area: item.area,
        starterTest: item.starterTest ?? starterTestOfGoal(item.goalName as B2bGoalName).title,
      })),
  };
}

export async function publicGroup(db: Executor, slug: string) {
  const group = await findGroupBySlug(db, slug);
  if (!group) throw notFound('EMPLOYER_GROUP_NOT_FOUND', employerMessages.groupNotFound);
  return publicGroupView(group);
}

export type EligibilityProof =
  | { method: 'code'; code: string }
  | { method: 'census'; firstName: string; lastName: string; dateOfBirth: string; emailOrEmployeeId: string }
  | { method: 'domain'; token: string };

const notEligible = (message: string) => new AppError(403, 'NOT_ELIGIBLE', message);

/**
 * Proves an employee's eligibility and makes their covered cart: the enrollment for the plan year
 * (a code is used once, by one account, under its lock; a census line enrols one account; a
 * work-email link is spent once, by the account that asked for it, and its address enrols one
 * account), then a
 * new cart holding the goal's starter test (and the Improvement Program, when the group covers it)
 * with the group's cover. The order itself is placed at
 * the ordinary checkout, which claims the cover under the enrollment's lock.
 */
export async function proveEligibility(
  { db, census }: { db: Database; census: CensusSealer },
  input: { slug: string; userId: string; goal: B2bGoalName; proof: EligibilityProof; now?: Date },
): Promise<{ cart: CartRow; employer: string }> {
  const now = input.now ?? new Date();
  const today = now.toISOString().slice(0, 10);
  const group = await findGroupBySlug(db, input.slug);
  if (!group) throw notFound('EMPLOYER_GROUP_NOT_FOUND', employerMessages.groupNotFound);
  if (!group.goals.includes(input.goal)) throw badRequest('GOAL_NOT_OFFERED', employerMessages.goalNotOffered);
  if (input.proof.method !== group.eligibility) throw badRequest('ELIGIBILITY_METHOD', employerMessages.notEligibleMethod);
  if (!inPlanYear(group, today)) throw notEligible(employerMessages.outsidePlanYear);
  const proof = input.proof;
  const codeHash = proof.method === 'code' ? codeHashOf(proof.code) : null;

  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(employerEnrollments)
      .where(
        and(
          eq(employerEnrollments.groupId, group.id),
          eq(employerEnrollments.userId, input.userId),
          eq(employerEnrollments.planYearStart, group.planYearStart),
        ),
      )
      .for('update');
    let enrollment = existing;
    if (enrollment) {
      const [used] = await tx
        .select()
        .from(employerCoveredOrders)
        .where(and(eq(employerCoveredOrders.enrollmentId, enrollment.id), isNull(employerCoveredOrders.releasedAt)));
      if (used) throw conflict('ALREADY_COVERED', employerMessages.alreadyCovered);
    }
    if (proof.method === 'code') {
      const [code] = await tx
        .select()
        .from(employerCodes)
        .where(and(eq(employerCodes.codeHash, codeHash!), eq(employerCodes.groupId, group.id)))
        .for('update');
      if (!code) throw notEligible(employerMessages.codeInvalid);
      if (code.usedByUserId !== null && code.usedByUserId !== input.userId) throw conflict('CODE_USED', employerMessages.codeUsed);
      if (!enrollment) {
        if (code.usedByUserId !== null) throw conflict('CODE_USED', employerMessages.codeUsed);
        await tx.update(employerCodes).set({ usedByUserId: input.userId, usedAt: now }).where(eq(employerCodes.id, code.id));
        enrollment = await enrol(tx, group, input.userId, { method: 'code', codeId: code.id });
      }
    } else if (proof.method === 'domain') {
      const link = await spendWorkEmailLink(tx, group, input.userId, proof.token, now);
      enrollment ??= await enrol(tx, group, input.userId, { method: 'domain', workEmail: link.workEmail });
    } else {
      // the row is found by its digest, then opened to compare the name and date of birth typed
      const members = await censusCandidates(tx, census, group.id, proof.emailOrEmployeeId);
      const member = members.find((row) => matchesCensusRow(census.open(row), proof));
      if (!member) throw notEligible(employerMessages.censusNoMatch);
      if (enrollment && enrollment.censusMemberId !== member.id) throw conflict('CENSUS_TAKEN', employerMessages.censusTaken);
      if (!enrollment) {
        const [taken] = await tx
          .select({ id: employerEnrollments.id })
          .from(employerEnrollments)
          .where(and(eq(employerEnrollments.censusMemberId, member.id), eq(employerEnrollments.planYearStart, group.planYearStart)));
        if (taken) throw conflict('CENSUS_TAKEN', employerMessages.censusTaken);
        enrollment = await enrol(tx, group, input.userId, { method: 'census', censusMemberId: member.id });
      }
    }
    const cart = await createCart(tx, input.userId);
    const { testId } = starterTestOfGoal(input.goal);
    await addCartItem(tx, { cartId: cart.id, productCode: 'base-quiz', testId, origin: 'quiz', quantity: 1 });
    // the program follows the test's results; the employer pays it with the test (decision 0051)
    if (group.includesProgram) {
      // lines are listed by when they were added, and both would carry the transaction's start: the
      // statement's own clock puts the program after its test
      await tx.insert(cartItems).values({
        cartId: cart.id,
        productCode: coveredProgramProduct,
        testId: null,
        origin: 'quiz',
        quantity: 1,
        createdAt: sql`clock_timestamp()`,
      });
    }
    await tx.insert(employerCartCovers).values({ cartId: cart.id, enrollmentId: enrollment.id, goal: input.goal });
    return { cart, employer: group.name };
  });
}

function codeHashOf(typed: string): string {
  if (typed.trim() === '') throw badRequest('CODE_MISSING', employerMessages.codeMissing);
  const code = normalizeGiftCode(typed);
  if (!code) throw notEligible(employerMessages.codeInvalid);
  return hashEligibilityCode(code);
}

async function enrol(
  tx: Executor,
  group: EmployerGroupRow,
  userId: string,
  how: { method: 'code'; codeId: string } | { method: 'census'; censusMemberId: string } | { method: 'domain'; workEmail: string },
) {
  // a racing enrolment of the same account, census line or work e-mail meets the unique keys: told, not doubled
  const [row] = await tx
    .insert(employerEnrollments)
    .values({ groupId: group.id, userId, planYearStart: group.planYearStart, ...how })
    .onConflictDoNothing()
    .returning();
  if (!row && how.method === 'domain') throw conflict('WORK_EMAIL_TAKEN', employerMessages.workEmailTaken);
  if (!row) throw conflict('CENSUS_TAKEN', employerMessages.censusTaken);
  return row;
}
