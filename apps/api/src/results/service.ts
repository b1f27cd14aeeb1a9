import {
  biomarkersOrdered,
  compareWithOrdered,
  kits,
  orderIncludesProgram,
  resultListSchema,
  resultsRefusal,
  type KitSlug,
  type ResultEntry,
} from '@shop/core';
import type { Database, Executor } from '@shop/db';
import { recordAudit } from '../audit/log.ts';
import { AppError, conflict, notFound } from '../errors.ts';
import type { EventRecorder } from '../events/bus.ts';
import { recordKitStep } from '../orders/lifecycle-repository.ts';
import { moveOrder } from '../orders/moves.ts';
import { orderItemsOf } from '../orders/lifecycle-repository.ts';
import type { ResultsCipher } from './crypto.ts';
import {
  countKitsWithoutResults,
  insertLabResult,
  lockKit,
  lockOrder,
  markKitResultsReady,
  rememberNonce,
  type OrderRow,
} from './repository.ts';
import { holdForOutreach } from './holds.ts';
import { hasOpenHold } from './holds-repository.ts';
import { sealResults } from './sealing.ts';
import { validationFailed } from '../validation.ts';

export interface ResultsDeps {
  db: Database;
  /** records the kit's results and the order's being ready for their consumers (the program charge, the e-mail) */
  events: EventRecorder;
  cipher: ResultsCipher;
  publicUrl: string;
}

export interface ResultsEntry {
  orderId: string;
  kitSlug: KitSlug;
  /** the results as sent: held against the order before their values are read */
  results: readonly ResultEntry[];
  source: 'console' | 'partner_lab';
  actor: { id: string | null; role: string };
  /** a signed lab request's nonce: accepted once, in the same transaction as the results */
  nonce?: string;
  ip?: string | null;
}

/** Orders that take no results whatever their kits say. */
const closedOrders = new Set(['cancelled', 'refunded']);

export const resultsPagePath = (orderId: string) => `/account/orders/${orderId}/results`;

/**
 * Stores one kit's results, sealed, and moves what follows from them, all in one transaction:
 * the kit becomes results_ready (`kit.results_entered`); when it was the order's last kit, the
 * order moves on (to program_billing when a program follows) and `order.results_ready` is
 * recorded for what follows (the program's charge, the customer's e-mail), unless a critical or
 * alert value holds them for a clinician (results/holds.ts). A second posting for the kit is refused and moves nothing.
 * The results must be those the order bought for the kit, all of them, each in a unit its
 * biomarker takes (422 otherwise, naming the biomarkers); only then are their values read.
 */
export async function enterResults(deps: ResultsDeps, entry: ResultsEntry) {
  const kit = kits.find((candidate) => candidate.slug === entry.kitSlug);
  return deps.db.transaction(async (tx) => {
    if (entry.nonce !== undefined && !(await rememberNonce(tx, entry.nonce))) {
      throw conflict('REPLAYED_REQUEST', 'This signed request was received before; sign a new one to send results.');
    }
    const order = await lockOrder(tx, entry.orderId);
    if (!order) throw notFound('ORDER_NOT_FOUND', 'We could not find this order.');
    if (closedOrders.has(order.status)) throw conflict('ORDER_STATE', `This order is ${order.status}: it takes no results.`);
    const kitRow = await lockKit(tx, order.id, entry.kitSlug);
    if (!kitRow) throw notFound('KIT_NOT_FOUND', `This order has no ${kit?.name ?? entry.kitSlug}.`);
    if (kitRow.status === 'results_ready') throw alreadyEntered();
    if (kitRow.status !== 'sample_received') {
      throw conflict(
        'KIT_STATE',
        `Results are accepted once the lab has received the sample; this kit is ${kitRow.status.replaceAll('_', ' ')}.`,
      );
    }
    const results = await resultsOfOrderedKit(tx, order, entry);
    const sealed = sealResults(deps.cipher, order.id, entry.kitSlug, results);
    const stored = await insertLabResult(tx, {
      orderId: order.id,
      kitSlug: entry.kitSlug,
      source: entry.source,
      keyId: sealed.keyId,
      ciphertext: sealed.ciphertext,
      enteredBy: entry.actor.id,
    });
    if (!stored) throw alreadyEntered();
    const now = new Date();
    await markKitResultsReady(tx, kitRow.id, now);
    await recordKitStep(tx, order, 'kit_results_ready', entry.actor.id ?? entry.source, `${kitRow.title}: results ready`);
    await deps.events.record(tx, 'kit.results_entered', { orderId: order.id, kitSlug: entry.kitSlug, source: entry.source });

    // a critical or alert value holds the kit's results for a clinician (results/holds.ts)
    await holdForOutreach(tx, deps.events, order, kitRow, results, entry.actor);
    const current = await completeOrderResults(tx, deps.events, order, entry.actor.id ?? entry.source);
    await recordAudit(tx, {
      actor: entry.actor,
      action: 'results.enter',
      subjectType: 'results',
      subjectId: order.id,
      // which kit and how many values, never the values
      detail: { kitSlug: entry.kitSlug, source: entry.source, biomarkers: results.length },
      ip: entry.ip ?? null,
    });
    return {
      order: { id: current.id, number: current.number, status: current.status },
      kit: { kitSlug: entry.kitSlug, status: 'results_ready' as const, resultsAt: now.toISOString() },
    };
  });
}

/**
 * Moves the order on once every kit has its results and none is held for a clinician, and records
 * `order.results_ready` for what follows (the program's charge, the customer's e-mail): from the
 * posting of the last kit, or from the release of the last hold. The order must be locked by the caller.
 */
export async function completeOrderResults(tx: Executor, events: EventRecorder, order: OrderRow, actor: string): Promise<OrderRow> {
  if (order.status !== 'sample_received') return order;
  if ((await countKitsWithoutResults(tx, order.id)) > 0 || (await hasOpenHold(tx, order.id))) return order;
  const program = await programAfterResults(tx, order);
  const current = await moveOrder(tx, order, { type: 'results_entered', hasProgram: program !== 'none' }, actor);
  await events.record(tx, 'order.results_ready', { orderId: order.id, email: order.email, program });
  return current;
}

/**
 * The kit's results read in their biomarkers' own units, once they are found to be exactly what
 * the order bought for this kit: a biomarker it did not buy (RESULTS_NOT_ORDERED), a unit the
 * catalog does not take for one (RESULTS_WRONG_UNIT) or one left out (RESULTS_INCOMPLETE) is a
 * 422 that names them; a value that is no plausible measurement is a 400, as the schema says it.
 */
async function resultsOfOrderedKit(tx: Executor, order: OrderRow, entry: ResultsEntry) {
  const ordered = biomarkersOrdered(await orderItemsOf(tx, order.id), entry.kitSlug);
  const kitName = kits.find((candidate) => candidate.slug === entry.kitSlug)?.name ?? entry.kitSlug;
  const refusal = resultsRefusal(compareWithOrdered(ordered, entry.results), ordered, `the ${kitName} of order #${order.number}`);
  if (refusal) throw new AppError(422, refusal.code, refusal.message);
  const parsed = resultListSchema.safeParse(entry.results);
  if (!parsed.success) throw validationFailed(parsed.error.issues, ['results']);
  return parsed.data;
}

/**
 * What follows an order's results: its program, billed now (deferred) or paid already (upfront,
 * or by a gift), or none.
 */
export async function programAfterResults(
  tx: Executor,
  order: Pick<OrderRow, 'id' | 'deferredCents'>,
): Promise<'none' | 'billed' | 'prepaid'> {
  if (order.deferredCents > 0) return 'billed';
  return orderIncludesProgram(await orderItemsOf(tx, order.id)) ? 'prepaid' : 'none';
}

function alreadyEntered(): AppError {
  return conflict('RESULTS_ALREADY_ENTERED', 'Results for this kit were already entered; they cannot be entered twice.');
}
