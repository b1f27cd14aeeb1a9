import { z } from 'zod';
import { getProduct, isProductCode, type ProductCode } from '../catalog/products.ts';
import type { Cents } from '../money/money.ts';
import { orderIncludesProgram } from '../orders/order-kits.ts';
import type { OrderStatus } from '../orders/state-machine.ts';
import { PROGRAM_WEEKS } from './shopping-list.ts';
import type { ProgramTimeline } from './timeline.ts';

/** The specification's terms (§1), word for word. */
export const PROGRAM_GUARANTEE_TERMS = 'tests free if no health optimization is found within 3 tests';

/** How many tests the guarantee counts: the starter test and the program's 2 retests. */
export const GUARANTEE_TESTS = 3;

/** How the money goes back: to the card the order was paid with, or as store credit. */
export const guaranteeMethods = ['refund', 'store_credit'] as const;
export type GuaranteeMethod = (typeof guaranteeMethods)[number];

export const guaranteeMethodLabels: Record<GuaranteeMethod, string> = {
  refund: 'Refund to the card',
  store_credit: 'Store credit',
};

export const guaranteeMessages = {
  reason: 'Please say why the guarantee applies: which tests found no health optimization.',
  reasonTooLong: 'Please keep the reason under 500 characters.',
  method: 'Please choose a refund to the card or store credit.',
  notAProgram: 'This order has no Improvement Program: the guarantee covers the tests of a program.',
  notRun: 'The guarantee applies once the program has run: from its week 8, or when the order is completed.',
  nothingPaid: 'Nothing was paid for the tests of this order (a gift, or a $0 order): there is nothing to give back.',
  alreadyApplied: 'The guarantee was already applied to this order. It is applied once.',
} as const;

/** The console's form: a reason is required, and the way the money goes back. */
export const guaranteeApplicationSchema = z.object({
  reason: z.string({ error: guaranteeMessages.reason }).trim().min(1, guaranteeMessages.reason).max(500, guaranteeMessages.reasonTooLong),
  method: z.enum(guaranteeMethods, { error: guaranteeMessages.method }),
});
export type GuaranteeApplication = z.infer<typeof guaranteeApplicationSchema>;

/**
 * The products whose price pays for a test, and the test each one stands for. The fast-track
 * expands the starter test with a second test, so it is part of it; a line sold with the program
 * (paid upfront) pays for its test in the share of its price the test has in the catalog. The
 * program itself (its plan, coaching and the retests it includes at $0) is not a test.
 */
const testOfLine: Partial<Record<ProductCode, ProductCode>> = {
  'base-quiz': 'base-quiz',
  'fast-track': 'fast-track',
  'base-complete': 'base-complete',
  'base-improvement-plan-pay-upfront': 'base-quiz',
  'base-complete-improvement-plan-pay-upfront': 'base-complete',
};

export interface GuaranteeLine {
  productCode: string;
  unitPriceCents: Cents;
  quantity: number;
  /** now | on_results | recurring: only what is charged now carries the order's discount */
  charge: string;
}

/** The part of a line's price that paid for tests. */
export function testCentsOfLine(line: GuaranteeLine): Cents {
  if (!isProductCode(line.productCode)) return 0;
  const test = testOfLine[line.productCode];
  if (!test) return 0;
  const lineCents = line.unitPriceCents * line.quantity;
  const listed = getProduct(line.productCode).priceCents;
  if (test === line.productCode || listed === 0) return lineCents;
  return Math.round((lineCents * getProduct(test).priceCents) / listed);
}

/**
 * What the member paid for the tests of an order: the tests' lines, less their share of the
 * order's discount (which applies to what is charged at checkout, in proportion to each line).
 * Store credit spent on the order counts as paid: it was the member's money.
 */
export function guaranteeAmount(order: { items: readonly GuaranteeLine[]; subtotalCents: Cents; discountCents: Cents }): Cents {
  const tests = order.items.filter((line) => line.charge === 'now').reduce((sum, line) => sum + testCentsOfLine(line), 0);
  if (tests <= 0) return 0;
  const discount = order.subtotalCents > 0 ? Math.round((order.discountCents * tests) / order.subtotalCents) : 0;
  return Math.max(0, tests - Math.min(discount, tests));
}

const runningStatuses: ReadonlySet<OrderStatus> = new Set(['program_active', 'retests']);

/**
 * Whether a program order's program has run: it is completed, or it runs and has reached its
 * last week (its second retest's week) or gone past its two months.
 */
export function programHasRun(status: OrderStatus, timeline: Pick<ProgramTimeline, 'phase' | 'week'> | null): boolean {
  if (status === 'completed') return true;
  if (!runningStatuses.has(status) || !timeline) return false;
  return timeline.phase !== 'program' || (timeline.week ?? 0) >= PROGRAM_WEEKS;
}

export type GuaranteeRefusal = 'NOT_A_PROGRAM' | 'PROGRAM_NOT_RUN' | 'NOTHING_PAID' | 'GUARANTEE_ALREADY_APPLIED';

export type GuaranteeVerdict =
  { eligible: true; amountCents: Cents } | { eligible: false; code: GuaranteeRefusal; message: string; amountCents: Cents };

export interface GuaranteeInput {
  status: OrderStatus;
  items: readonly GuaranteeLine[];
  subtotalCents: Cents;
  discountCents: Cents;
  /** the program's calendar today, or null when it never became active */
  timeline: Pick<ProgramTimeline, 'phase' | 'week'> | null;
  /** whether the guarantee was applied to this order already */
  applied: boolean;
}

/**
 * Whether the guarantee may be applied to an order now, and for how much. Whether a health
 * optimization was found is the team's judgement, written as the reason: core never reads results.
 */
export function guaranteeVerdict(input: GuaranteeInput): GuaranteeVerdict {
  const amountCents = guaranteeAmount(input);
  const refuse = (code: GuaranteeRefusal, message: string): GuaranteeVerdict => ({ eligible: false, code, message, amountCents });
  if (input.applied) return refuse('GUARANTEE_ALREADY_APPLIED', guaranteeMessages.alreadyApplied);
  if (!orderIncludesProgram(input.items)) return refuse('NOT_A_PROGRAM', guaranteeMessages.notAProgram);
  if (!programHasRun(input.status, input.timeline)) return refuse('PROGRAM_NOT_RUN', guaranteeMessages.notRun);
  if (amountCents <= 0) return refuse('NOTHING_PAID', guaranteeMessages.nothingPaid);
  return { eligible: true, amountCents };
}

/**
 * The 3rd test offered when the program ends: the order's starter test again (the same test, as
 * a test bought beside the rest), or the Complete bundle again for a program built on it.
 */
export function thirdTestOf(
  items: ReadonlyArray<{ productCode: string; testId: number | null }>,
): { productCode: 'base-quiz'; testId: number } | { productCode: 'base-complete'; testId: null } | null {
  const starter = items.find(
    (line) => (line.productCode === 'base-quiz' || line.productCode === 'base-improvement-plan-pay-upfront') && line.testId !== null,
  );
  if (starter) return { productCode: 'base-quiz', testId: starter.testId! };
  if (items.some((line) => line.productCode === 'base-complete' || line.productCode === 'base-complete-improvement-plan-pay-upfront'))
    return { productCode: 'base-complete', testId: null };
  return null;
}
