import { and, eq, sql } from 'drizzle-orm';
import { releaseRuleOf, releasesAtOnce, resultsReleaseMessages, type ResultsReleaseRule } from '@shop/core';
import { clinicClients, clinics, orders, providerOrders, type Database, type Executor } from '@shop/db';
import { recordAudit } from '../audit/log.ts';
import { resultsToReviewEmail } from '../email/provider-results-templates.ts';
import { enqueueEmail } from '../email/queue.ts';
import { conflict, notFound } from '../errors.ts';
import { onEvent, type EventRecorder } from '../events/bus.ts';
import type { ResultsCipher } from '../results/crypto.ts';
import { openOrderResults } from '../results/read.ts';
import { programAfterResults } from '../results/service.ts';
import { isRowId } from '../validation.ts';
import { visibleTo } from './clients.ts';
import { clientWithdrewSharing, sharingWithdrawnRefusal } from './client-consent.ts';
import { auditActor, ordererOrAdmins, type ClinicMember } from './members.ts';
import { lockOwnOrder, providerOrderView } from './orders.ts';

export interface ResultsReleaseDeps {
  db: Database;
  events: EventRecorder;
  cipher: ResultsCipher;
}

const resultsMissing = () => notFound('RESULTS_NOT_FOUND', 'We could not find results for this order.');

/** The order's results go to its client: the release is written and announced, in the caller's transaction. */
async function release(
  tx: Executor,
  events: EventRecorder,
  row: { id: string; clinicId: string; orderId: string },
  by: { memberId: string; userId: string; note: string } | null,
) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, row.orderId));
  if (!order) throw resultsMissing();
  const now = new Date();
  await tx
    .update(providerOrders)
    .set({
      resultsRelease: 'released',
      resultsReleasedAt: now,
      resultsReleasedBy: by?.memberId ?? null,
      resultsNote: by?.note || null,
      updatedAt: now,
    })
    .where(eq(providerOrders.id, row.id));
  await events.record(tx, 'results.released', {
    orderId: order.id,
    providerOrderId: row.id,
    clinicId: row.clinicId,
    email: order.email,
    program: await programAfterResults(tx, order),
    releasedBy: by?.userId ?? null,
  });
}

/**
 * When an order a clinic placed has all its results, the clinic's rule decides: they go to the
 * client now, or they wait for the ordering practitioner (told by e-mail) to review and release
 * them. Judging "out of range" opens the sealed values here, in the results' own transaction;
 * nothing of them is kept or sent.
 */
export const holdOrReleaseClinicResults = (config: { publicUrl: string; cipher: ResultsCipher }) =>
  onEvent({
    name: 'providers.hold-or-release-results',
    on: 'order.results_ready',
    mode: 'in-transaction',
    async handle(tx, { payload }, events) {
      const [row] = await tx
        .select({
          order: providerOrders,
          settings: clinics.settings,
          clinicName: clinics.name,
          client: clinicClients,
          sharingWithdrawn: clientWithdrewSharing(),
        })
        .from(providerOrders)
        .innerJoin(clinics, eq(clinics.id, providerOrders.clinicId))
        .innerJoin(clinicClients, eq(clinicClients.id, providerOrders.clientId))
        .where(eq(providerOrders.orderId, payload.orderId))
        .for('update', { of: providerOrders });
      if (!row || row.order.resultsRelease !== 'pending') return;
      // a client who withdrew their consent to share: the clinic may not review what it may not
      // read, and is not told they arrived; the results go to the client now
      if (row.sharingWithdrawn) {
        await release(tx, events, { id: row.order.id, clinicId: row.order.clinicId, orderId: payload.orderId }, null);
        return;
      }
      const rule = releaseRuleOf(row.settings);
      const results = rule === 'review_out_of_range' ? await openOrderResults(tx, config.cipher, payload.orderId) : undefined;
      const flags = results?.kits.flatMap((kit) => kit.results.map((result) => result.flag)) ?? [];
      if (releasesAtOnce(rule, flags)) {
        await release(tx, events, { id: row.order.id, clinicId: row.order.clinicId, orderId: payload.orderId }, null);
        return;
      }
      const now = new Date();
      await tx
        .update(providerOrders)
        .set({ resultsRelease: 'held', resultsHeldAt: now, updatedAt: now })
        .where(eq(providerOrders.id, row.order.id));
      for (const { email } of await ordererOrAdmins(tx, row.order.clinicId, row.order.createdBy)) {
        await enqueueEmail(
          tx,
          resultsToReviewEmail({
            to: email,
            clientName: `${row.client.firstName} ${row.client.lastName}`,
            clinicName: row.clinicName,
            url: `${config.publicUrl}/providers/dashboard`,
          }),
          `provider-results-to-review:${row.order.id}:${email.toLowerCase()}`,
        );
      }
    },
  });

/** A practitioner or admin releases held results to the client, with an optional note; audited. */
export async function releaseHeldResults(deps: ResultsReleaseDeps, member: ClinicMember, id: string, note: string) {
  return deps.db.transaction(async (tx) => {
    const { order } = await lockOwnOrder(tx, member, id);
    if (order.resultsRelease === 'released') throw conflict('RESULTS_RELEASED', resultsReleaseMessages.notHeld);
    if (order.resultsRelease !== 'held' || !order.orderId) throw conflict('RESULTS_NOT_READY', resultsReleaseMessages.noResults);
    await release(
      tx,
      deps.events,
      { id: order.id, clinicId: order.clinicId, orderId: order.orderId },
      {
        memberId: member.memberId,
        userId: member.user.id,
        note,
      },
    );
    await recordAudit(tx, {
      actor: auditActor(member),
      action: 'provider.results_release',
      subjectType: 'results',
      subjectId: order.orderId,
      // whether a note went with them, never the note: it may speak of the values
      detail: { clinicId: member.clinicId, providerOrderId: order.id, note: note.length > 0 },
      ip: member.ip,
    });
    return providerOrderView(tx, member, order.id);
  });
}

/**
 * The results of an order the clinic placed, for a practitioner or admin who sees its client
 * (another clinic's order is not found). Each read is audited before anything is decrypted.
 */
export async function readClinicResults(deps: ResultsReleaseDeps, member: ClinicMember, id: string) {
  if (!isRowId(id)) throw resultsMissing();
  const [row] = await deps.db
    .select({ orderId: providerOrders.orderId, sharingWithdrawn: clientWithdrewSharing() })
    .from(providerOrders)
    .innerJoin(clinicClients, eq(clinicClients.id, providerOrders.clientId))
    .where(and(eq(providerOrders.id, id), eq(providerOrders.clinicId, member.clinicId), visibleTo(member)));
  if (!row?.orderId) throw resultsMissing();
  // nothing is opened for a client who withdrew their consent to share (decision 0081)
  if (row.sharingWithdrawn) throw sharingWithdrawnRefusal();
  await recordAudit(deps.db, {
    actor: auditActor(member),
    action: 'provider.results_read',
    subjectType: 'results',
    subjectId: row.orderId,
    detail: { clinicId: member.clinicId, providerOrderId: id },
    ip: member.ip,
  });
  const results = await openOrderResults(deps.db, deps.cipher, row.orderId);
  if (!results) throw resultsMissing();
  return results;
}

/**
 * health_consent.withdrawn, of the consent to share with clinics: results held for a clinic's
 * review go to the client now, in the withdrawal's transaction. The clinic can no longer read them
 * to review them, and the client would otherwise wait for a review that cannot come.
 */
export const releaseHeldResultsOfWithdrawnClient = onEvent({
  name: 'providers.release-held-results-on-withdrawal',
  on: 'health_consent.withdrawn',
  mode: 'in-transaction',
  async handle(tx, { payload }, events) {
    if (payload.kind !== 'share_with_clinic') return;
    const held = await tx
      .select({ id: providerOrders.id, clinicId: providerOrders.clinicId, orderId: providerOrders.orderId })
      .from(providerOrders)
      .where(and(eq(providerOrders.clientUserId, payload.userId), eq(providerOrders.resultsRelease, 'held')))
      .for('update');
    for (const row of held) if (row.orderId) await release(tx, events, { id: row.id, clinicId: row.clinicId, orderId: row.orderId }, null);
  },
});

/** An admin sets when the clinic's results reach its clients; orders already held stay held. */
export async function setResultsReleaseRule(db: Database, member: ClinicMember, rule: ResultsReleaseRule) {
  await db.transaction(async (tx) => {
    await tx
      .update(clinics)
      .set({ settings: sql`${clinics.settings} || jsonb_build_object('resultsRelease', ${rule}::text)`, updatedAt: new Date() })
      .where(eq(clinics.id, member.clinicId));
    await recordAudit(tx, {
      actor: auditActor(member),
      action: 'provider.settings',
      subjectType: 'clinic',
      subjectId: member.clinicId,
      detail: { clinicId: member.clinicId, resultsRelease: rule },
      ip: member.ip,
    });
  });
  return { resultsRelease: rule };
}
