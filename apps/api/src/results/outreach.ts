import {
  classifyResults,
  evaluateResult,
  kits,
  outcomesOfChannel,
  outreachChannelLabels,
  outreachClock,
  outreachOutcomeLabels,
  releaseRule,
  type OutreachChannel,
  type OutreachLevel,
  type OutreachOutcome,
} from '@shop/core';
import type { Database, Executor } from '@shop/db';
import { recordAudit } from '../audit/log.ts';
import { AppError, conflict, notFound } from '../errors.ts';
import type { EventRecorder } from '../events/bus.ts';
import { recordKitStep } from '../orders/lifecycle-repository.ts';
import { usTextNumber } from '../texts/port.ts';
import { isRowId } from '../validation.ts';
import type { ResultsCipher } from './crypto.ts';
import {
  contactOfOrder,
  findHold,
  insertAttempt,
  listAttempts,
  listOpenHolds,
  lockHold,
  releaseHoldRow,
  type AttemptRow,
  type HoldRow,
} from './holds-repository.ts';
import { listLabResults, lockOrder, type OrderRow } from './repository.ts';
import { openResults } from './sealing.ts';
import { completeOrderResults } from './service.ts';

export interface HoldDeps {
  db: Database;
  events: EventRecorder;
  cipher: ResultsCipher;
}

interface Clinician {
  id: string;
  role: string;
}

const kitName = (slug: string) => kits.find((kit) => kit.slug === slug)?.name ?? slug;
/** A hold's note opens only on its own hold's row. */
export const holdNoteContext = (holdId: string) => `result-hold-note:${holdId}`;

/** The hold, locked after its order (the order first, as a posting takes them), or a 404. */
async function lockOrderAndHold(tx: Executor, holdId: string): Promise<{ order: OrderRow; hold: HoldRow }> {
  const seen = isRowId(holdId) ? await findHold(tx, holdId) : undefined;
  const order = seen ? await lockOrder(tx, seen.orderId) : undefined;
  const hold = order ? await lockHold(tx, holdId) : undefined;
  if (!order || !hold) throw notFound('HOLD_NOT_FOUND', 'We could not find these held results.');
  return { order, hold };
}

export interface AttemptInput {
  holdId: string;
  channel: OutreachChannel;
  outcome: OutreachOutcome;
  /** for a text: the number to send it to, when it is not the one given with the order */
  phone?: string | undefined;
  clinician: Clinician;
  ip: string | null;
}

/**
 * Records one attempt to reach the person, on the order's timeline and in the audit log, and
 * `results.outreach_attempted`: a text's consumer sends the request to call back (texts/). An
 * attempt on released results is a 409; an outcome its channel cannot have, or a text without a
 * US number to send it to, a 422.
 */
export async function recordOutreachAttempt(deps: HoldDeps, input: AttemptInput) {
  if (!outcomesOfChannel[input.channel].includes(input.outcome)) {
    throw new AppError(
      422,
      'OUTCOME_OF_CHANNEL',
      `A ${input.channel} can have the outcome ${outcomesOfChannel[input.channel].join(' or ')}, not ${input.outcome}.`,
    );
  }
  return deps.db.transaction(async (tx) => {
    const { order, hold } = await lockOrderAndHold(tx, input.holdId);
    if (hold.status !== 'open') throw conflict('HOLD_RELEASED', 'These results were released already; no more attempts are recorded.');
    let toNumber: string | null = null;
    if (input.channel === 'text') {
      const typed = input.phone?.trim() || (await contactOfOrder(tx, order.id))?.phone;
      toNumber = usTextNumber(typed) ?? null;
      if (!toNumber) {
        throw new AppError(
          422,
          'NO_TEXT_NUMBER',
          typed ? `"${typed}" is not a US phone number a text can go to.` : 'The order has no phone number: enter the number to text.',
        );
      }
    }
    const attempt = await insertAttempt(tx, {
      holdId: hold.id,
      channel: input.channel,
      outcome: input.outcome,
      toNumber,
      clinicianId: input.clinician.id,
    });
    await recordKitStep(
      tx,
      order,
      'results_outreach',
      input.clinician.id,
      `${kitName(hold.kitSlug)}: ${outreachChannelLabels[input.channel].toLowerCase()}, ${outreachOutcomeLabels[input.outcome].toLowerCase()}`,
    );
    await recordAudit(tx, {
      actor: input.clinician,
      action: 'results.outreach',
      subjectType: 'results',
      subjectId: order.id,
      detail: { holdId: hold.id, attemptId: attempt.id, channel: input.channel, outcome: input.outcome },
      ip: input.ip,
    });
    await deps.events.record(tx, 'results.outreach_attempted', {
      orderId: order.id,
      holdId: hold.id,
      attemptId: attempt.id,
      channel: input.channel,
    });
    return attemptView(attempt);
  });
}

export interface ReleaseInput {
  holdId: string;
  note: string;
  clinician: Clinician;
  ip: string | null;
}

/**
 * Releases held results once the rule allows it (core's `releaseRule`: the person reached, or
 * three attempts and a letter), with the clinician's note sealed. When it was the order's last
 * hold and every kit has its results, the order's results become ready (`order.results_ready`:
 * the e-mail and the program's charge follow), exactly once: a second release finds the hold
 * released under its lock and is a 409.
 */
export async function releaseHeldResults(deps: HoldDeps, input: ReleaseInput) {
  return deps.db.transaction(async (tx) => {
    const { order, hold } = await lockOrderAndHold(tx, input.holdId);
    if (hold.status !== 'open') throw conflict('HOLD_RELEASED', 'These results were released already.');
    const rule = releaseRule((await listAttempts(tx, hold.id)).map(attemptView));
    if (!rule.allowed) throw conflict('OUTREACH_INCOMPLETE', rule.message);
    const now = new Date();
    const released = await releaseHoldRow(tx, hold.id, {
      releasedBy: input.clinician.id,
      releaseReason: rule.reason,
      noteKeyId: deps.cipher.keyId,
      noteCiphertext: deps.cipher.seal(input.note, holdNoteContext(hold.id)),
      releasedAt: now,
    });
    if (!released) throw conflict('HOLD_RELEASED', 'These results were released already.');
    await recordKitStep(
      tx,
      order,
      'results_released',
      input.clinician.id,
      `${kitName(hold.kitSlug)}: results released by a clinician (${rule.reason === 'reached' ? 'the person was reached' : 'after the attempts and a letter'})`,
    );
    await recordAudit(tx, {
      actor: input.clinician,
      action: 'results.release',
      subjectType: 'results',
      subjectId: order.id,
      detail: { holdId: hold.id, reason: rule.reason },
      ip: input.ip,
    });
    await deps.events.record(tx, 'results.hold_released', { orderId: order.id, holdId: hold.id, releasedBy: input.clinician.id });
    const current = await completeOrderResults(tx, deps.events, order, input.clinician.id);
    return {
      hold: { id: hold.id, status: 'released' as const, releasedAt: now.toISOString(), reason: rule.reason },
      order: { id: current.id, number: current.number, status: current.status },
    };
  });
}

function attemptView(row: AttemptRow) {
  return {
    id: row.id,
    channel: row.channel as OutreachChannel,
    outcome: row.outcome as OutreachOutcome,
    toNumber: row.toNumber,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The clinician's queue: open holds, critical first, then the oldest, each with its clock. */
export async function heldResultsQueue(db: Executor, now = new Date()) {
  const rows = await listOpenHolds(db);
  const urgency = (level: string) => (level === 'critical' ? 0 : 1);
  return rows
    .map((row) => {
      const level = row.hold.level as OutreachLevel;
      const clock = outreachClock(level, row.hold.heldAt, now, row.attempts);
      return {
        id: row.hold.id,
        orderId: row.hold.orderId,
        orderNumber: row.orderNumber,
        name: row.name,
        email: row.email,
        kit: kitName(row.hold.kitSlug),
        level,
        heldAt: row.hold.heldAt.toISOString(),
        ageMinutes: clock.ageMinutes,
        dueAt: clock.dueAt.toISOString(),
        overdue: clock.overdue,
        attempts: row.attempts,
        lastAttemptAt: row.lastAttemptAt ? new Date(row.lastAttemptAt).toISOString() : null,
      };
    })
    .sort((a, b) => urgency(a.level) - urgency(b.level) || a.heldAt.localeCompare(b.heldAt));
}

/**
 * One hold for the clinician: the person and how to reach them, the attempts, and the values that
 * caused it. Opening the values is a read of health data: written to the audit log first.
 */
export async function heldResultsDetail(deps: HoldDeps, holdId: string, clinician: Clinician, ip: string | null, now = new Date()) {
  const hold = isRowId(holdId) ? await findHold(deps.db, holdId) : undefined;
  if (!hold) throw notFound('HOLD_NOT_FOUND', 'We could not find these held results.');
  const contact = await contactOfOrder(deps.db, hold.orderId);
  const attempts = (await listAttempts(deps.db, hold.id)).map(attemptView);
  await recordAudit(deps.db, {
    actor: clinician,
    action: 'results.read',
    subjectType: 'results',
    subjectId: hold.orderId,
    detail: { format: 'json', kits: [hold.kitSlug], holdId: hold.id },
    ip,
  });
  const sealed = (await listLabResults(deps.db, hold.orderId)).find((row) => row.kitSlug === hold.kitSlug);
  const results = sealed ? openResults(deps.cipher, sealed) : [];
  const { findings } = classifyResults(results);
  const level = hold.level as OutreachLevel;
  const clock = outreachClock(level, hold.heldAt, now, attempts.length);
  const rule = releaseRule(attempts);
  return {
    id: hold.id,
    orderId: hold.orderId,
    orderNumber: contact?.number ?? 0,
    name: contact?.name ?? null,
    email: contact?.email ?? '',
    phone: contact?.phone ?? null,
    kit: kitName(hold.kitSlug),
    level,
    status: hold.status as 'open' | 'released',
    heldAt: hold.heldAt.toISOString(),
    ageMinutes: clock.ageMinutes,
    dueAt: clock.dueAt.toISOString(),
    overdue: hold.status === 'open' && clock.overdue,
    findings: findings.map((finding) => {
      const result = results.find((candidate) => candidate.biomarker === finding.biomarker);
      const shown = result ? evaluateResult(result) : undefined;
      return {
        biomarker: finding.biomarker,
        title: shown?.title ?? finding.biomarker,
        level: finding.level,
        value: shown?.display.value ?? '',
        range: shown?.display.range ?? '',
      };
    }),
    attempts,
    release:
      hold.status === 'released'
        ? {
            at: hold.releasedAt?.toISOString() ?? null,
            reason: hold.releaseReason,
            note:
              hold.noteKeyId && hold.noteCiphertext
                ? deps.cipher.open(hold.noteKeyId, hold.noteCiphertext, holdNoteContext(hold.id))
                : null,
          }
        : null,
    releaseAllowed: rule.allowed,
    releaseMessage: rule.allowed ? null : rule.message,
  };
}
