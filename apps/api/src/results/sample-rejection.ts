import { sampleRejectionReasons, type SampleRejection } from '@shop/core';
import { eq } from 'drizzle-orm';
import { orders, type Database } from '@shop/db';
import { z } from 'zod';
import { recordAudit } from '../audit/log.ts';
import { conflict, notFound } from '../errors.ts';
import type { EventRecorder } from '../events/bus.ts';
import { rejectSample } from '../orders/kit-failures.ts';
import { isUuid } from '../orders/lifecycle.ts';
import { findKit } from '../orders/lifecycle-repository.ts';
import { lockOrder, rememberNonce } from './repository.ts';

export const sampleRejectionResultSchema = z.object({
  order: z.object({ id: z.string(), number: z.number().int(), status: z.string() }),
  kit: z.object({ kitSlug: z.string(), status: z.string() }),
  /** replacement: a new kit (or lab order) at no charge; clinician: the kit's replacement was used, a clinician's task is open */
  outcome: z.enum(['replacement', 'clinician']),
  reason: z.enum(sampleRejectionReasons),
});

/**
 * A sample the lab cannot test, from the lab's signed request or the console: in one transaction,
 * under the order's lock, with the signed request's nonce (accepted once) and the audit entry.
 */
export async function recordSampleRejection(
  deps: { db: Database; events: EventRecorder },
  input: {
    orderId: string;
    kitSlug: string;
    rejection: SampleRejection;
    actor: { id: string | null; role: string };
    nonce?: string;
    ip: string | null;
  },
) {
  if (!isUuid(input.orderId)) throw notFound('ORDER_NOT_FOUND', 'We could not find this order.');
  return deps.db.transaction(async (tx) => {
    if (input.nonce !== undefined && !(await rememberNonce(tx, input.nonce))) {
      throw conflict('REPLAYED_REQUEST', 'This signed request was received before; sign a new one to send it again.');
    }
    const order = await lockOrder(tx, input.orderId);
    if (!order) throw notFound('ORDER_NOT_FOUND', 'We could not find this order.');
    const actor = input.actor.id ?? input.actor.role;
    const { outcome, failureId } = await rejectSample(tx, deps.events, order, input.kitSlug, input.rejection, actor);
    await recordAudit(tx, {
      actor: input.actor,
      action: 'sample.reject',
      subjectType: 'order',
      subjectId: order.id,
      detail: { kitSlug: input.kitSlug, reason: input.rejection.reason, outcome, failureId },
      ip: input.ip,
    });
    const [current] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
    const kit = await findKit(tx, order.id, input.kitSlug);
    return {
      order: { id: order.id, number: order.number, status: current?.status ?? order.status },
      kit: { kitSlug: input.kitSlug, status: kit?.status ?? 'unknown' },
      outcome,
      reason: input.rejection.reason,
    };
  });
}
