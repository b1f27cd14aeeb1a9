import {
  areas,
  biomarkers,
  buildPlan,
  dayOf,
  findGoal,
  planSourceLabel,
  PROGRAM_WEEKS,
  programTimeline,
  shoppingListMessages,
  weeklyShoppingLists,
  type BiomarkerResult,
  type BiomarkerSlug,
  type EvaluatedResult,
  type ImprovementPlan,
  type PlanSource,
  type ProgramTimeline,
  type ShoppingList,
} from '@shop/core';
import type { OrderRow } from '@shop/db';
import type { SessionUser } from '../auth/auth.ts';
import { enqueueEmail } from '../email/queue.ts';
import { shoppingListEmail } from '../email/program-templates.ts';
import { badRequest, notFound } from '../errors.ts';
import { enforce, limits } from '../rate-limit/limiter.ts';
import { readResults } from '../results/read.ts';
import type { ResultsDeps } from '../results/service.ts';
import { findMemberProgramOrder, programActivatedAt, quizOfOrder } from './plan-repository.ts';

export const NO_PROGRAM_MESSAGE =
  'You have no active Improvement Program. It starts when the results of your starter test arrive, and your plan shows here then.';

/** An item of the plan with the few words that say why it is there, one for each reason. */
type Because<Item> = Item & { because: string[] };

export interface MemberProgram {
  order: { id: string; number: number };
  /** what the plan follows: the starter test's results, or (without any) the everyday advice */
  basis: 'results' | 'general';
  goal: { slug: string; name: string } | null;
  area: { slug: string; name: string } | null;
  timeline: ProgramTimeline;
  /** each result outside its range, with the sentence that explains it */
  reasons: Array<{ biomarker: string; title: string; flag: 'low' | 'high'; value: string; range: string; reason: string }>;
  /** when no result calls for a change: why the plan keeps to the everyday advice */
  general: { title: string; reason: string } | null;
  favour: Because<{ id: string; name: string }>[];
  limit: Because<{ id: string; name: string }>[];
  habits: Because<{ id: string; text: string }>[];
  supplements: Because<{ id: string; name: string; note: string }>[];
  note: string;
  shoppingLists: Array<{ week: number; groups: Array<{ category: string; label: string; items: Array<{ id: string; name: string }> }> }>;
}

const isBiomarker = (result: EvaluatedResult): result is EvaluatedResult & { biomarker: BiomarkerSlug } =>
  Object.hasOwn(biomarkers, result.biomarker);

const because = (from: PlanSource[]) => from.map(planSourceLabel);

async function runningProgram(deps: ResultsDeps, userId: string): Promise<OrderRow> {
  const order = await findMemberProgramOrder(deps.db, userId);
  if (!order) throw notFound('NO_ACTIVE_PROGRAM', NO_PROGRAM_MESSAGE);
  return order;
}

/**
 * The plan of the program's order: its starter test's results (read as any read of results is,
 * written to the audit log first), the goal and area of the quiz it came from.
 */
async function planOf(
  deps: ResultsDeps,
  user: SessionUser,
  order: OrderRow,
  ip: string | null,
): Promise<{ plan: ImprovementPlan; measured: number }> {
  const [read, quiz] = await Promise.all([readResults(deps, user, order.id, { format: 'json', ip }), quizOfOrder(deps.db, order)]);
  // a biomarker measured by two kits of the order counts once, as the plan takes each once
  const results: BiomarkerResult[] = read.kits
    .flatMap((kit) => kit.results)
    .filter(isBiomarker)
    .filter((result, index, all) => all.findIndex((other) => other.biomarker === result.biomarker) === index);
  // a quiz that showed several areas names none of them in particular: the goal's area stands
  const area = quiz?.areas.length === 1 ? quiz.areas[0] : null;
  return { plan: buildPlan({ results, goal: quiz?.goal ?? null, area }), measured: results.length };
}

const listView = (list: ShoppingList) => ({
  week: list.week,
  groups: list.groups.map((group) => ({
    category: group.category,
    label: group.label,
    items: group.items.map((item) => ({ id: item.id, name: item.name })),
  })),
});

/**
 * The signed-in member's Improvement Program: the plan built by core's rules engine from their
 * starter test, each item with its reasons; the program's weeks from the day it became active;
 * and a shopping list for each week. Only the member's own order is ever looked at.
 */
export async function memberProgram(deps: ResultsDeps, user: SessionUser, ip: string | null, now = new Date()): Promise<MemberProgram> {
  const order = await runningProgram(deps, user.id);
  const [{ plan, measured }, activatedAt] = await Promise.all([planOf(deps, user, order, ip), programActivatedAt(deps.db, order.id)]);
  const goal = plan.goal ? findGoal(plan.goal) : undefined;
  const area = plan.area ? areas.find((entry) => entry.slug === plan.area) : undefined;
  return {
    order: { id: order.id, number: order.number },
    basis: measured > 0 ? 'results' : 'general',
    goal: goal ? { slug: goal.slug, name: goal.name } : null,
    area: area ? { slug: area.slug, name: area.name } : null,
    // an order moved to the program before its timeline recorded the step starts on its last change
    timeline: programTimeline(dayOf(activatedAt ?? order.updatedAt), dayOf(now)),
    reasons: plan.sections.map(({ biomarker, title, flag, value, range, reason }) => ({ biomarker, title, flag, value, range, reason })),
    general: plan.general ? { title: plan.general.title, reason: plan.general.reason } : null,
    favour: plan.favour.map(({ id, name, from }) => ({ id, name, because: because(from) })),
    limit: plan.limit.map(({ id, name, from }) => ({ id, name, because: because(from) })),
    habits: plan.habits.map(({ id, text, from }) => ({ id, text, because: because(from) })),
    supplements: plan.supplements.map(({ id, name, note, from }) => ({ id, name, note, because: because(from) })),
    note: plan.note,
    shoppingLists: weeklyShoppingLists(plan).map(listView),
  };
}

/**
 * E-mails one week's shopping list to the member's address, through the e-mail queue. Limited per
 * account, as every door that sends e-mail is. The e-mail holds the foods only: never the results
 * or the reasons that name them.
 */
export async function emailShoppingList(
  deps: ResultsDeps,
  user: SessionUser,
  week: number,
  ip: string | null,
): Promise<{ week: number; to: string }> {
  const order = await runningProgram(deps, user.id);
  if (!Number.isInteger(week) || week < 1 || week > PROGRAM_WEEKS) throw badRequest('UNKNOWN_WEEK', shoppingListMessages.week);
  // counted before the results are read: a flood of requests neither sends nor reads
  await enforce(deps.db, limits.shoppingListEmailsPerAccount, user.id);
  const { plan } = await planOf(deps, user, order, ip);
  const list = weeklyShoppingLists(plan)[week - 1]!;
  await enqueueEmail(deps.db, shoppingListEmail({ to: user.email, list, programUrl: `${deps.publicUrl}/account/program` }));
  return { week, to: user.email };
}
