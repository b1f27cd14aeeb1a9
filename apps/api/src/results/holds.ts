import { classifyResults, type BiomarkerResult } from '@shop/core';
import type { Executor } from '@shop/db';
import { recordAudit } from '../audit/log.ts';
import type { EventRecorder } from '../events/bus.ts';
import { recordKitStep } from '../orders/lifecycle-repository.ts';
import { insertHold } from './holds-repository.ts';
import type { KitRow, OrderRow } from './repository.ts';

/**
 * Holds a kit's results for a clinician when one of their values is critical or alert (core's
 * `classifyResults`), in the posting's transaction: the hold, the order's timeline, the audit log
 * and `results.held`. The order's results are then not ready (`completeOrderResults` waits for the
 * release), so the customer is neither shown the values nor e-mailed. Answers whether it held them.
 */
export async function holdForOutreach(
  tx: Executor,
  events: EventRecorder,
  order: OrderRow,
  kit: KitRow,
  results: readonly BiomarkerResult[],
  actor: { id: string | null; role: string },
): Promise<boolean> {
  const { level } = classifyResults(results);
  if (!level) return false;
  const hold = await insertHold(tx, { orderId: order.id, kitSlug: kit.kitSlug, level, heldAt: new Date() });
  if (!hold) return false;
  await recordKitStep(
    tx,
    order,
    'results_held',
    actor.id ?? actor.role,
    `${kit.title}: results held until a clinician has spoken with the person`,
  );
  await recordAudit(tx, {
    actor,
    action: 'results.hold',
    subjectType: 'results',
    subjectId: order.id,
    // the level decides the clock; which values, and how far out, stay sealed
    detail: { holdId: hold.id, kitSlug: kit.kitSlug, level },
  });
  await events.record(tx, 'results.held', { orderId: order.id, holdId: hold.id, kitSlug: kit.kitSlug });
  return true;
}
