import { sql } from 'drizzle-orm';
import type { Database, Executor } from '@shop/db';
import { enqueueEmail } from '../email/queue.ts';
import { layout } from '../email/templates.ts';
import type { JobHandler, JobLog } from '../jobs/worker.ts';
import { closeNoticesExcept, openNotice, operatorAddresses } from '../operator-notices/repository.ts';

declare module '../jobs/queue.ts' {
  interface JobPayloads {
    /** raises an operator notice for each clinic webhook endpoint failing for a day, and closes those that recovered */
    'provider_webhook.failing': Record<string, never>;
  }
}

/** How long an endpoint's deliveries fail, with none delivered since, before an operator hears of it. */
export const FAILING_FOR_MS = 24 * 3600 * 1000;

export interface FailingEndpoint {
  endpointId: string;
  clinicId: string;
  clinicName: string;
  url: string;
  failingSince: Date;
  failing: number;
}

/**
 * The endpoints whose spell of failing began at least `FAILING_FOR_MS` before `now`: every
 * delivery made since the endpoint's last one delivered is retrying or failed, the oldest of them
 * that old. A delivery delivered ends the spell; a removed endpoint has none.
 */
export async function endpointsFailingForADay(db: Executor, now: Date): Promise<FailingEndpoint[]> {
  const before = new Date(now.getTime() - FAILING_FOR_MS).toISOString();
  const result = await db.execute(sql`
    select e.id as endpoint_id, e.clinic_id, c.name as clinic_name, e.url,
      min(d.created_at) as failing_since, count(*) as failing
    from clinic_webhook_endpoints e
    join clinics c on c.id = e.clinic_id
    join clinic_webhook_deliveries d on d.endpoint_id = e.id
    where e.removed_at is null
      and d.status in ('retrying', 'failed')
      and d.created_at > coalesce(
        (select max(x.delivered_at) from clinic_webhook_deliveries x where x.endpoint_id = e.id and x.status = 'delivered'),
        '-infinity'::timestamptz)
    group by e.id, e.clinic_id, c.name, e.url
    having min(d.created_at) <= ${before}::timestamptz
    order by min(d.created_at)`);
  // rows directly on PGlite, in `.rows` on node-postgres
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    endpoint_id: string;
    clinic_id: string;
    clinic_name: string;
    url: string;
    failing_since: string | Date;
    failing: number | string;
  }[];
  return rows.map((row) => ({
    endpointId: row.endpoint_id,
    clinicId: row.clinic_id,
    clinicName: row.clinic_name,
    url: row.url,
    failingSince: new Date(row.failing_since),
    failing: Number(row.failing),
  }));
}

/**
 * The hourly look at clinics' endpoints: one that has failed for a day gets a notice in the
 * console and an e-mail to each operator, once for its spell (the open notice is unique per
 * endpoint); a notice whose endpoint delivers again, or was removed, closes, so the next spell
 * is told again. The clinic sees its own deliveries already; this is for the shop's operators.
 */
export function webhookFailingJob(deps: { db: Database; publicUrl: string; log: JobLog }): JobHandler<'provider_webhook.failing'> {
  return async (_payload, context) => {
    await deps.db.transaction(async (tx) => {
      const failing = await endpointsFailingForADay(tx, context.now);
      const closed = await closeNoticesExcept(
        tx,
        'webhook_endpoint_failing',
        failing.map((endpoint) => endpoint.endpointId),
        context.now,
      );
      if (closed > 0) deps.log.info({ closed }, 'clinic webhook endpoints deliver again: their notices are closed');
      for (const endpoint of failing) {
        const notice = await openNotice(tx, {
          kind: 'webhook_endpoint_failing',
          subjectId: endpoint.endpointId,
          detail: {
            clinicId: endpoint.clinicId,
            clinicName: endpoint.clinicName,
            url: endpoint.url,
            failingSince: endpoint.failingSince.toISOString(),
            failing: endpoint.failing,
          },
          now: context.now,
        });
        if (!notice) continue;
        for (const to of await operatorAddresses(tx)) {
          await enqueueEmail(tx, webhookFailingEmail(to, endpoint, `${deps.publicUrl}/admin/jobs`), `operator-notice:${notice.id}:${to}`);
        }
        deps.log.warn({ endpointId: endpoint.endpointId, failing: endpoint.failing }, 'a clinic webhook endpoint has failed for a day');
      }
    });
  };
}

function webhookFailingEmail(to: string, endpoint: FailingEndpoint, consoleUrl: string) {
  return layout(
    'operator-webhook-failing',
    to,
    `Webhooks to ${endpoint.clinicName} have failed for a day`,
    [
      `Since ${endpoint.failingSince.toISOString().slice(0, 16).replace('T', ' ')} UTC, ${endpoint.failing} ${endpoint.failing === 1 ? 'delivery' : 'deliveries'} to ${endpoint.url} have not been delivered.`,
      'The clinic sees these failures in its area too. Please ask the clinic whether the address still works; deliveries are retried on their schedule, and the clinic can redeliver them.',
    ],
    { label: 'Open the jobs page', url: consoleUrl },
  );
}
