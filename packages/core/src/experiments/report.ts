import { experimentMetrics, isRunning, type ExperimentControls, type ExperimentDefinition, type ExperimentMetric } from './definitions.ts';
import { differenceInterval, sampleRatioMismatch, wilsonInterval, type Interval } from './statistics.ts';

/** What was counted, per variant: exposed visitors, and per metric the visitors who converted. */
export interface VariantCounts {
  variant: string;
  exposed: number;
  converted: Partial<Record<ExperimentMetric, number>>;
  revenueCents: number;
}

export interface MetricResult {
  metric: ExperimentMetric;
  conversions: number;
  /** conversions ÷ exposed visitors, with its 95% Wilson interval; null before anyone was exposed */
  rate: number | null;
  interval: Interval | null;
  /** the rate minus the control's, with its 95% Newcombe interval; null for the control */
  difference: { value: number; interval: Interval } | null;
}

export interface VariantResult {
  key: string;
  label: string;
  weight: number;
  disabled: boolean;
  exposed: number;
  metrics: MetricResult[];
  revenueCents: number;
  /** revenue ÷ exposed visitors, in whole cents; null before anyone was exposed */
  revenuePerVisitorCents: number | null;
}

export interface ExperimentReport {
  experiment: ExperimentDefinition;
  running: boolean;
  controls: ExperimentControls;
  /** the split of the variants still on against their weights; null until there is anything to test */
  sampleRatio: { statistic: number; pValue: number; mismatch: boolean } | null;
  variants: VariantResult[];
}

/** The report of one experiment from its counts (pure: the API reads the counts, the console shows this). */
export function experimentReport(
  experiment: ExperimentDefinition,
  controls: ExperimentControls,
  counts: readonly VariantCounts[],
  now: Date,
): ExperimentReport {
  const countsOf = (key: string): VariantCounts =>
    counts.find((row) => row.variant === key) ?? { variant: key, exposed: 0, converted: {}, revenueCents: 0 };
  const control = countsOf(experiment.variants[0]!.key);
  const metrics = experimentMetrics.filter((metric) => metric === experiment.primaryMetric || experiment.guardrails.includes(metric));
  const ordered = [experiment.primaryMetric, ...metrics.filter((metric) => metric !== experiment.primaryMetric)];

  const variants = experiment.variants.map((variant, index): VariantResult => {
    const row = countsOf(variant.key);
    return {
      key: variant.key,
      label: variant.label,
      weight: variant.weight,
      disabled: controls.disabledVariants.includes(variant.key),
      exposed: row.exposed,
      metrics: ordered.map((metric) => {
        const conversions = row.converted[metric] ?? 0;
        const difference =
          index === 0
            ? null
            : differenceInterval(
                { successes: conversions, trials: row.exposed },
                { successes: control.converted[metric] ?? 0, trials: control.exposed },
              );
        return {
          metric,
          conversions,
          rate: row.exposed > 0 ? conversions / row.exposed : null,
          interval: wilsonInterval(conversions, row.exposed),
          difference: difference ? { value: difference.difference, interval: difference.interval } : null,
        };
      }),
      revenueCents: row.revenueCents,
      revenuePerVisitorCents: row.exposed > 0 ? Math.round(row.revenueCents / row.exposed) : null,
    };
  });

  const checked = variants.filter((variant) => !variant.disabled);
  const srm = sampleRatioMismatch(
    checked.map((variant) => variant.exposed),
    checked.map((variant) => variant.weight),
  );
  return {
    experiment,
    running: isRunning(experiment, controls, now),
    controls,
    sampleRatio: srm ? { statistic: srm.statistic, pValue: srm.pValue, mismatch: srm.mismatch } : null,
    variants,
  };
}
