import {
  dayOf,
  formatMoney,
  guaranteeMessages,
  guaranteeVerdict,
  programTimeline,
  type GuaranteeApplication,
  type GuaranteeVerdict,
  type OrderStatus,
} from '@shop/core';
import { and, asc, eq } from 'drizzle-orm';
import { domainEvents, orderEvents, type Executor, type OrderRow } from '@shop/db';
import { recordAudit } from '../audit/log.ts';
import { cardRefundable, recordPartRefunded, refundPartOfPayment, type CardRefundable, type RefundDeps } from '../billing/refunds.ts';
import { employerPartOfTests } from '../employer-cover/guarantee.ts';
import { conflict, forbidden } from '../errors.ts';
import { isUuid, orderMissing, type Actor } from '../orders/lifecycle.ts';
import { lockOrder, orderItemsOf, recordKitStep } from '../orders/lifecycle-repository.ts';
import { mayDo } from '../orders/permissions.ts';
import { findOrder } from '../orders/repository.ts';
import { issueGuaranteeCredit } from '../store-credit/service.ts';
import { programActivatedAt } from './plan-repository.ts';

/** The order timeline's step that claims the guarantee for a refund to the card, before the gateway is asked. */
const REFUND_STARTED = 'guarantee_refund_started';
const APPLIED = 'guarantee_applied';

export interface AppliedGuarantee {
  method: 'refund' | 'store_credit';
  /** what went back to the member */
  amountCents: number;
  /** what went back to the employer that covered the order */
  employerCents: number;
  at: Date;
}

export type GuaranteeState = GuaranteeVerdict & {
  /** the part of `amountCents` an employer paid (a covered order): it goes back to the employer, the rest to the member */
  employerCents: number;
  applied: AppliedGuarantee | null;
  /** a refund to the card was claimed and not finished (the gateway failed): only a refund may finish it */
  refundStarted: boolean;
};

async function appliedGuarantee(db: Executor, orderId: string): Promise<AppliedGuarantee | null> {
  const [event] = await db
    .select({ payload: domainEvents.payload, at: domainEvents.occurredAt })
    .from(domainEvents)
    .where(and(eq(domainEvents.type, 'program.guarantee_applied'), eq(domainEvents.subjectId, orderId)))
    .orderBy(asc(domainEvents.occurredAt))
    .limit(1);
  if (!event) return null;
  const payload = event.payload as { method: AppliedGuarantee['method']; amountCents: number; employerCents?: number };
  return { method: payload.method, amountCents: payload.amountCents, employerCents: payload.employerCents ?? 0, at: event.at };
}

async function refundStarted(db: Executor, orderId: string): Promise<boolean> {
  const [step] = await db
    .select({ id: orderEvents.id })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.event, REFUND_STARTED)))
    .limit(1);
  return Boolean(step);
}

/**
 * Where an order stands with the guarantee today: core's verdict from its lines, its status and
 * its program's calendar (from the order's `program_active` step), and whether it was applied.
 */
export async function guaranteeOf(db: Executor, order: OrderRow, now = new Date()): Promise<GuaranteeState> {
  // one after another: inside a transaction the queries share one connection
  const items = await orderItemsOf(db, order.id);
  const activatedAt = await programActivatedAt(db, order.id);
  const applied = await appliedGuarantee(db, order.id);
  const started = await refundStarted(db, order.id);
  const status = order.status as OrderStatus;
  // a program moved to active before its timeline recorded the step starts on the order's last change
  const startedAt = activatedAt ?? (status === 'program_active' || status === 'retests' ? order.updatedAt : null);
  const timeline = startedAt ? programTimeline(dayOf(startedAt), dayOf(now)) : null;
  const verdict = guaranteeVerdict({
    status,
    items,
    subtotalCents: order.subtotalCents,
    discountCents: order.discountCents,
    timeline,
    applied: applied !== null,
  });
  const employerCents = await employerPartOfTests(db, order.id, verdict.amountCents);
  return { ...verdict, employerCents, applied, refundStarted: started && !applied };
}

function refuseUnlessOpen(state: GuaranteeState, method: GuaranteeApplication['method']): void {
  if (!state.eligible) throw conflict(state.code, state.message);
  if (state.refundStarted && method !== 'refund')
    throw conflict(
      'GUARANTEE_REFUND_UNDER_WAY',
      'A refund to the card was started for this guarantee and did not finish. Apply it again as a refund to the card to finish it.',
    );
}

/** What goes back to the member: what they paid for the tests, not what their employer paid (decision 0052). */
const memberPart = (state: GuaranteeState) => state.amountCents - state.employerCents;

/**
 * An operator applies the Improvement Program's guarantee: what the member paid for the tests
 * goes back to their card (through billing's refund) or becomes store credit, once per order. What
 * an employer paid for them (a covered order) goes back to the employer, never to the member: the
 * event carries it, and the employer's cover gives it back (its bank, or a credit on its invoice).
 *
 * Store credit is one transaction under the order's lock. A refund claims the guarantee first,
 * under the lock (a timeline step), then asks the gateway outside any transaction with one key
 * per order, then records it under the lock again. So two operators racing, with either choice,
 * give the money back once: the second finds the claim or the applied guarantee and is refused,
 * and a second refund request gets the gateway's first refund back. With nothing of the member's
 * to give back (an order the employer covered whole), no card is asked and no credit made.
 */
export async function applyGuarantee(deps: RefundDeps, orderId: string, actor: Actor, input: GuaranteeApplication, now = new Date()) {
  if (!mayDo(actor.user.role, 'apply_guarantee')) throw forbidden('Your role may not apply the guarantee.');
  if (!isUuid(orderId)) throw orderMissing();
  const found = await findOrder(deps.db, orderId);
  if (!found) throw orderMissing();
  const first = await guaranteeOf(deps.db, found, now);
  refuseUnlessOpen(first, input.method);
  const toCard = input.method === 'refund' && memberPart(first) > 0;

  let card: CardRefundable | null = null;
  if (toCard) {
    // the claim: from here on only a refund may finish the guarantee
    const memberCents = await deps.db.transaction(async (tx) => {
      const order = (await lockOrder(tx, orderId))!;
      const state = await guaranteeOf(tx, order, now);
      refuseUnlessOpen(state, 'refund');
      const due = memberPart(state);
      const payment = await cardRefundable(tx, order.id);
      if (!payment || payment.leftCents < due)
        throw conflict(
          'CARD_REFUND_UNAVAILABLE',
          `The card of this order has ${formatMoney(payment?.leftCents ?? 0)} left to refund, less than the ${formatMoney(due)} paid for its tests. Apply the guarantee as store credit instead.`,
        );
      if (!state.refundStarted) await recordKitStep(tx, order, REFUND_STARTED, actor.user.id, 'Guarantee: refund to the card started');
      card = payment;
      return due;
    });
    await refundPartOfPayment(deps.gateway, card!, memberCents, `guarantee:${orderId}`);
  }

  return deps.db.transaction(async (tx) => {
    const order = (await lockOrder(tx, orderId))!;
    const state = await guaranteeOf(tx, order, now);
    // the lock makes the second of two racing applications read the first one's guarantee
    refuseUnlessOpen(state, input.method);
    const { employerCents } = state;
    const memberCents = memberPart(state);
    if (memberCents > 0 && input.method === 'refund') await recordPartRefunded(tx, card!.paymentId, memberCents);
    else if (memberCents > 0 && !(await issueGuaranteeCredit(tx, { userId: order.userId, orderId: order.id, amountCents: memberCents })))
      throw conflict('GUARANTEE_ALREADY_APPLIED', guaranteeMessages.alreadyApplied);
    const how = input.method === 'refund' ? 'refunded to the card' : 'given as store credit';
    const member = memberCents > 0 ? `${formatMoney(memberCents)} ${how}` : null;
    const employer = employerCents > 0 ? `${formatMoney(employerCents)} back to the employer that paid for the tests` : null;
    // the reason may speak of results: it stays in the audit log, off the member's order timeline
    await recordKitStep(tx, order, APPLIED, actor.user.id, `Guarantee: ${[member, employer].filter(Boolean).join('; ')}`);
    await deps.events.record(tx, 'program.guarantee_applied', {
      orderId: order.id,
      number: order.number,
      userId: order.userId,
      email: order.email,
      method: input.method,
      amountCents: memberCents,
      employerCents,
      actor: actor.user.id,
    });
    await recordAudit(tx, {
      actor: { id: actor.user.id, role: actor.user.role ?? 'unknown' },
      action: 'order.apply_guarantee',
      subjectType: 'order',
      subjectId: order.id,
      detail: { reason: input.reason, method: input.method, amountCents: memberCents, employerCents },
      ip: actor.ip,
    });
    return { method: input.method, amountCents: memberCents };
  });
}
