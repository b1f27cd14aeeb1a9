import { experimentMetrics, type ExperimentMetric, type VariantCounts } from '@shop/core';
import { clientErrors, experimentControls, experimentConversions, experimentExposures, type Executor } from '@shop/db';
import { count, countDistinct, desc, sum } from 'drizzle-orm';

/** What the report counts, per experiment and variant: exposed visitors, converted visitors, revenue. */
export async function countsByExperiment(db: Executor): Promise<Map<string, VariantCounts[]>> {
  const exposed = await db
    .select({ experimentId: experimentExposures.experimentId, variant: experimentExposures.variant, visitors: count() })
    .from(experimentExposures)
    .groupBy(experimentExposures.experimentId, experimentExposures.variant);
  const converted = await db
    .select({
      experimentId: experimentConversions.experimentId,
      variant: experimentConversions.variant,
      metric: experimentConversions.metric,
      visitors: countDistinct(experimentConversions.visitorId),
      valueCents: sum(experimentConversions.valueCents),
    })
    .from(experimentConversions)
    .groupBy(experimentConversions.experimentId, experimentConversions.variant, experimentConversions.metric);

  const byExperiment = new Map<string, VariantCounts[]>();
  const rowOf = (experimentId: string, variant: string): VariantCounts => {
    const rows = byExperiment.get(experimentId) ?? [];
    byExperiment.set(experimentId, rows);
    let row = rows.find((candidate) => candidate.variant === variant);
    if (!row) {
      row = { variant, exposed: 0, converted: {}, revenueCents: 0 };
      rows.push(row);
    }
    return row;
  };
  for (const row of exposed) rowOf(row.experimentId, row.variant).exposed = row.visitors;
  for (const row of converted) {
    if (!(experimentMetrics as readonly string[]).includes(row.metric)) continue;
    const counts = rowOf(row.experimentId, row.variant);
    counts.converted[row.metric as ExperimentMetric] = row.visitors;
    if (row.metric === 'order_paid') counts.revenueCents += Number(row.valueCents ?? 0);
  }
  return byExperiment;
}

export async function saveControls(
  db: Executor,
  experimentId: string,
  change: { disabledVariants?: string[]; endedAt?: Date; defaultVariant?: string | null },
): Promise<void> {
  await db
    .insert(experimentControls)
    .values({
      experimentId,
      disabledVariants: change.disabledVariants ?? [],
      endedAt: change.endedAt ?? null,
      defaultVariant: change.defaultVariant ?? null,
    })
    .onConflictDoUpdate({ target: experimentControls.experimentId, set: { ...change, updatedAt: new Date() } });
}

export async function storeClientError(
  db: Executor,
  error: { message: string; page: string; stack: string | null; release: string | null },
) {
  await db.insert(clientErrors).values(error);
}

export async function latestClientErrors(db: Executor, limit = 100) {
  return db.select().from(clientErrors).orderBy(desc(clientErrors.occurredAt)).limit(limit);
}
