import { paidOrderStatuses, type OrderStatus } from '../orders/state-machine.ts';

const paidStates: ReadonlySet<OrderStatus> = new Set(paidOrderStatuses);

/** The states of an order whose program, billed when results arrive, has been paid. */
const programPaidStates: ReadonlySet<OrderStatus> = new Set<OrderStatus>(['program_active', 'retests', 'completed']);

/**
 * How a product gives health coach sessions: the consultation is one session; the Improvement
 * Program includes one, from the moment it is paid (at checkout, or when results arrive).
 */
const sessionsPerUnit: Record<string, { sessions: number; paid: 'checkout' | 'program' }> = {
  'health-coach': { sessions: 1, paid: 'checkout' },
  'base-improvement-plan-pay-upfront': { sessions: 1, paid: 'checkout' },
  'base-complete-improvement-plan-pay-upfront': { sessions: 1, paid: 'checkout' },
  'improvement-program-later': { sessions: 1, paid: 'checkout' },
  'improvement-program-after-results': { sessions: 1, paid: 'checkout' },
  'base-improvement-plan': { sessions: 1, paid: 'program' },
  'base-complete-improvement-plan': { sessions: 1, paid: 'program' },
};

/** The products that can give a coach session: the lines worth reading when counting a member's credits. */
export const coachingProductCodes: readonly string[] = Object.keys(sessionsPerUnit);

/** How many health coach sessions an order line gives its buyer now (0 before it is paid or once it is given back). */
export function coachingSessionsOf(line: { productCode: string; quantity: number }, orderStatus: string): number {
  const rule = Object.hasOwn(sessionsPerUnit, line.productCode) ? sessionsPerUnit[line.productCode] : undefined;
  if (!rule) return 0;
  const states = rule.paid === 'checkout' ? paidStates : programPaidStates;
  return states.has(orderStatus as OrderStatus) ? rule.sessions * line.quantity : 0;
}
