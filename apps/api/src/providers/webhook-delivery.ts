import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { CLINIC_WEBHOOK_RETRY_MINUTES, type ClinicWebhookEventType } from '@shop/core';
import { clinicWebhookDeliveries, clinicWebhookEndpoints, orders, providerOrders, type Database, type Executor } from '@shop/db';
import type { SecretSealer } from '../email/sealed-secrets.ts';
import { onEvent } from '../events/bus.ts';
import type { DomainEvent, DomainEventPayloads } from '../events/catalog.ts';
import { enqueue } from '../jobs/queue.ts';
import { clinicWebhookAttempts } from '../monitoring/metrics.ts';
import type { JobHandler, JobLog } from '../jobs/worker.ts';
import { clientWithdrewSharing } from './client-consent.ts';
import { publicOnlyLookup } from './webhook-address.ts';
import { signWebhook, WEBHOOK_HEADERS } from './webhook-signature.ts';

// A clinic's webhooks on the way out: the delivery each event of its orders makes, and the job that
// sends each attempt. What a clinic's admin sees and does with them is in webhooks.ts.

declare module '../jobs/queue.ts' {
  interface JobPayloads {
    /**
     * sends one attempt of a clinic's webhook delivery (outside any transaction); a failed
     * automatic attempt queues the next on the retry schedule, a redelivery is tried once
     */
    'provider_webhook.deliver': { deliveryId: string; attempt: number; redelivery?: boolean };
  }
}

export interface WebhookDeps {
  db: Database;
  /** seals the endpoints' signing secrets at rest, and opens them to sign */
  secrets: SecretSealer;
  /** development and tests: http://localhost and http://127.0.0.1 endpoints are allowed */
  allowLoopback: boolean;
}

/** How long the shop waits for an endpoint's answer. */
const TIMEOUT_MS = 10_000;
const AUTOMATIC_ATTEMPTS = CLINIC_WEBHOOK_RETRY_MINUTES.length + 1;
/** An attempt whose worker died mid-send may be taken again after this long. */
const SENDING_STALE_MS = 2 * 60_000;

/** The job of one attempt of a delivery: one per attempt, so a retry and a redelivery never run twice. */
export const jobKey = (deliveryId: string, attempt: number) => `provider-webhook:${deliveryId}:${attempt}`;

/** The provider order behind an order of the shop, with what the clinic's event says of it. */
async function providerOrderOf(tx: Executor, orderId: string) {
  const [row] = await tx
    .select({
      id: providerOrders.id,
      clinicId: providerOrders.clinicId,
      clientId: providerOrders.clientId,
      number: orders.number,
      sharingWithdrawn: clientWithdrewSharing(),
    })
    .from(providerOrders)
    .innerJoin(orders, eq(orders.id, providerOrders.orderId))
    .where(eq(providerOrders.orderId, orderId));
  return row;
}

type Subscribed = 'provider_order.paid' | 'kit.shipped' | 'results.released' | 'order.refunded';

/**
 * What the clinic is told, for an event of an order placed through it: ids and the new status,
 * never a result or an answer of the client's (results released says only that they are).
 */
function clinicEventOf(
  event: DomainEvent<Subscribed>,
  order: { id: string; clientId: string; number: number },
  orderId: string,
): { type: ClinicWebhookEventType; data: Record<string, unknown> } {
  const base = { providerOrderId: order.id, clientId: order.clientId, orderId, orderNumber: order.number };
  switch (event.type) {
    case 'provider_order.paid':
      return { type: 'order.paid', data: { ...base, status: 'paid' } };
    case 'kit.shipped': {
      const payload = event.payload as DomainEventPayloads['kit.shipped'];
      return { type: 'kit.shipped', data: { ...base, status: 'kit_shipped', kit: payload.kitSlug, shippedAt: payload.shippedAt } };
    }
    case 'results.released':
      return { type: 'results.released', data: { ...base, status: 'results_released' } };
    case 'order.refunded': {
      const payload = event.payload as DomainEventPayloads['order.refunded'];
      return {
        type: 'order.refunded',
        data: { ...base, status: 'refunded', reason: payload.declined ? 'clinician_declined' : 'refunded' },
      };
    }
    default:
      throw new Error(`no clinic event for ${String(event.type)}`);
  }
}

/**
 * Records a delivery to each of the clinic's endpoints, for the events of orders placed through a
 * clinic, in the transaction of the event, and queues its first attempt: the request itself is
 * made by the job, after the commit, never while a transaction waits on a clinic's server.
 */
export const webhookDeliveriesOfProviderOrders = onEvent<Subscribed>({
  name: 'providers.webhook-deliveries',
  on: ['provider_order.paid', 'kit.shipped', 'results.released', 'order.refunded'],
  mode: 'in-transaction',
  handle: async (tx, event) => {
    const orderId = (event.payload as { orderId: string }).orderId;
    const order = await providerOrderOf(tx, orderId);
    // a client who withdrew their consent to share: the clinic is told nothing more of their orders
    if (!order || order.sharingWithdrawn) return;
    const endpoints = await tx
      .select({ id: clinicWebhookEndpoints.id })
      .from(clinicWebhookEndpoints)
      .where(and(eq(clinicWebhookEndpoints.clinicId, order.clinicId), isNull(clinicWebhookEndpoints.removedAt)));
    if (endpoints.length === 0) return;
    const { type, data } = clinicEventOf(event, order, orderId);
    const payload = { id: event.id, type, createdAt: event.occurredAt.toISOString(), data };
    const made = await tx
      .insert(clinicWebhookDeliveries)
      .values(endpoints.map((endpoint) => ({ clinicId: order.clinicId, endpointId: endpoint.id, eventId: event.id, type, payload })))
      .onConflictDoNothing()
      .returning({ id: clinicWebhookDeliveries.id });
    for (const delivery of made) {
      await enqueue(tx, {
        name: 'provider_webhook.deliver',
        payload: { deliveryId: delivery.id, attempt: 1 },
        singletonKey: jobKey(delivery.id, 1),
        maxAttempts: 3,
      });
    }
  },
});

/** One HTTP POST to an endpoint: its status code, or what went wrong before an answer came. */
function post(url: string, headers: Record<string, string>, body: string, allowLoopback: boolean) {
  return new Promise<{ statusCode: number | null; error: string | null }>((resolve) => {
    const target = new URL(url);
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
        lookup: publicOnlyLookup(allowLoopback),
        timeout: TIMEOUT_MS,
      },
      (response) => {
        // the answer's body is not kept: only its status
        response.resume();
        response.on('end', () => resolve({ statusCode: response.statusCode ?? null, error: null }));
        response.on('error', () => resolve({ statusCode: response.statusCode ?? null, error: null }));
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${TIMEOUT_MS / 1000} s`)));
    request.on('error', (error) => resolve({ statusCode: null, error: error.message.slice(0, 300) }));
    request.end(body);
  });
}

/**
 * Sends one attempt of a delivery. The attempt is claimed first (a row update), so a redelivery
 * and a retry never send the same attempt twice; the request goes out with no transaction open,
 * and its outcome is written after. A failed automatic attempt queues the next one on the retry
 * schedule; after the last, or after a redelivery's one try, the delivery is failed.
 */
export function deliverWebhookJob(deps: WebhookDeps & { log: JobLog }): JobHandler<'provider_webhook.deliver'> {
  return async ({ deliveryId, attempt, redelivery }) => {
    const now = new Date();
    const stale = new Date(now.getTime() - SENDING_STALE_MS);
    const [claimed] = await deps.db
      .update(clinicWebhookDeliveries)
      .set({ status: 'sending', attempts: attempt, lastAttemptAt: now, nextAttemptAt: null, updatedAt: now })
      .where(
        and(
          eq(clinicWebhookDeliveries.id, deliveryId),
          sql`((${clinicWebhookDeliveries.attempts} = ${attempt - 1} and ${clinicWebhookDeliveries.status} in ('pending', 'retrying'))
            or (${clinicWebhookDeliveries.attempts} = ${attempt} and ${clinicWebhookDeliveries.status} = 'sending'
              and ${clinicWebhookDeliveries.lastAttemptAt} < ${stale.toISOString()}::timestamptz))`,
        ),
      )
      .returning();
    // delivered, removed, or this attempt was taken by another job
    if (!claimed) return;
    const [endpoint] = await deps.db.select().from(clinicWebhookEndpoints).where(eq(clinicWebhookEndpoints.id, claimed.endpointId));
    if (!endpoint || endpoint.removedAt) {
      await deps.db
        .update(clinicWebhookDeliveries)
        .set({ status: 'failed', lastError: 'The endpoint was removed.', updatedAt: new Date() })
        .where(eq(clinicWebhookDeliveries.id, deliveryId));
      clinicWebhookAttempts.inc({ outcome: 'failed' });
      return;
    }
    const body = JSON.stringify(claimed.payload);
    const timestamp = Math.floor(Date.now() / 1000);
    const outcome = await post(
      endpoint.url,
      {
        [WEBHOOK_HEADERS.id]: claimed.eventId,
        [WEBHOOK_HEADERS.timestamp]: String(timestamp),
        [WEBHOOK_HEADERS.signature]: signWebhook(deps.secrets.openValue(endpoint.secretSealed), claimed.eventId, timestamp, body),
        'user-agent': 'Base-Webhooks/1',
      },
      body,
      deps.allowLoopback,
    );
    const finished = new Date();
    const delivered = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
    const retryMinutes = !redelivery && attempt < AUTOMATIC_ATTEMPTS ? CLINIC_WEBHOOK_RETRY_MINUTES[attempt - 1] : undefined;
    const nextAt = !delivered && retryMinutes !== undefined ? new Date(finished.getTime() + retryMinutes * 60_000) : null;
    const lastError = delivered ? null : (outcome.error ?? `answered ${outcome.statusCode}`);
    await deps.db.transaction(async (tx) => {
      const [written] = await tx
        .update(clinicWebhookDeliveries)
        .set({
          status: delivered ? 'delivered' : nextAt ? 'retrying' : 'failed',
          lastStatusCode: outcome.statusCode,
          lastError,
          deliveredAt: delivered ? finished : claimed.deliveredAt,
          nextAttemptAt: nextAt,
          updatedAt: finished,
        })
        .where(
          and(
            eq(clinicWebhookDeliveries.id, deliveryId),
            eq(clinicWebhookDeliveries.attempts, attempt),
            eq(clinicWebhookDeliveries.status, 'sending'),
          ),
        )
        .returning({ id: clinicWebhookDeliveries.id });
      if (!written || !nextAt) return;
      await enqueue(tx, {
        name: 'provider_webhook.deliver',
        payload: { deliveryId, attempt: attempt + 1 },
        singletonKey: jobKey(deliveryId, attempt + 1),
        runAt: nextAt,
        maxAttempts: 3,
      });
    });
    clinicWebhookAttempts.inc({ outcome: delivered ? 'delivered' : nextAt ? 'retrying' : 'failed' });
    if (!delivered) {
      deps.log.warn({ deliveryId, attempt, statusCode: outcome.statusCode, err: lastError }, 'a clinic webhook was not accepted');
    }
  };
}
