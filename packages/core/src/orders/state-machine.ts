/**
 * The order lifecycle (DESIGN.md §3) as one pure function: (state, event) -> next state, or a
 * refusal that says why. Every caller that moves an order goes through `transition`, and the
 * caller records the step in the order's timeline.
 */
export const orderStatuses = [
  'pending_payment',
  'paid',
  'collection_pending',
  'profile_pending',
  'approval_pending',
  'kit_preparing',
  'kit_shipped',
  'lab_order_sent',
  'sample_received',
  'results_ready',
  'program_billing',
  'program_active',
  'retests',
  'completed',
  'cancelled',
  'refunded',
] as const;
export type OrderStatus = (typeof orderStatuses)[number];

const unpaidStatuses: ReadonlySet<OrderStatus> = new Set<OrderStatus>(['pending_payment', 'cancelled', 'refunded']);
/** The states in which what was paid at checkout is the customer's: not before payment, not once cancelled or refunded. */
export const paidOrderStatuses: readonly OrderStatus[] = orderStatuses.filter((status) => !unpaidStatuses.has(status));

export type OrderEvent =
  | { type: 'payment_succeeded' }
  | { type: 'payment_failed' }
  | { type: 'collection_requested' }
  /** `profileOnFile`: the account's medical profile is filled, so the order goes straight to clinician approval */
  | { type: 'collection_chosen'; method: 'home' | 'lab'; profileOnFile: boolean }
  | { type: 'profile_completed' }
  | { type: 'clinician_approved'; method: 'home' | 'lab' }
  | { type: 'clinician_declined' }
  | { type: 'kit_shipped' }
  | { type: 'lab_order_sent' }
  | { type: 'sample_received' }
  | { type: 'results_entered'; hasProgram: boolean }
  | { type: 'program_charged' }
  /** a starter test's results are in and the member buys the program after them (programs/after-results.ts) */
  | { type: 'program_added' }
  | { type: 'retests_started' }
  | { type: 'program_completed' }
  | { type: 'cancel' }
  /** the member cancels before anything was shipped or sent to a lab; the refund follows (`refund` from cancelled) */
  | { type: 'member_cancel' }
  | { type: 'refund' }
  /** a kit's sample failed or the kit was lost, and a replacement is collected by the order's method */
  | { type: 'kit_replaced'; method: 'home' | 'lab' }
  /** a kit was lost (or failed twice) and the order's money goes back by core's lost-kit rules */
  | { type: 'kit_refunded' };

export type TransitionResult = { ok: true; status: OrderStatus } | { ok: false; reason: string };

/** Before anything was sent to the customer or a lab, an order can still be cancelled. */
const cancellable: ReadonlySet<OrderStatus> = new Set([
  'pending_payment',
  'paid',
  'collection_pending',
  'profile_pending',
  'approval_pending',
]);

/** Money was taken and can be given back. */
const refundable: ReadonlySet<OrderStatus> = new Set([
  'paid',
  'collection_pending',
  'profile_pending',
  'approval_pending',
  'kit_preparing',
  'cancelled',
]);

/** A home kit is out (or being prepared again): a replacement or a lost kit's refund may follow. */
const kitOut: ReadonlySet<OrderStatus> = new Set(['kit_preparing', 'kit_shipped', 'sample_received']);

export function transition(status: OrderStatus, event: OrderEvent): TransitionResult {
  const next = nextStatus(status, event);
  if (next) return { ok: true, status: next };
  return { ok: false, reason: `An order that is ${status.replaceAll('_', ' ')} cannot take "${event.type.replaceAll('_', ' ')}"` };
}

function nextStatus(status: OrderStatus, event: OrderEvent): OrderStatus | undefined {
  switch (event.type) {
    case 'payment_succeeded':
      return status === 'pending_payment' ? 'paid' : undefined;
    case 'payment_failed':
      return status === 'pending_payment' ? 'pending_payment' : undefined;
    case 'collection_requested':
      return status === 'paid' ? 'collection_pending' : undefined;
    case 'collection_chosen':
      if (status !== 'paid' && status !== 'collection_pending') return undefined;
      return event.profileOnFile ? 'approval_pending' : 'profile_pending';
    case 'profile_completed':
      return status === 'profile_pending' ? 'approval_pending' : undefined;
    case 'clinician_approved':
      if (status !== 'approval_pending') return undefined;
      return event.method === 'home' ? 'kit_preparing' : 'lab_order_sent';
    case 'clinician_declined':
      return status === 'approval_pending' ? 'refunded' : undefined;
    case 'kit_shipped':
      return status === 'kit_preparing' ? 'kit_shipped' : undefined;
    case 'lab_order_sent':
      return status === 'approval_pending' ? 'lab_order_sent' : undefined;
    case 'sample_received':
      return status === 'kit_shipped' || status === 'lab_order_sent' ? 'sample_received' : undefined;
    case 'results_entered':
      if (status !== 'sample_received') return undefined;
      return event.hasProgram ? 'program_billing' : 'results_ready';
    case 'program_charged':
      return status === 'program_billing' ? 'program_active' : undefined;
    case 'program_added':
      return status === 'results_ready' ? 'program_active' : undefined;
    case 'retests_started':
      return status === 'program_active' ? 'retests' : undefined;
    case 'program_completed':
      return status === 'retests' || status === 'results_ready' ? 'completed' : undefined;
    case 'cancel':
      return cancellable.has(status) ? 'cancelled' : undefined;
    case 'member_cancel':
      return cancellable.has(status) || status === 'kit_preparing' ? 'cancelled' : undefined;
    case 'refund':
      return refundable.has(status) ? 'refunded' : undefined;
    case 'kit_replaced':
      if (event.method === 'lab') return status === 'lab_order_sent' || status === 'sample_received' ? 'lab_order_sent' : undefined;
      return kitOut.has(status) ? 'kit_preparing' : undefined;
    case 'kit_refunded':
      return kitOut.has(status) || status === 'lab_order_sent' ? 'refunded' : undefined;
  }
}

/** Words a customer reads on their order page. */
export const orderStatusLabels: Record<OrderStatus, string> = {
  pending_payment: 'Awaiting payment',
  paid: 'Paid',
  collection_pending: 'Choose home kit or lab',
  profile_pending: 'Fill in your medical profile',
  approval_pending: 'Awaiting clinician approval',
  kit_preparing: 'Preparing your kit',
  kit_shipped: 'Kit shipped',
  lab_order_sent: 'Lab order sent',
  sample_received: 'Sample received',
  results_ready: 'Results ready',
  program_billing: 'Starting your program',
  program_active: 'Program active',
  retests: 'Retests',
  completed: 'Completed',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};
