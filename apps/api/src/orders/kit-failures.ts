import { afterRejection, kitTransition, sampleRejectionLabels, type KitEvent, type KitStatus, type SampleRejection } from '@shop/core';
import type { Executor } from '@shop/db';
import { conflict, notFound } from '../errors.ts';
import type { EventRecorder } from '../events/bus.ts';
import { insertKitFailure, lockKitOf, restartKit, setKitStatus } from './kit-failures-repository.ts';
import { newKitCode } from './lifecycle.ts';
import { recordKitStep, type KitRow, type OrderRow } from './lifecycle-repository.ts';
import { moveOrder } from './moves.ts';
import { findCollectionChoice } from './repository.ts';

/** Orders whose kits take no more failures: nothing more is collected for them. */
const closedOrders = new Set(['cancelled', 'refunded']);

async function methodOf(tx: Executor, order: OrderRow): Promise<'home' | 'lab'> {
  return ((await findCollectionChoice(tx, order.id))?.method ?? 'home') as 'home' | 'lab';
}

function allowed(kit: KitRow, event: KitEvent): KitStatus {
  const result = kitTransition(kit.status as KitStatus, event);
  if (!result.ok) throw conflict('KIT_STATE', result.reason);
  return result.status;
}

/**
 * The lab cannot test a kit's sample (the lab's signed request, or an operator in the console).
 * Runs under the order's lock, which the caller holds: the kit is read again under it, so of two
 * rejections at once the second finds the kit already started again and is a 409. A kit with its
 * free replacement left starts again (`kit.replaced`: the member's e-mail, the kit shipped as any
 * kit); a kit without one waits for a clinician, whose task is the failure recorded here.
 */
export async function rejectSample(
  tx: Executor,
  events: EventRecorder,
  order: OrderRow,
  kitSlug: string,
  rejection: SampleRejection,
  actor: string,
) {
  if (closedOrders.has(order.status)) throw conflict('ORDER_STATE', `This order is ${order.status}: it takes no samples.`);
  const kit = await lockKitOf(tx, order.id, kitSlug);
  if (!kit) throw notFound('KIT_NOT_FOUND', 'This order has no such kit.');
  const outcome = afterRejection(kit.replacements);
  const method = await methodOf(tx, order);
  const next = allowed(kit, { type: 'reject_sample', retake: outcome === 'replacement' ? method : null });
  const failure = await insertKitFailure(tx, {
    orderId: order.id,
    kitId: kit.id,
    kitSlug,
    kind: 'rejected',
    cause: rejection.reason,
    note: rejection.note ?? null,
    outcome,
    actor,
  });
  const words = `${kit.title}: the lab could not test the sample (${sampleRejectionLabels[rejection.reason]})`;
  if (outcome === 'replacement') {
    await recordKitStep(tx, order, 'kit_sample_rejected', actor, words);
    await replaceKit(tx, events, order, kit, { status: next, cause: rejection.reason, method, actor });
  } else {
    const moved = await setKitStatus(tx, kit, next, rejection.reason);
    if (!moved) throw conflict('KIT_STATE', 'This kit was just changed by someone else. Please reload the order.');
    await recordKitStep(tx, order, 'kit_sample_rejected', actor, `${words}; a clinician will contact you`);
  }
  await events.record(tx, 'kit.sample_rejected', {
    orderId: order.id,
    number: order.number,
    email: order.email,
    kitSlug,
    kitTitle: kit.title,
    reason: rejection.reason,
    outcome,
    failureId: failure.id,
    actor,
  });
  return { outcome, failureId: failure.id };
}

/**
 * Starts a kit again at no charge and moves the order back to collecting it (a home kit is
 * prepared, then shipped through the console as any kit; a lab order is sent again), with the
 * step in the order's timeline in the member's words.
 */
export async function replaceKit(
  tx: Executor,
  events: EventRecorder,
  order: OrderRow,
  kit: KitRow,
  step: { status: KitStatus; cause: string; method: 'home' | 'lab'; actor: string },
) {
  const restarted = await restartKit(tx, kit, { status: step.status, code: newKitCode(), cause: step.cause });
  if (!restarted) throw conflict('KIT_STATE', 'This kit was just changed by someone else. Please reload the order.');
  const news = step.method === 'home' ? 'a new kit is on its way at no charge' : 'a new lab order was sent at no charge';
  // the step that says why is the caller's (the rejection, the lost kit); this one says what comes
  await moveOrder(tx, order, { type: 'kit_replaced', method: step.method }, step.actor, `${kit.title}: ${news}`);
  await events.record(tx, 'kit.replaced', {
    orderId: order.id,
    number: order.number,
    email: order.email,
    kitSlug: kit.kitSlug,
    kitTitle: kit.title,
    cause: step.cause,
    method: step.method,
    actor: step.actor,
  });
  return restarted;
}

/**
 * A lost kit is replaced by the rule (`by` 'rule'), or a kit's task by a clinician ('clinician'):
 * the kit is read under the caller's order lock.
 */
export async function replaceLostKit(
  tx: Executor,
  events: EventRecorder,
  order: OrderRow,
  kit: KitRow,
  cause: string,
  actor: string,
  by: 'rule' | 'clinician' = 'rule',
) {
  const method = await methodOf(tx, order);
  const status = allowed(kit, { type: 'replace', method });
  if (by === 'rule') await recordKitStep(tx, order, 'kit_lost', actor, `${kit.title}: ${causeWords(cause)}`);
  else await recordKitStep(tx, order, 'kit_task_resolved', actor, `${kit.title}: a clinician sent another kit`);
  return replaceKit(tx, events, order, kit, { status, cause, method, actor });
}

/**
 * A kit ends without a sample and the order's money goes back: the kit is expired under the
 * order's lock (a sample arriving after this is refused, and one that arrived first keeps the kit
 * from expiring), and `kit.expired` queues the refund, made once through the refund code.
 */
export async function expireKit(tx: Executor, events: EventRecorder, order: OrderRow, kit: KitRow, cause: string, actor: string) {
  const status = allowed(kit, { type: 'expire' });
  const moved = await setKitStatus(tx, kit, status, cause);
  if (!moved) throw conflict('KIT_STATE', 'This kit was just changed by someone else. Please reload the order.');
  await recordKitStep(tx, order, 'kit_expired', actor, `${kit.title}: ${causeWords(cause)}; the order is refunded in full`);
  await events.record(tx, 'kit.expired', { orderId: order.id, kitSlug: kit.kitSlug, cause, actor });
  return moved;
}

const lostCauseWords: Record<string, string> = {
  not_delivered: 'the kit never arrived',
  no_sample: 'no sample reached the lab',
  sample_not_received: 'the sample sent never reached the lab',
};

function causeWords(cause: string): string {
  return (
    lostCauseWords[cause] ?? `the lab could not test the sample (${sampleRejectionLabels[cause as SampleRejection['reason']] ?? cause})`
  );
}
