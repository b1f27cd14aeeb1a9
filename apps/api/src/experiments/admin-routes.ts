import { experimentMetricLabels, experimentReport, experiments, findExperiment, noControls, type ExperimentReport } from '@shop/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordAudit } from '../audit/log.ts';
import { badRequest, notFound } from '../errors.ts';
import { errorResponses } from '../schemas.ts';
import { countsByExperiment, latestClientErrors, saveControls } from './repository.ts';
import { controlsOf } from './service.ts';

const intervalSchema = z.object({ low: z.number(), high: z.number() });

const reportSchema = z.object({
  id: z.string(),
  name: z.string(),
  pages: z.array(z.string()),
  primaryMetric: z.string(),
  guardrails: z.array(z.string()),
  start: z.string(),
  stop: z.string().nullable(),
  running: z.boolean(),
  endedAt: z.string().nullable(),
  defaultVariant: z.string().nullable(),
  sampleRatio: z.object({ statistic: z.number(), pValue: z.number(), mismatch: z.boolean() }).nullable(),
  variants: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      weight: z.number(),
      disabled: z.boolean(),
      exposed: z.number().int(),
      revenueCents: z.number().int(),
      revenuePerVisitorCents: z.number().int().nullable(),
      metrics: z.array(
        z.object({
          metric: z.string(),
          label: z.string(),
          conversions: z.number().int(),
          rate: z.number().nullable(),
          interval: intervalSchema.nullable(),
          difference: z.object({ value: z.number(), interval: intervalSchema }).nullable(),
        }),
      ),
    }),
  ),
});

function view(report: ExperimentReport): z.infer<typeof reportSchema> {
  const { experiment, controls } = report;
  return {
    id: experiment.id,
    name: experiment.name,
    pages: [...experiment.pages],
    primaryMetric: experiment.primaryMetric,
    guardrails: [...experiment.guardrails],
    start: experiment.start,
    stop: experiment.stop,
    running: report.running,
    endedAt: controls.endedAt?.toISOString() ?? null,
    defaultVariant: controls.defaultVariant,
    sampleRatio: report.sampleRatio,
    variants: report.variants.map((variant) => ({
      ...variant,
      metrics: variant.metrics.map((metric) => ({ ...metric, label: experimentMetricLabels[metric.metric] })),
    })),
  };
}

const experimentParams = z.object({ id: z.string().max(40) });
// ids are words of letters, digits and hyphens: `/experiments//end` is not an experiment
const EXPERIMENT = ':id(^[\\w-]+$)';

/**
 * The console's experiments: the report of each, and the operator's decisions (turn a variant off,
 * end an experiment with the variant everyone sees from then on), each audited and in force on
 * the next page rendered, without a deploy.
 */
export const adminExperimentRoutes: FastifyPluginAsyncZod = async (app) => {
  const reports = async () => {
    const [controls, counts] = await Promise.all([controlsOf(app.db), countsByExperiment(app.db)]);
    const now = new Date();
    return experiments.map((experiment) =>
      experimentReport(experiment, controls.get(experiment.id) ?? noControls, counts.get(experiment.id) ?? [], now),
    );
  };
  const experimentOf = (id: string) => {
    const experiment = findExperiment(id);
    if (!experiment) throw notFound('EXPERIMENT_NOT_FOUND', 'There is no such experiment.');
    return experiment;
  };

  app.get(
    '/experiments',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Every experiment with its report: exposed visitors, conversions, rates with 95% intervals, differences to control, revenue per visitor, the sample ratio check',
        response: { 200: z.object({ experiments: z.array(reportSchema) }), ...errorResponses },
      },
    },
    async () => ({ experiments: (await reports()).map(view) }),
  );

  app.post(
    `/experiments/${EXPERIMENT}/variants/off`,
    {
      config: { roles: ['operator'] },
      schema: {
        tags: ['admin'],
        summary: 'Turn a variant off: its visitors see the control from now on and are no longer counted (operators only)',
        params: experimentParams,
        body: z.strictObject({ variant: z.string().max(60) }),
        response: { 200: reportSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      const experiment = experimentOf(request.params.id);
      const { variant } = request.body;
      if (!experiment.variants.some((each) => each.key === variant))
        throw notFound('VARIANT_NOT_FOUND', 'The experiment has no such variant.');
      if (variant === experiment.variants[0]!.key)
        throw badRequest('CONTROL_STAYS_ON', 'The control cannot be turned off: end the experiment instead.');
      const controls = (await controlsOf(app.db)).get(experiment.id) ?? noControls;
      await app.db.transaction(async (tx) => {
        await saveControls(tx, experiment.id, { disabledVariants: [...new Set([...controls.disabledVariants, variant])] });
        await recordAudit(tx, {
          actor: { id: user.id, role: user.role ?? 'unknown' },
          action: 'experiment.variant_off',
          subjectType: 'experiment',
          subjectId: experiment.id,
          detail: { variant },
          ip: request.ip,
        });
      });
      return view((await reports()).find((report) => report.experiment.id === experiment.id)!);
    },
  );

  app.post(
    `/experiments/${EXPERIMENT}/end`,
    {
      config: { roles: ['operator'] },
      schema: {
        tags: ['admin'],
        summary:
          'End an experiment: everyone sees the chosen variant (the winner made the default) or the control, and nobody is counted any more (operators only)',
        params: experimentParams,
        body: z.strictObject({ defaultVariant: z.string().max(60).nullable() }),
        response: { 200: reportSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      const experiment = experimentOf(request.params.id);
      const { defaultVariant } = request.body;
      if (defaultVariant !== null && !experiment.variants.some((each) => each.key === defaultVariant)) {
        throw notFound('VARIANT_NOT_FOUND', 'The experiment has no such variant.');
      }
      const chosen = defaultVariant === experiment.variants[0]!.key ? null : defaultVariant;
      await app.db.transaction(async (tx) => {
        await saveControls(tx, experiment.id, { endedAt: new Date(), defaultVariant: chosen });
        await recordAudit(tx, {
          actor: { id: user.id, role: user.role ?? 'unknown' },
          action: 'experiment.end',
          subjectType: 'experiment',
          subjectId: experiment.id,
          detail: { defaultVariant: chosen ?? experiment.variants[0]!.key },
          ip: request.ip,
        });
      });
      return view((await reports()).find((report) => report.experiment.id === experiment.id)!);
    },
  );

  app.get(
    '/client-errors',
    {
      // what visitors' browsers report may still name someone, however scrubbed: operators alone read it
      config: { roles: ['operator'] },
      schema: {
        tags: ['admin'],
        summary: 'The latest errors the shop’s pages met in visitors’ browsers (scrubbed), newest first (operators only)',
        response: {
          200: z.object({
            errors: z.array(
              z.object({
                id: z.string(),
                message: z.string(),
                page: z.string(),
                stack: z.string().nullable(),
                release: z.string().nullable(),
                occurredAt: z.string(),
              }),
            ),
          }),
          ...errorResponses,
        },
      },
    },
    async () => ({
      errors: (await latestClientErrors(app.db)).map((row) => ({ ...row, occurredAt: row.occurredAt.toISOString() })),
    }),
  );
};
