import { collectionRefusal, dayOf, retestLines, retestsDue, type ScheduledRetest } from '@shop/core';
import type { Database } from '@shop/db';
import { createCart, markCartCheckedOut } from '../cart/repository.ts';
import type { EventRecorder } from '../events/bus.ts';
import type { JobHandler, JobLog } from '../jobs/worker.ts';
import { approve } from '../orders/lifecycle.ts';
import { copyPhysician } from '../clinicians/physician.ts';
import { lockOrder, orderItemsOf } from '../orders/lifecycle-repository.ts';
import { moveOrder } from '../orders/moves.ts';
import { findCollectionChoice, insertCollectionChoice, insertFreeOrder, type OrderRow } from '../orders/repository.ts';
import { runningProgramStatuses } from './plan-repository.ts';
import { findRetest, insertRetest, listRetestsOf, listRunningPrograms } from './retest-repository.ts';

export interface RetestDeps {
  db: Database;
  events: EventRecorder;
  log?: JobLog;
}

export type RetestOutcome = 'created' | 'exists' | 'not running' | 'nothing to retest' | 'not sold there';

const isRunning = (status: string) => (runningProgramStatuses as readonly string[]).includes(status);

/**
 * Makes one retest of a program, exactly once: the program order is locked, so a second worker
 * on the same day waits, then finds the retest made and does nothing (and the unique
 * (program order, sequence) refuses a copy whatever happens). The retest is a real order of the
 * shop at $0 for the program's member: the starter test's lines without the program, paid by
 * nothing, collected as the starter test was (the same address, or the same partner lab), with
 * the medical profile and the clinician's approval of the starter order standing for it. It
 * starts where an approved order does (its kits preparing, or its lab order sent) and goes on
 * like any: shipped from the console, registered by the member, results entered. The first
 * retest moves the program order on to its retests.
 */
export async function createRetest(deps: RetestDeps, programOrderId: string, retest: ScheduledRetest): Promise<RetestOutcome> {
  return deps.db.transaction(async (tx) => {
    const program = await lockOrder(tx, programOrderId);
    if (!program || !isRunning(program.status)) return 'not running';
    if (await findRetest(tx, program.id, retest.sequence)) return 'exists';
    const lines = retestLines(await orderItemsOf(tx, program.id), retest.sequence);
    const collection = await findCollectionChoice(tx, program.id);
    if (lines.length === 0 || !collection) {
      deps.log?.warn({ orderId: program.id, sequence: retest.sequence }, 'program retest: the order has no kit or no collection to repeat');
      return 'nothing to retest';
    }
    const method = collection.method === 'lab' ? 'lab' : 'home';
    // a kit is never sent, nor a lab booked, where the test may not be sold (docs/decisions/0060):
    // the retest is held; a later run makes it once the collection is changed
    if (collectionRefusal(collection.zipCode, method)) {
      deps.log?.warn(
        { orderId: program.id, sequence: retest.sequence },
        'program retest held: its collection is in a state that refuses it',
      );
      return 'not sold there';
    }
    const because = `Improvement Program retest ${retest.sequence} of order #${program.number}`;

    // its own cart, closed at once: the member's shopping cart is left as it is
    const cart = await createCart(tx, program.userId);
    await markCartCheckedOut(tx, cart.id);
    const placed = await insertFreeOrder(tx, {
      userId: program.userId,
      email: program.email,
      cartId: cart.id,
      lines,
      actor: 'system',
      reason: because,
      testedState: program.testedState,
    });
    let order: OrderRow = await moveOrder(
      tx,
      placed,
      { type: 'payment_succeeded' },
      'system',
      'Nothing to pay: included in the Improvement Program',
    );
    order = await moveOrder(tx, order, { type: 'collection_requested' }, 'system');
    const { createdAt: _chosenAt, ...chosen } = collection;
    await insertCollectionChoice(tx, { ...chosen, orderId: order.id });
    // the starter test's medical profile stands for its retests
    order = await moveOrder(
      tx,
      order,
      { type: 'collection_chosen', method, profileOnFile: true },
      'system',
      `Collected as the starter test, order #${program.number}, whose medical profile is on file`,
    );
    order = await approve(tx, deps.events, order, 'system', `Approved with the starter test, order #${program.number}`);
    // its physician of record is the starter test's, who approved the program's retests with it
    await copyPhysician(tx, program.id, order.id);

    if (
      !(await insertRetest(tx, { programOrderId: program.id, sequence: retest.sequence, retestOrderId: order.id, dueOn: retest.dueOn }))
    ) {
      // only reachable without the lock above; rolling back leaves no order behind
      throw new Error(`program retest ${retest.sequence} of ${program.id} exists`);
    }
    if (program.status === 'program_active') {
      await moveOrder(tx, program, { type: 'retests_started' }, 'system', `Retest ${retest.sequence}: order #${order.number}`);
    }
    await deps.events.record(tx, 'program.retest_created', {
      programOrderId: program.id,
      retestOrderId: order.id,
      retestOrderNumber: order.number,
      sequence: retest.sequence,
      week: retest.week,
      userId: program.userId,
      email: program.email,
      method,
    });
    return 'created';
  });
}

/**
 * Makes every retest whose day has come on `now` (core's `retestsDue`) for the running programs,
 * or one member's. A retest made already is not looked at again; each is made in a transaction
 * of its own, so one program's failure does not hold back the others.
 */
export async function createDueRetests(deps: RetestDeps, now: Date, only?: { userId: string }): Promise<number> {
  const today = dayOf(now);
  const programs = await listRunningPrograms(deps.db, only?.userId);
  const made = new Set(
    (
      await listRetestsOf(
        deps.db,
        programs.map((program) => program.id),
      )
    ).map((row) => `${row.programOrderId}:${row.sequence}`),
  );
  let created = 0;
  for (const program of programs) {
    for (const retest of retestsDue(program.activatedOn, today)) {
      if (made.has(`${program.id}:${retest.sequence}`)) continue;
      if ((await createRetest(deps, program.id, retest)) === 'created') created += 1;
    }
  }
  return created;
}

/** The queue's `program.retests`, queued hourly by the scheduler. */
export function programRetestsJob(deps: RetestDeps): JobHandler<'program.retests'> {
  return async (_payload, context) => {
    const created = await createDueRetests(deps, context.now);
    if (created > 0) deps.log?.info({ created }, 'program retests made');
  };
}
