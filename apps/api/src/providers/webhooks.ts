import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  CLINIC_WEBHOOK_ENDPOINT_LIMIT,
  CLINIC_WEBHOOK_RETRY_MINUTES,
  clinicWebhookMessages,
  type ClinicWebhookEventType,
  type ClinicWebhookStatus,
} from '@shop/core';
import {
  clinicWebhookDeliveries,
  clinicWebhookEndpoints,
  clinics,
  jobs,
  orders,
  providerOrders,
  type Database,
  type Executor,
} from '@shop/db';
import { recordAudit } from '../audit/log.ts';
import type { SecretSealer } from '../email/sealed-secrets.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
import { onEvent } from '../events/bus.ts';
import type { DomainEvent, DomainEventPayloads } from '../events/catalog.ts';
import { enqueue } from '../jobs/queue.ts';
import type { JobHandler, JobLog } from '../jobs/worker.ts';
import { isRowId } from '../validation.ts';
import { auditActor, type ClinicMember } from './members.ts';
import { endpointAddressRefusal, publicOnlyLookup } from './webhook-address.ts';
import { newSigningSecret, signWebhook, WEBHOOK_HEADERS } from './webhook-signature.ts';

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

const endpointMissing = () => notFound('WEBHOOK_ENDPOINT_NOT_FOUND', clinicWebhookMessages.endpointMissing);
const deliveryMissing = () => notFound('WEBHOOK_DELIVERY_NOT_FOUND', clinicWebhookMessages.deliveryMissing);
const jobKey = (deliveryId: string, attempt: number) => `provider-webhook:${deliveryId}:${attempt}`;

function presentEndpoint(row: typeof clinicWebhookEndpoints.$inferSelect) {
  return { id: row.id, url: row.url, secretHint: row.secretHint, createdAt: row.createdAt.toISOString() };
}

/** The clinic's endpoints and its latest deliveries, newest first. */
export async function webhooksOf(db: Database, member: ClinicMember) {
  const endpoints = await db
    .select()
    .from(clinicWebhookEndpoints)
    .where(and(eq(clinicWebhookEndpoints.clinicId, member.clinicId), isNull(clinicWebhookEndpoints.removedAt)))
    .orderBy(clinicWebhookEndpoints.createdAt);
  const deliveries = await db
    .select({ delivery: clinicWebhookDeliveries, url: clinicWebhookEndpoints.url, removedAt: clinicWebhookEndpoints.removedAt })
    .from(clinicWebhookDeliveries)
    .innerJoin(clinicWebhookEndpoints, eq(clinicWebhookEndpoints.id, clinicWebhookDeliveries.endpointId))
    .where(eq(clinicWebhookDeliveries.clinicId, member.clinicId))
    .orderBy(desc(clinicWebhookDeliveries.createdAt))
    .limit(100);
  return {
    endpoints: endpoints.map(presentEndpoint),
    deliveries: deliveries.map(({ delivery, url, removedAt }) => ({
      id: delivery.id,
      endpointId: delivery.endpointId,
      url,
      endpointRemoved: removedAt !== null,
      eventId: delivery.eventId,
      type: delivery.type as ClinicWebhookEventType,
      status: delivery.status as ClinicWebhookStatus,
      attempts: delivery.attempts,
      lastStatusCode: delivery.lastStatusCode,
      lastError: delivery.lastError,
      lastAttemptAt: delivery.lastAttemptAt?.toISOString() ?? null,
      nextAttemptAt: delivery.nextAttemptAt?.toISOString() ?? null,
      createdAt: delivery.createdAt.toISOString(),
    })),
  };
}

/** Registers an endpoint: its signing secret is answered this once, and kept sealed. */
export async function addEndpoint(deps: WebhookDeps, member: ClinicMember, url: string) {
  const refusal = endpointAddressRefusal(url, deps.allowLoopback);
  if (refusal) throw badRequest('WEBHOOK_URL_INVALID', refusal);
  const secret = newSigningSecret();
  const row = await deps.db.transaction(async (tx) => {
    // one admin at a time counts the clinic's endpoints
    await tx.select({ id: clinics.id }).from(clinics).where(eq(clinics.id, member.clinicId)).for('update');
    const [count] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(clinicWebhookEndpoints)
      .where(and(eq(clinicWebhookEndpoints.clinicId, member.clinicId), isNull(clinicWebhookEndpoints.removedAt)));
    if ((count?.count ?? 0) >= CLINIC_WEBHOOK_ENDPOINT_LIMIT) throw conflict('WEBHOOK_ENDPOINT_LIMIT', clinicWebhookMessages.tooMany);
    const [made] = await tx
      .insert(clinicWebhookEndpoints)
      .values({
        clinicId: member.clinicId,
        url,
        secretSealed: deps.secrets.sealValue(secret),
        secretHint: secret.slice(0, 10),
        createdBy: member.user.id,
      })
      .returning();
    await recordAudit(tx, {
      actor: auditActor(member),
      action: 'provider.webhook_endpoint_add',
      subjectType: 'clinic_webhook_endpoint',
      subjectId: made!.id,
      detail: { clinicId: member.clinicId, url },
      ip: member.ip,
    });
    return made!;
  });
  return { endpoint: presentEndpoint(row), secret };
}

/** Removes an endpoint: it gets no new events, and what is waiting for it is not sent. */
export async function removeEndpoint(deps: WebhookDeps, member: ClinicMember, id: string) {
  if (!isRowId(id)) throw endpointMissing();
  await deps.db.transaction(async (tx) => {
    const now = new Date();
    const [removed] = await tx
      .update(clinicWebhookEndpoints)
      .set({ removedAt: now })
      .where(
        and(
          eq(clinicWebhookEndpoints.id, id),
          eq(clinicWebhookEndpoints.clinicId, member.clinicId),
          isNull(clinicWebhookEndpoints.removedAt),
        ),
      )
      .returning();
    if (!removed) throw endpointMissing();
    await tx
      .update(clinicWebhookDeliveries)
      .set({ status: 'failed', nextAttemptAt: null, lastError: 'The endpoint was removed.', updatedAt: now })
      .where(and(eq(clinicWebhookDeliveries.endpointId, id), inArray(clinicWebhookDeliveries.status, ['pending', 'retrying'])));
    await recordAudit(tx, {
      actor: auditActor(member),
      action: 'provider.webhook_endpoint_remove',
      subjectType: 'clinic_webhook_endpoint',
      subjectId: id,
      detail: { clinicId: member.clinicId, url: removed.url },
      ip: member.ip,
    });
  });
  return webhooksOf(deps.db, member);
}

/**
 * Sends a delivery again now, with the same event id and payload: the receiver that got it before
 * knows it by its id. One that is waiting for its next retry is sent now instead.
 */
export async function redeliver(deps: WebhookDeps, member: ClinicMember, id: string) {
  if (!isRowId(id)) throw deliveryMissing();
  await deps.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ delivery: clinicWebhookDeliveries, removedAt: clinicWebhookEndpoints.removedAt })
      .from(clinicWebhookDeliveries)
      .innerJoin(clinicWebhookEndpoints, eq(clinicWebhookEndpoints.id, clinicWebhookDeliveries.endpointId))
      .where(and(eq(clinicWebhookDeliveries.id, id), eq(clinicWebhookDeliveries.clinicId, member.clinicId)))
      .for('update', { of: clinicWebhookDeliveries });
    if (!found) throw deliveryMissing();
    if (found.removedAt) throw conflict('WEBHOOK_ENDPOINT_REMOVED', clinicWebhookMessages.endpointRemoved);
    const { delivery } = found;
    const now = new Date();
    if (delivery.status === 'sending' || delivery.status === 'pending') throw conflict('WEBHOOK_SENDING', clinicWebhookMessages.sendingNow);
    const attempt = delivery.attempts + 1;
    if (delivery.status === 'retrying') {
      // its next attempt is queued already: it runs now
      await tx
        .update(jobs)
        .set({ runAt: now, updatedAt: now })
        .where(and(eq(jobs.singletonKey, jobKey(delivery.id, attempt)), eq(jobs.status, 'queued')));
    } else {
      await enqueue(tx, {
        name: 'provider_webhook.deliver',
        payload: { deliveryId: delivery.id, attempt, redelivery: true },
        singletonKey: jobKey(delivery.id, attempt),
        maxAttempts: 3,
      });
    }
    await tx
      .update(clinicWebhookDeliveries)
      .set({ status: delivery.status === 'retrying' ? 'retrying' : 'pending', nextAttemptAt: now, updatedAt: now })
      .where(eq(clinicWebhookDeliveries.id, delivery.id));
    await recordAudit(tx, {
      actor: auditActor(member),
      action: 'provider.webhook_redeliver',
      subjectType: 'clinic_webhook_delivery',
      subjectId: delivery.id,
      detail: { clinicId: member.clinicId, eventId: delivery.eventId, type: delivery.type },
      ip: member.ip,
    });
  });
  return webhooksOf(deps.db, member);
}

/** The provider order behind an order of the shop, with what the clinic's event says of it. */
async function providerOrderOf(tx: Executor, orderId: string) {
  const [row] = await tx
    .select({ id: providerOrders.id, clinicId: providerOrders.clinicId, clientId: providerOrders.clientId, number: orders.number })
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
    if (!order) return;
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
      return;
    }
    const body = JSON.stringify(claimed.payload);
    const timestamp = Math.floor(Date.now() / 1000);
    const outcome = await post(
      endpoint.url,
      {
        [WEBHOOK_HEADERS.id]: claimed.eventId,
        [WEBHOOK_HEADERS.timestamp]: String(timestamp),
        [WEBHOOK_HEADERS.signature]: signWebhook(deps.secrets.openValue(endpoint.secretSealed), timestamp, body),
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
    if (!delivered) {
      deps.log.warn({ deliveryId, attempt, statusCode: outcome.statusCode, err: lastError }, 'a clinic webhook was not accepted');
    }
  };
}
