import {
  biomarkers,
  buildPlan,
  dailyMealPlan,
  dayOf,
  isGoalSlug,
  marketplaceFor,
  membershipProductCodes,
  planNote,
  type BiomarkerResult,
  type BiomarkerSlug,
  type EvaluatedResult,
  type GoalSlug,
  type ImprovementPlan,
  type Marketplace,
} from '@shop/core';
import { and, asc, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import { labResults, orders, quizResults, subscriptions, type Database } from '@shop/db';
import type { SessionUser } from '../auth/auth.ts';
import { readResults } from '../results/read.ts';
import type { ResultsDeps } from '../results/service.ts';

export interface MemberMealPlan {
  /** the membership's day, counted from 1 on the day it started */
  day: number;
  /** what the plan was built from: the member's latest results, their quiz goal, or neither */
  basis: 'results' | 'goal' | 'general';
  meals: Array<{ slot: string; label: string; name: string; favoured: string[] }>;
  note: string;
}

const isBiomarker = (result: EvaluatedResult): result is EvaluatedResult & { biomarker: BiomarkerSlug } =>
  Object.hasOwn(biomarkers, result.biomarker);

/** The member's latest order with results, when they have one. */
async function latestResultsOrder(db: Database, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ orderId: labResults.orderId })
    .from(labResults)
    .innerJoin(orders, eq(orders.id, labResults.orderId))
    .where(eq(orders.userId, userId))
    .orderBy(desc(labResults.createdAt))
    .limit(1);
  // the inner join leaves only result sets of an order (an outside one has none)
  return row?.orderId ?? undefined;
}

async function latestGoal(db: Database, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ goal: quizResults.goalSlug })
    .from(quizResults)
    .where(eq(quizResults.userId, userId))
    .orderBy(desc(quizResults.createdAt))
    .limit(1);
  return row?.goal ?? null;
}

async function membershipStart(db: Database, userId: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ startedAt: subscriptions.createdAt })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        inArray(subscriptions.productCode, [...membershipProductCodes]),
        isNotNull(subscriptions.createdAt),
      ),
    )
    .orderBy(asc(subscriptions.createdAt))
    .limit(1);
  return row?.startedAt;
}

/** What a member's Base Daily pages are chosen from: their plan, and what it was built from. */
interface MemberPlan {
  plan: ImprovementPlan;
  goal: GoalSlug | null;
  basis: MemberMealPlan['basis'];
  startedAt: Date | undefined;
}

/**
 * The member's plan, from the same rules engine as the Improvement Program's: built from their
 * latest results when they have some (a read of health data, written to the audit log like any
 * other), else from their quiz goal, else the general advice.
 */
async function memberPlan(deps: ResultsDeps, user: SessionUser, ip: string | null): Promise<MemberPlan> {
  const [orderId, goal, startedAt] = await Promise.all([
    latestResultsOrder(deps.db, user.id),
    latestGoal(deps.db, user.id),
    membershipStart(deps.db, user.id),
  ]);
  const read = orderId ? (await readResults(deps, user, orderId, { format: 'json', ip })).kits.flatMap((kit) => kit.results) : [];
  // a biomarker measured by two kits of the order counts once, as the plan takes each once
  const results: BiomarkerResult[] = read
    .filter(isBiomarker)
    .filter((result, index, all) => all.findIndex((other) => other.biomarker === result.biomarker) === index);
  const goalSlug = goal && isGoalSlug(goal) ? goal : null;
  const plan = buildPlan({ results, goal });
  return { plan, goal: goalSlug, basis: results.length > 0 ? 'results' : goal ? 'goal' : 'general', startedAt };
}

/**
 * Today's meals for a Base Daily member, from their plan. The meals turn with the membership's
 * days, so each day differs and the same day stays the same.
 */
export async function memberMealPlan(deps: ResultsDeps, user: SessionUser, ip: string | null, now = new Date()): Promise<MemberMealPlan> {
  const { plan, basis, startedAt } = await memberPlan(deps, user, ip);
  const start = Date.parse(`${dayOf(startedAt ?? now)}T00:00:00Z`);
  const day = Math.max(1, Math.floor((Date.parse(`${dayOf(now)}T00:00:00Z`) - start) / 86_400_000) + 1);
  const meals = dailyMealPlan(plan, day).meals.map((meal) => ({
    slot: meal.slot,
    label: meal.label,
    name: meal.name,
    favoured: meal.favoured.map((food) => food.name),
  }));
  return { day, basis, meals, note: planNote };
}

/** The member's products marketplace (core's `marketplaceFor`), chosen for the same plan as their meals. */
export async function memberMarketplace(
  deps: ResultsDeps,
  user: SessionUser,
  ip: string | null,
): Promise<Marketplace & { basis: MemberMealPlan['basis'] }> {
  const { plan, goal, basis } = await memberPlan(deps, user, ip);
  return { basis, ...marketplaceFor({ plan, goal }) };
}
