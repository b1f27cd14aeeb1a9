import { and, eq, inArray, lte, notInArray, or } from 'drizzle-orm';
import { awaitingSample, lostKitStep, type KitStatus, type LostKitCase, type WatchedKit } from '@shop/core';
import { collectionChoices, orderKits, orders, type Database, type Executor } from '@shop/db';
import { lostKitReminderEmail } from '../email/sample-templates.ts';
import { enqueueEmail } from '../email/queue.ts';
import type { EventRecorder } from '../events/bus.ts';
import type { JobHandler, JobLog } from '../jobs/worker.ts';
import { expireKit, replaceLostKit } from './kit-failures.ts';
import { insertKitFailure, lockKitOf, openTaskOfKit } from './kit-failures-repository.ts';
import { listKits, lockOrder, type KitRow, type OrderRow } from './lifecycle-repository.ts';

declare module '../jobs/queue.ts' {
  interface JobPayloads {
    /** finds kits the lab still waits for past core's lost-kit days: reminds, replaces or expires each once */
    'kits.watch': Record<string, never>;
  }
}

/** The first day any case asks for something (core's `lostKitRules`): younger kits are not read. */
const FIRST_DAY_MS = 7 * 24 * 3600 * 1000;
const sampleIn: ReadonlySet<string> = new Set(['sample_received', 'results_ready']);

function watched(kit: KitRow, method: string | null): WatchedKit {
  return {
    status: kit.status as KitStatus,
    method: method === 'lab' ? 'lab' : 'home',
    shippedAt: kit.shippedAt,
    registeredAt: kit.registeredAt,
    sampleSentAt: kit.sampleSentAt,
    // a lab order's row was last written when it went out (or out again, after a replacement)
    labOrderSentAt: kit.status === 'lab_order_sent' ? kit.updatedAt : null,
    replacements: kit.replacements,
  };
}

/**
 * The queue's `kits.watch`, hourly: every kit the lab still waits for is read against core's
 * lost-kit rules. A reminder goes once (its key names the kit, its replacement, the case and the
 * reminder); a replacement or an expiry is decided again under the order's lock, so a sample that
 * arrives at the same moment either comes first (and the kit is no longer waited for) or finds
 * the kit expired and is refused: refund or results, never both.
 */
export function lostKitsJob(deps: { db: Database; events: EventRecorder; publicUrl: string; log: JobLog }): JobHandler<'kits.watch'> {
  return async (_payload, context) => {
    const startedBefore = new Date(context.now.getTime() - FIRST_DAY_MS);
    const candidates = await deps.db
      .select({ kit: orderKits, method: collectionChoices.method, order: orders })
      .from(orderKits)
      .innerJoin(orders, eq(orders.id, orderKits.orderId))
      .leftJoin(collectionChoices, eq(collectionChoices.orderId, orderKits.orderId))
      .where(
        and(
          inArray(orderKits.status, [...awaitingSample]),
          notInArray(orders.status, ['cancelled', 'refunded']),
          or(
            lte(orderKits.shippedAt, startedBefore),
            lte(orderKits.registeredAt, startedBefore),
            lte(orderKits.sampleSentAt, startedBefore),
            and(eq(orderKits.status, 'lab_order_sent'), lte(orderKits.updatedAt, startedBefore)),
          ),
        ),
      )
      .limit(500);
    for (const { kit, method, order } of candidates) {
      const step = lostKitStep(watched(kit, method), context.now);
      if (step.kind === 'wait') continue;
      if (step.kind === 'remind') {
        await enqueueEmail(
          deps.db,
          lostKitReminderEmail({
            to: order.email,
            orderNumber: order.number,
            lostCase: step.case,
            url: `${deps.publicUrl}/account/orders/${order.id}`,
          }),
          `lost-kit:${kit.id}:${kit.replacements}:${step.case}:${step.reminder}`,
        );
        continue;
      }
      const acted = await actOnLostKit(deps, order.id, kit.kitSlug, context.now);
      if (acted) deps.log.info({ orderId: order.id, kit: kit.kitSlug, action: acted }, 'lost kit');
    }
  };
}

/** Replaces or expires one lost kit, once: everything is read again under the order's lock. */
export async function actOnLostKit(deps: { db: Database; events: EventRecorder }, orderId: string, kitSlug: string, now: Date) {
  return deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order || order.status === 'cancelled' || order.status === 'refunded') return null;
    const kit = await lockKitOf(tx, orderId, kitSlug);
    if (!kit) return null;
    const method = (await tx.select().from(collectionChoices).where(eq(collectionChoices.orderId, orderId)))[0]?.method ?? null;
    const step = lostKitStep(watched(kit, method), now);
    if (step.kind === 'replace') {
      await replaceLostKit(tx, deps.events, order, kit, step.case, 'system');
      await insertKitFailure(tx, {
        orderId,
        kitId: kit.id,
        kitSlug,
        kind: 'lost',
        cause: step.case,
        outcome: 'replacement',
        actor: 'system',
      });
      return 'replacement' as const;
    }
    if (step.kind !== 'refund') return null;
    return refundOrHandOver(tx, deps.events, order, kit, step.case);
  });
}

/**
 * An order is refunded whole; when another of its kits already has its sample, refunding it would
 * give back tests the lab is doing, so the lost kit becomes a clinician's task instead (once).
 */
async function refundOrHandOver(tx: Executor, events: EventRecorder, order: OrderRow, kit: KitRow, lostCase: LostKitCase) {
  const others = (await listKits(tx, order.id)).filter((other) => other.id !== kit.id);
  if (others.some((other) => sampleIn.has(other.status))) {
    if (await openTaskOfKit(tx, kit.id)) return null;
    await insertKitFailure(tx, {
      orderId: order.id,
      kitId: kit.id,
      kitSlug: kit.kitSlug,
      kind: 'lost',
      cause: lostCase,
      outcome: 'clinician',
      actor: 'system',
    });
    return 'clinician' as const;
  }
  await expireKit(tx, events, order, kit, lostCase, 'system');
  await insertKitFailure(tx, {
    orderId: order.id,
    kitId: kit.id,
    kitSlug: kit.kitSlug,
    kind: 'lost',
    cause: lostCase,
    outcome: 'refund',
    actor: 'system',
  });
  return 'refund' as const;
}
