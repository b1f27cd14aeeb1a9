import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { CLINIC_WEBHOOK_ENDPOINT_LIMIT, clinicWebhookMessages, type ClinicWebhookEventType, type ClinicWebhookStatus } from '@shop/core';
import { clinicWebhookDeliveries, clinicWebhookEndpoints, clinics, jobs, type Database } from '@shop/db';
import { recordAudit } from '../audit/log.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
import { enqueue } from '../jobs/queue.ts';
import { isRowId } from '../validation.ts';
import { auditActor, type ClinicMember } from './members.ts';
import { endpointAddressRefusal } from './webhook-address.ts';
import { jobKey, type WebhookDeps } from './webhook-delivery.ts';
import { newSigningSecret, SECRET_PREFIX } from './webhook-signature.ts';

// A clinic's webhooks as its admin sees and manages them: endpoints, the log of deliveries, and a
// redelivery. Sending them is webhook-delivery.ts's.

const endpointMissing = () => notFound('WEBHOOK_ENDPOINT_NOT_FOUND', clinicWebhookMessages.endpointMissing);
const deliveryMissing = () => notFound('WEBHOOK_DELIVERY_NOT_FOUND', clinicWebhookMessages.deliveryMissing);

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
        // the prefix alone: it tells a clinic which kind of secret this is, and none of the secret
        secretHint: secret.slice(0, SECRET_PREFIX.length),
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
