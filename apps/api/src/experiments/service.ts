import { randomUUID } from 'node:crypto';
import {
  assignVariant,
  experiments,
  findExperiment,
  noControls,
  variantToShow,
  type ExperimentControls,
  type ExperimentMetric,
} from '@shop/core';
import { experimentControls, type Executor } from '@shop/db';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { notFound } from '../errors.ts';
import { isAutomated, linkAccountVisitor, visitorOf } from './visitor.ts';

export async function controlsOf(db: Executor): Promise<Map<string, ExperimentControls>> {
  const rows = await db.select().from(experimentControls);
  return new Map(
    rows.map((row) => [
      row.experimentId,
      { disabledVariants: row.disabledVariants, endedAt: row.endedAt, defaultVariant: row.defaultVariant },
    ]),
  );
}

export interface Exposure {
  experimentId: string;
  variant: string;
  /** false for a bot, an ended experiment, a variant turned off: shown, not counted */
  counted: boolean;
  /** the visitor's assignments, for the `exp` cookie; null for a bot */
  assignments: Record<string, string> | null;
  /** a visitor id to keep in the browser, when it had none */
  newVisitorId: string | null;
}

/**
 * The page of an experiment is being rendered: which variant this visitor sees, recorded as their
 * exposure the first time (per visitor and experiment) while the experiment counts them.
 */
export async function exposeVisitor(db: Executor, request: FastifyRequest, experimentId: string, now = new Date()): Promise<Exposure> {
  const experiment = findExperiment(experimentId);
  if (!experiment) throw notFound('EXPERIMENT_NOT_FOUND', 'There is no such experiment.');
  const controls = (await controlsOf(db)).get(experiment.id) ?? noControls;
  if (isAutomated(request)) {
    const { variant } = variantToShow(experiment, controls, undefined, now);
    return { experimentId: experiment.id, variant, counted: false, assignments: null, newVisitorId: null };
  }
  const known = await visitorOf(db, request);
  const visitorId = known ?? randomUUID();
  const user = await request.currentUser();
  if (user) await linkAccountVisitor(db, visitorId, user.id);

  const assignments = Object.fromEntries(experiments.map((each) => [each.id, assignVariant(each, visitorId)]));
  const shown = variantToShow(experiment, controls, assignments[experiment.id], now);
  if (shown.counted) {
    await db.execute(sql`
      insert into experiment_exposures (experiment_id, visitor_id, variant, exposed_at)
      values (${experiment.id}, ${visitorId}, ${shown.variant}, ${now.toISOString()})
      on conflict (experiment_id, visitor_id) do nothing`);
  }
  return { experimentId: experiment.id, ...shown, assignments, newVisitorId: known ? null : visitorId };
}

/**
 * A visitor did something an experiment measures: it counts for every experiment they were
 * exposed to before it happened, in the variant they were shown, once per `source`.
 */
export async function recordConversion(
  db: Executor,
  conversion: { visitorId: string | undefined; metric: ExperimentMetric; source: string; valueCents?: number; at?: Date },
): Promise<void> {
  if (!conversion.visitorId) return;
  const at = (conversion.at ?? new Date()).toISOString();
  await db.execute(sql`
    insert into experiment_conversions (experiment_id, visitor_id, variant, metric, source, value_cents, occurred_at)
    select experiment_id, visitor_id, variant, ${conversion.metric}, ${conversion.source}, ${conversion.valueCents ?? 0}, ${at}
    from experiment_exposures
    where visitor_id = ${conversion.visitorId} and exposed_at <= ${at}
    on conflict (experiment_id, visitor_id, metric, source) do nothing`);
}

/**
 * A conversion of an account (a paid order), counted for the visitor id the account keeps: the
 * same as `recordConversion` with `accountVisitor`, as one write, which placing an order sends
 * inside the statement that records its payment's event.
 */
export function accountConversion(conversion: {
  userId: string;
  metric: ExperimentMetric;
  source: string;
  valueCents?: number;
  at?: Date;
}): SQL {
  const at = (conversion.at ?? new Date()).toISOString();
  return sql`
    insert into experiment_conversions (experiment_id, visitor_id, variant, metric, source, value_cents, occurred_at)
    select experiment_id, visitor_id, variant, ${conversion.metric}, ${conversion.source}, ${conversion.valueCents ?? 0}, ${at}
    from experiment_exposures
    where visitor_id = (select visitor_id from experiment_account_visitors where user_id = ${conversion.userId}) and exposed_at <= ${at}
    on conflict (experiment_id, visitor_id, metric, source) do nothing`;
}

/** A conversion of the visitor making this request (a bot's never counts). */
export async function recordRequestConversion(
  db: Executor,
  request: FastifyRequest,
  conversion: { metric: ExperimentMetric; source: string; valueCents?: number },
): Promise<void> {
  if (isAutomated(request)) return;
  await recordConversion(db, { ...conversion, visitorId: await visitorOf(db, request) });
}
